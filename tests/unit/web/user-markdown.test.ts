import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UserMarkdown } from '../../../web/components/markdown/UserMarkdown';

const render = (markdown: string) => renderToStaticMarkup(createElement(UserMarkdown, null, markdown));

/** Markdown in notes and descriptions cannot make the viewer's browser send requests. */
describe('UserMarkdown', () => {
  it('renders an image naming another API route as its alt text: no <img> loads a share link or logout', () => {
    for (const src of [
      '/api/share/abcdefabcdefabcdefabcd',
      '/api/logout',
      '/api/storage/%2e%2e/logout',
      '/api/storage/../share/x',
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      'img.png',
    ]) {
      const html = render(`before ![the alt](${src}) after`);
      expect(html, src).not.toContain('<img');
      expect(html, src).toContain('the alt');
    }
  });

  it('loads images from http(s) and our storage, in canonical spelling', () => {
    expect(render('![a](https://cdn.example.com/a.png)')).toContain('<img src="https://cdn.example.com/a.png" alt="a"');
    expect(render('![b](/api/storage/catalogue/./b.webp?v=1)')).toContain(
      '<img src="/api/storage/catalogue/b.webp" alt="b"',
    );
  });

  it('opens links in a new tab with rel="noopener noreferrer", and only http(s) and mailto links', () => {
    expect(render('[site](https://example.com/x)')).toBe(
      '<p><a href="https://example.com/x" target="_blank" rel="noopener noreferrer">site</a></p>',
    );
    expect(render('[mail](mailto:a@example.com)')).toContain(
      'href="mailto:a@example.com" target="_blank" rel="noopener noreferrer"',
    );
    for (const href of ['javascript:alert(1)', '/api/logout', '/api/share/abc', 'vbscript:x']) {
      const html = render(`[click](${href})`);
      expect(html, href).not.toContain('<a');
      expect(html, href).toContain('click');
    }
    expect(render('<https://example.com/auto>')).toContain('target="_blank" rel="noopener noreferrer"');
  });

  it('writes raw HTML as nothing that runs', () => {
    const html = render('<img src="/api/logout"> <script>alert(1)</script> <a href="/api/logout">x</a>');
    expect(html).not.toMatch(/<img|<script|<a /);
  });
});
