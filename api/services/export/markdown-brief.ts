import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes } from 'mdast';
import type { ExportCard, ExportContent } from './export-content.service';
import { summaryLine, type ExportWords } from './export-words';

/** Where each card image ends up in the brief: a file inside the zip, or an outside link. */
export type BriefImage = { kind: 'file'; zipPath: string } | { kind: 'link'; url: string };

/**
 * Every form a line can end in, to Markdown (LF, CR, CRLF) or to a reader (vertical tab, form feed, NEL, U+2028,
 * U+2029): one-line text gets spaces for them, so a lone CR cannot start a heading or a list.
 */
const ANY_LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;

/**
 * One-line text (a title, a tag, the short description) as Markdown that prints as written: inline punctuation
 * escaped (`*Best* [deal]`), line breaks of any form made spaces, and the markers that would make a block of it
 * at a line start (`- `, `1. `, `===`) escaped too.
 */
export function escapeInline(text: string): string {
  return text
    .replace(ANY_LINE_BREAK, ' ')
    .replace(/[\\`*_{}[\]()<>#+!|~]/g, '\\$&')
    .replace(/^(\s*)([-=])/, '$1\\$2')
    .replace(/^(\s*\d{1,9})([.)])/, '$1\\$2');
}

/**
 * A card's notes (Markdown the user wrote) as the brief carries them: line breaks as LF (a lone CR is a line
 * break to Markdown, and must be one to the heading nesting too), and raw HTML written as text, not as HTML: each
 * HTML node the CommonMark parser finds gets its `<` as `&lt;`, so a reader shows the tag instead of running it.
 */
export function notesAsText(markdown: string): string {
  const text = markdown.replace(/\r\n?/g, '\n');
  const spans: [number, number][] = [];
  const walk = (node: Nodes) => {
    const { start, end } = node.position ?? {};
    if (node.type === 'html' && start?.offset !== undefined && end?.offset !== undefined)
      spans.push([start.offset, end.offset]);
    if ('children' in node) node.children.forEach(walk);
  };
  walk(fromMarkdown(text));
  let out = text;
  for (const [start, end] of spans.sort((a, b) => b[0] - a[0]))
    out = out.slice(0, start) + out.slice(start, end).replace(/</g, '&lt;') + out.slice(end);
  return out;
}

/** A link destination in angle brackets (spaces and parentheses are fine there); null for non-http(s) links. */
export function linkDestination(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return `<${parsed.href.replace(/[<>]/g, encodeURIComponent)}>`;
  } catch {
    return null;
  }
}

/**
 * A card's detailed description nests under the card's own heading (###): its ATX headings move three levels
 * down (capped at ######), fenced code left alone.
 */
export function nestHeadings(markdown: string, shift = 3): string {
  let fence: string | null = null;
  return markdown
    .split(/\r\n|\r|\n/)
    .map((line) => {
      const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (fenceMatch) {
        if (fence === null) fence = fenceMatch[1][0];
        else if (fenceMatch[1][0] === fence) fence = null;
        return line;
      }
      if (fence !== null) return line;
      const heading = /^(\s{0,3})(#{1,6})(\s|$)/.exec(line);
      if (!heading) return line;
      const level = Math.min(6, heading[2].length + shift);
      return `${heading[1]}${'#'.repeat(level)}${line.slice(heading[1].length + heading[2].length)}`;
    })
    .join('\n');
}

function cardBlock(t: ExportWords, card: ExportCard, images: BriefImage[]): string {
  const lines = [`### ${escapeInline(card.title)}`, ''];
  const facts: string[] = [];
  if (card.game) {
    const destination = linkDestination(card.gameLink);
    const name = escapeInline(card.game);
    facts.push(`**${t('game')}:** ${destination ? `[${name}](${destination})` : name}`);
  } else {
    const destination = linkDestination(card.gameLink);
    if (destination) facts.push(`**${t('game')}:** [${escapeInline(card.gameLink)}](${destination})`);
  }
  const genre = [card.genre, card.subgenre].filter(Boolean).join(' / ');
  if (genre) facts.push(`**${t('genre')}:** ${escapeInline(genre)}`);
  if (card.tags.length > 0) facts.push(`**${t('tags')}:** ${card.tags.map(escapeInline).join(', ')}`);
  if (facts.length > 0) lines.push(facts.join('  \n'), '');
  if (card.description.trim()) lines.push(escapeInline(card.description.trim()), '');
  if (card.detailedDescription.trim()) lines.push(nestHeadings(notesAsText(card.detailedDescription).trim()), '');
  images.forEach((image, index) => {
    const label = t('imageLink', { n: index + 1 });
    if (image.kind === 'file')
      lines.push(`![${escapeInline(card.title)}, ${label.toLowerCase()}](${image.zipPath})`, '');
    else {
      const destination = linkDestination(image.url);
      if (destination) lines.push(`[${label}](${destination})`, '');
    }
  });
  return lines.join('\n');
}

/**
 * brief.md of the Markdown export: the board title, a summary line, then each section as a heading and its cards
 * with title, game link, tags, short and detailed description, and images linked relatively (`images/...`), its own
 * words in the language `t` speaks.
 */
export function renderBrief(
  content: ExportContent,
  imagesOf: (card: ExportCard) => BriefImage[],
  date: string,
  t: ExportWords,
): string {
  const title = content.scopeTitle ? `${content.boardTitle} — ${content.scopeTitle}` : content.boardTitle;
  const parts = [
    `# ${escapeInline(title)}`,
    '',
    `${t('exportedOn', { date })} · ${summaryLine(t, content.cardCount, content.groups.length)}`,
    '',
  ];
  for (const group of content.groups) {
    parts.push(`## ${escapeInline(group.title)}`, '');
    for (const card of group.cards) parts.push(cardBlock(t, card, imagesOf(card)));
  }
  return `${parts.join('\n').trimEnd()}\n`;
}
