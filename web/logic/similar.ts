import { SIMILAR_TITLE_MAX_CHARS } from '../../shared/constants';

/** Spec §5: 'Similar to: ' plus the first 30 characters of the card title plus '...'. */
export function similarBoardTitle(cardTitle: string): string {
  return `Similar to: ${cardTitle.slice(0, SIMILAR_TITLE_MAX_CHARS)}...`;
}

/** Spec §5: the query text for a similar search; the subgenre comes from the game info call. */
export function similarQueryText(card: { title: string; tags: readonly string[]; description: string }, subgenre: string | null | undefined): string {
  return `Find me features similar to ${card.title} in genre: ${subgenre || 'any'}, possible tags: ${card.tags.join(', ')}. Ideally (but not strictly necessarily) matching this description ${card.description}`;
}
