import type { PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

/** A stretch of text in one style; `link` only for http(s) and mailto targets (never javascript: or data:). */
export type TextRun = { text: string; bold: boolean; italic: boolean; code: boolean; link: string | null };
export type TextBlock = {
  kind: 'heading' | 'paragraph' | 'code' | 'quote';
  level: number;
  indent: number;
  bullet: string | null;
  runs: TextRun[];
};

type Style = Omit<TextRun, 'text'>;
const PLAIN: Style = { bold: false, italic: false, code: false, link: null };

const safeLink = (url: string) => (/^(https?:|mailto:)/i.test(url) ? url : null);

/**
 * A card's detailed description as blocks of styled runs for the PDF, parsed by the same CommonMark parser
 * react-markdown uses: headings, paragraphs, bold and italic, inline code, lists (nested, numbered or not),
 * quotes, code blocks, links. Raw HTML is dropped, as react-markdown drops it on the board; an image becomes its
 * alt text.
 *
 * @example markdownBlocks('**Shop** tab').at(0)?.runs // [{text: 'Shop', bold: true, ...}, {text: ' tab', ...}]
 */
export function markdownBlocks(markdown: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const walk = (nodes: RootContent[], indent: number, quote: boolean) => {
    for (const node of nodes) {
      switch (node.type) {
        case 'heading':
          blocks.push({
            kind: 'heading',
            level: node.depth,
            indent,
            bullet: null,
            runs: inline(node.children, { ...PLAIN, bold: true }),
          });
          break;
        case 'paragraph':
          blocks.push({
            kind: quote ? 'quote' : 'paragraph',
            level: 0,
            indent,
            bullet: null,
            runs: inline(node.children, PLAIN),
          });
          break;
        case 'code':
          blocks.push({
            kind: 'code',
            level: 0,
            indent,
            bullet: null,
            runs: [{ ...PLAIN, code: true, text: node.value }],
          });
          break;
        case 'blockquote':
          walk(node.children, indent + 1, true);
          break;
        case 'list':
          node.children.forEach((item, index) => {
            const bullet = node.ordered ? `${(node.start ?? 1) + index}.` : '•';
            const before = blocks.length;
            walk(item.children, indent + 1, quote);
            if (blocks.length > before) blocks[before].bullet = bullet;
          });
          break;
        case 'table':
          for (const row of node.children) {
            blocks.push({
              kind: 'paragraph',
              level: 0,
              indent,
              bullet: null,
              runs: row.children.flatMap((cell) => [...inline(cell.children, PLAIN), { ...PLAIN, text: '  ' }]),
            });
          }
          break;
        default:
          break;
      }
    }
  };
  walk(fromMarkdown(markdown).children, 0, false);
  return blocks.map((b) => ({ ...b, runs: mergeRuns(b.runs) })).filter((b) => b.runs.some((r) => r.text.trim() !== ''));
}

function inline(nodes: PhrasingContent[], style: Style): TextRun[] {
  const runs: TextRun[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        runs.push({ ...style, text: node.value.replace(/\s*\n\s*/g, ' ') });
        break;
      case 'strong':
        runs.push(...inline(node.children, { ...style, bold: true }));
        break;
      case 'emphasis':
        runs.push(...inline(node.children, { ...style, italic: true }));
        break;
      case 'delete':
        runs.push(...inline(node.children, style));
        break;
      case 'inlineCode':
        runs.push({ ...style, code: true, text: node.value });
        break;
      case 'link':
        runs.push(...inline(node.children, { ...style, link: safeLink(node.url) }));
        break;
      case 'image':
        if (node.alt) runs.push({ ...style, text: node.alt });
        break;
      case 'break':
        runs.push({ ...style, text: '\n' });
        break;
      default:
        break;
    }
  }
  return runs;
}

/** Neighbouring runs of one style become one (fewer text calls, cleaner line breaking). */
function mergeRuns(runs: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  for (const run of runs) {
    const last = out[out.length - 1];
    if (
      last &&
      last.bold === run.bold &&
      last.italic === run.italic &&
      last.code === run.code &&
      last.link === run.link
    )
      last.text += run.text;
    else if (run.text) out.push({ ...run });
  }
  return out;
}
