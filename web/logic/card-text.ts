import { markdownToHtml, markdownToPlainText } from './markdown-text';

/** Spec §3: escaped quotes or newlines in a detailed description are decoded before display. */
export function decodeDetailed(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .replace(/\\r\\n|\\n/g, '\n')
    .replace(/\\"/g, '"')
    .replace(/\\'/g, "'");
}

type CopiedCard = { title?: string | null; description?: string | null; detailedDescription?: string | null };

function copiedParts(card: CopiedCard): string[] {
  return [card.title, card.description, decodeDetailed(card.detailedDescription)]
    .map((s) => (s ?? '').trim())
    .filter((s) => s.length > 0);
}

/**
 * Spec §5: copy text joins title, description and detailed description, skipping empty ones. As plain
 * text, the descriptions' markdown (`**bold**`, links, lists) read as text.
 */
export function cardCopyText(card: CopiedCard): string {
  return copiedParts(card)
    .map((part, i) => (i === 0 ? part : markdownToPlainText(part)))
    .filter((s) => s.length > 0)
    .join('\n\n');
}

/** The same parts as HTML for the clipboard's text/html: the title as a heading, the markdown rendered. */
export function cardCopyHtml(card: CopiedCard): string {
  return copiedParts(card)
    .map((part, i) => (i === 0 ? `<h3>${markdownToHtml(part).replace(/^<p>|<\/p>$/g, '')}</h3>` : markdownToHtml(part)))
    .join('');
}

/** Spec §9: the download file name is the title with spaces replaced by underscores plus .jpg. */
export function downloadFileName(title: string): string {
  return `${title.replace(/ /g, '_')}.jpg`;
}
