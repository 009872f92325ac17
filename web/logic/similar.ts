import { SIMILAR_TITLE_MAX_CHARS } from '#shared/constants';

/** Spec §5: 'Similar to: ' plus the first 30 characters of the card title plus '...'. */
export function similarBoardTitle(cardTitle: string): string {
  return `Similar to: ${cardTitle.slice(0, SIMILAR_TITLE_MAX_CHARS)}...`;
}
