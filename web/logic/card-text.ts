/** Spec §3: escaped quotes or newlines in a detailed description are decoded before display. */
export function decodeDetailed(text: string | null | undefined): string {
  if (!text) return '';
  return text.replace(/\\r\\n|\\n/g, '\n').replace(/\\"/g, '"').replace(/\\'/g, "'");
}

/** Spec §5: copy text joins title, description and detailed description, skipping empty ones. */
export function cardCopyText(card: { title?: string | null; description?: string | null; detailedDescription?: string | null }): string {
  return [card.title, card.description, decodeDetailed(card.detailedDescription)]
    .map((s) => (s ?? '').trim())
    .filter((s) => s.length > 0)
    .join('\n\n');
}

/** Spec §9: the download file name is the title with spaces replaced by underscores plus .jpg. */
export function downloadFileName(title: string): string {
  return `${title.replace(/ /g, '_')}.jpg`;
}
