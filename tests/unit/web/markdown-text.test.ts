import { describe, expect, it } from 'vitest';
import { cardCopyHtml, cardCopyText } from '../../../web/logic/card-text';
import { markdownToHtml, markdownToPlainText } from '../../../web/logic/markdown-text';

describe('copy text as plain text and HTML', () => {
  it('strips markdown from the descriptions, keeping the words', () => {
    expect(markdownToPlainText('A **bold** and _soft_ `code` [link](https://x.io)')).toBe('A bold and soft code link');
    expect(markdownToPlainText('# Title\n\nPara one\n\n1. first\n2. second')).toBe(
      'Title\n\nPara one\n\n1. first\n2. second',
    );
    expect(cardCopyText({ title: 'T', description: '**d**', detailedDescription: 'x\\ny' })).toBe('T\n\nd\n\nx\ny');
  });
  it('renders HTML without passing raw HTML or unsafe links through', () => {
    expect(markdownToHtml('**b** <script>x</script> [a](javascript:alert(1))')).toBe(
      '<p><strong>b</strong> &lt;script&gt;x&lt;/script&gt; a</p>',
    );
    expect(cardCopyHtml({ title: 'Pass & Co', description: '- one' })).toBe(
      '<h3>Pass &amp; Co</h3><ul><li><p>one</p></li></ul>',
    );
  });
});
