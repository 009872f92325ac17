import { describe, expect, it } from 'vitest';
import { titleFromFileName } from '#shared/own-images';
import { cardTag, createCardBody } from '#shared/schemas/card';
import { cleanDerivedTitle, isMultiLineText, isSingleLineText, normalizeLineBreaks } from '#shared/text-rules';

describe('one title rule', () => {
  it('keeps a single-line field free of NUL, C0 / C1 controls and line separators', () => {
    expect(isSingleLineText('Starter pack «Ёлка» — 0.99 $')).toBe(true);
    for (const bad of [
      'a\u0000',
      'a\r',
      'a\n',
      'a\t',
      'a\u001b',
      'a\u007f',
      'a\u0085',
      'a\u009f',
      'a\u2028',
      'a\u2029',
    ]) {
      expect(isSingleLineText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('gives a multi-line field LF line breaks and keeps tab and LF only', () => {
    expect(normalizeLineBreaks('a\r\nb\rc\nd')).toBe('a\nb\nc\nd');
    expect(isMultiLineText('a\nb\tc')).toBe(true);
    for (const bad of ['a\u0000', 'a\r', 'a\u000b', 'a\u000c', 'a\u001b', 'a\u0085'])
      expect(isMultiLineText(bad), JSON.stringify(bad)).toBe(false);
    expect(
      createCardBody.parse({ boardId: 1, title: 'x', description: 'a\r\nb', detailedDescription: '# h\r- i' }),
    ).toMatchObject({ description: 'a\nb', detailedDescription: '# h\n- i' });
    expect(createCardBody.safeParse({ boardId: 1, title: 'x', description: 'a\u0000' }).success).toBe(false);
    expect(cardTag.safeParse('Shop\r').success).toBe(true); // trimmed away at the end
    expect(cardTag.safeParse('Sh\rop').success).toBe(false);
  });

  it('cleans titles made from file names and links into one line', () => {
    expect(cleanDerivedTitle('Offer\r\n# Heading\u0000\u0085  final\t')).toBe('Offer # Heading final');
    expect(titleFromFileName('Offer\r- list.png')).toBe('Offer - list');
    expect(titleFromFileName('\u0000\r\n.png')).toBe('Image');
  });
});
