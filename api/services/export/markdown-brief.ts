import { EXPORT_DOC_TEXT } from '#shared/messages/export';
import type { ExportCard, ExportContent } from './export-content.service';

/** Where each card image ends up in the brief: a file inside the zip, or an outside link. */
export type BriefImage = { kind: 'file'; zipPath: string } | { kind: 'link'; url: string };

/** Markdown's inline punctuation, escaped so a title such as `*Best* [deal]` prints as written. */
export function escapeInline(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+!|~]/g, '\\$&').replace(/\r?\n/g, ' ');
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
    .split(/\r?\n/)
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

function cardBlock(card: ExportCard, images: BriefImage[]): string {
  const lines = [`### ${escapeInline(card.title)}`, ''];
  const facts: string[] = [];
  if (card.game) {
    const destination = linkDestination(card.gameLink);
    const name = escapeInline(card.game);
    facts.push(`**${EXPORT_DOC_TEXT.game}:** ${destination ? `[${name}](${destination})` : name}`);
  } else {
    const destination = linkDestination(card.gameLink);
    if (destination) facts.push(`**${EXPORT_DOC_TEXT.game}:** [${escapeInline(card.gameLink)}](${destination})`);
  }
  const genre = [card.genre, card.subgenre].filter(Boolean).join(' / ');
  if (genre) facts.push(`**${EXPORT_DOC_TEXT.genre}:** ${escapeInline(genre)}`);
  if (card.tags.length > 0) facts.push(`**${EXPORT_DOC_TEXT.tags}:** ${card.tags.map(escapeInline).join(', ')}`);
  if (facts.length > 0) lines.push(facts.join('  \n'), '');
  if (card.description.trim()) lines.push(escapeInline(card.description.trim()), '');
  if (card.detailedDescription.trim()) lines.push(nestHeadings(card.detailedDescription.trim()), '');
  images.forEach((image, index) => {
    const label = EXPORT_DOC_TEXT.imageLink(index + 1);
    if (image.kind === 'file') lines.push(`![${escapeInline(card.title)}, ${label.toLowerCase()}](${image.zipPath})`, '');
    else {
      const destination = linkDestination(image.url);
      if (destination) lines.push(`[${label}](${destination})`, '');
    }
  });
  return lines.join('\n');
}

/**
 * brief.md of the Markdown export: the board title, a summary line, then each section as a heading and its cards
 * with title, game link, tags, short and detailed description, and images linked relatively (`images/...`).
 */
export function renderBrief(content: ExportContent, imagesOf: (card: ExportCard) => BriefImage[], date: string): string {
  const title = content.scopeTitle ? `${content.boardTitle} — ${content.scopeTitle}` : content.boardTitle;
  const parts = [
    `# ${escapeInline(title)}`,
    '',
    `${EXPORT_DOC_TEXT.exportedOn(date)} · ${EXPORT_DOC_TEXT.summary(content.cardCount, content.groups.length)}`,
    '',
  ];
  for (const group of content.groups) {
    parts.push(`## ${escapeInline(group.title)}`, '');
    for (const card of group.cards) parts.push(cardBlock(card, imagesOf(card)));
  }
  return `${parts.join('\n').trimEnd()}\n`;
}
