import { describe, expect, it } from 'vitest';
import { attachmentDisposition, exportFileName } from '#shared/export-file-name';
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { ExportCard, ExportContent } from '../../../api/services/export/export-content.service';
import {
  escapeInline,
  linkDestination,
  nestHeadings,
  notesAsText,
  renderBrief,
} from '../../../api/services/export/markdown-brief';
import { exportWords } from '../../../api/services/export/export-words';
import { markdownBlocks } from '../../../api/services/export/markdown-runs';
import {
  cardCells,
  groupStartPages,
  pageSize,
  planPages,
  pointsToPixels,
} from '../../../api/services/export/pdf-layout';

describe('PDF page plan', () => {
  const a4 = { paper: 'a4', orientation: 'portrait', perPage: 4 } as const;

  it('puts a cover first, then ceil(cards / perPage) pages per section, skipping empty sections', () => {
    const pages = planPages([3, 0, 5], a4);
    expect(pages.map((p) => p.kind)).toEqual(['cover', 'cards', 'cards', 'cards']);
    expect(pages.slice(1)).toEqual([
      { kind: 'cards', group: 0, first: 0, count: 3, continued: false },
      { kind: 'cards', group: 2, first: 0, count: 4, continued: false },
      { kind: 'cards', group: 2, first: 4, count: 1, continued: true },
    ]);
    expect(groupStartPages(pages, 3)).toEqual([2, null, 3]);
    expect(planPages([5], { ...a4, perPage: 2 })).toHaveLength(1 + 3);
    expect(planPages([], a4)).toEqual([{ kind: 'cover', first: 0, count: 0 }]);
  });

  it('continues a long section list over further cover pages', () => {
    const pages = planPages(new Array(120).fill(1), a4);
    const covers = pages.filter((p) => p.kind === 'cover');
    expect(covers.length).toBeGreaterThan(1);
    expect(covers.reduce((n, p) => n + p.count, 0)).toBe(120);
    expect(pages).toHaveLength(covers.length + 120);
  });

  it('sizes paper and grids: A4/Letter, portrait/landscape, 2 or 4 cells in reading order', () => {
    expect(pageSize('letter', 'landscape')).toEqual({ width: 792, height: 612 });
    const two = cardCells({ paper: 'a4', orientation: 'portrait', perPage: 2 });
    expect(two).toHaveLength(2);
    expect(two[0].x).toBe(two[1].x);
    expect(two[1].y).toBeGreaterThan(two[0].y + two[0].height);
    const side = cardCells({ paper: 'a4', orientation: 'landscape', perPage: 2 });
    expect(side[0].y).toBe(side[1].y);
    const four = cardCells(a4);
    expect(four.map((c) => [c.x > four[0].x, c.y > four[0].y])).toEqual([
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ]);
    expect(pointsToPixels(72)).toBe(150);
  });
});

describe('card markdown for the PDF', () => {
  it('turns markdown into styled runs, lists with bullets, and drops unsafe links', () => {
    const blocks = markdownBlocks(
      '# Title\n\nSome **bold** and *it* [link](https://a.example) [bad](javascript:alert(1))\n\n1. one\n2. two\n\n<script>x</script>',
    );
    expect(blocks[0]).toMatchObject({ kind: 'heading', level: 1, runs: [{ text: 'Title', bold: true }] });
    const runs = blocks[1].runs;
    expect(runs.find((r) => r.text === 'bold')).toMatchObject({ bold: true, italic: false });
    expect(runs.find((r) => r.text === 'it')).toMatchObject({ italic: true });
    expect(runs.find((r) => r.text === 'link')?.link).toBe('https://a.example');
    expect(runs.find((r) => r.text.includes('bad'))?.link).toBeNull();
    expect(blocks.slice(2, 4).map((b) => b.bullet)).toEqual(['1.', '2.']);
    expect(blocks.some((b) => b.runs.some((r) => r.text.includes('script')))).toBe(false);
  });
});

describe('Markdown brief text', () => {
  it('escapes inline markup, keeps only http(s) link targets, nests headings outside code', () => {
    expect(escapeInline('*a* [b](c) <i>')).toBe('\\*a\\* \\[b\\]\\(c\\) \\<i\\>');
    expect(linkDestination('javascript:alert(1)')).toBeNull();
    expect(linkDestination('https://x.example/a b')).toBe('<https://x.example/a%20b>');
    expect(nestHeadings('# A\n```\n# not a heading\n```\n###### deep')).toBe(
      '#### A\n```\n# not a heading\n```\n###### deep',
    );
  });

  it('gives text no structure of its own after any line-break form, and writes raw HTML in notes as text', () => {
    const breaks = ['\r', '\n', '\r\n', '\u2028', '\u0085', '\v'];
    const card: ExportCard = {
      id: 7,
      title: breaks.map((b) => `Offer${b}# Heading${b}- item`).join(''),
      description: breaks.map((b) => `Intro${b}===${b}1. one${b}> quote${b}---`).join(' '),
      detailedDescription:
        'Notes\r# Lone CR heading\r\rtext <b>bold</b>\r\r<script>window.x = 1</script>\r\r<img src=x onerror=alert(1)>\r\r`<code> stays`',
      game: 'Game\r# g',
      gameLink: '',
      genre: '',
      subgenre: '',
      tags: ['Shop\r- list'],
      images: [],
    };
    const content: ExportContent = {
      boardTitle: 'Board\r===',
      scopeTitle: null,
      groups: [{ id: 1, title: 'Section\r- x', color: null, cards: [card] }],
      cardCount: 1,
    };
    const brief = renderBrief(content, () => [], '2026-01-15', exportWords('en'));
    const tree = fromMarkdown(brief);
    const found: { type: string; depth?: number }[] = [];
    const walk = (node: Nodes) => {
      found.push({ type: node.type, ...('depth' in node ? { depth: node.depth } : {}) });
      if ('children' in node) node.children.forEach(walk);
    };
    walk(tree);
    // Only the brief's own headings (board, section, card) and the notes' heading nested under the card.
    expect(found.filter((n) => n.type === 'heading').map((n) => n.depth)).toEqual([1, 2, 3, 4]);
    expect(found.filter((n) => ['list', 'blockquote', 'thematicBreak', 'html'].includes(n.type))).toEqual([]);
    expect(brief).toContain('#### Lone CR heading');
    expect(brief).toContain('&lt;script>window.x = 1&lt;/script>');
    expect(brief).toContain('&lt;b>bold&lt;/b>');
    expect(brief).toContain('`<code> stays`');
    expect(brief).not.toMatch(/\r|\u2028|\u0085|\v/);
    expect(notesAsText('a\r\nb\rc')).toBe('a\nb\nc');
  });
});

describe('download names', () => {
  it('come from the board title, safely', () => {
    expect(exportFileName('Starter packs: Match-3', 'Shops', 'pdf')).toBe('Starter packs- Match-3 - Shops.pdf');
    expect(exportFileName('../../etc/passwd', null, 'zip')).toBe('etc-passwd.zip');
    expect(exportFileName('   ', null, 'zip')).toBe('board.zip');
    expect(attachmentDisposition('Ёлка (1).pdf')).toBe(
      `attachment; filename="_____ (1).pdf"; filename*=UTF-8''%D0%81%D0%BB%D0%BA%D0%B0%20%281%29.pdf`,
    );
  });
});
