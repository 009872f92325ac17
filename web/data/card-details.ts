import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from './api-client';
import { cardKeys } from './query-keys';
import { cardSchema, type Card } from './wire';

/**
 * The details of a card listed without them (`detailsLoaded: false`, web/data/board-content.ts): its detailed
 * description, feature id and creation date, from GET /api/cards/:id. Everything else is kept from the list,
 * which is the fresher copy (bookmark, position and section change there).
 */
export const cardDetailQuery = (cardId: number) =>
  queryOptions({
    queryKey: cardKeys.detail(cardId),
    queryFn: async ({ signal }) => cardSchema.parse(await apiJson('GET', `/api/cards/${cardId}`, undefined, { signal })),
  });

function merge(listed: Card, full: Card): Card {
  const { detailsLoaded: _listedWithout, ...rest } = listed;
  return { ...rest, detailedDescription: full.detailedDescription, featureId: full.featureId, createdAt: full.createdAt };
}

export async function fetchCardDetails(cardId: number): Promise<Card> {
  return cardSchema.parse(await apiJson('GET', `/api/cards/${cardId}`));
}

/** The card with its details: itself when it has them, else fetched (undo of a delete re-creates it whole). */
export async function withCardDetails(card: Card): Promise<Card> {
  if (card.detailsLoaded !== false) return card;
  return merge(card, await fetchCardDetails(card.id));
}

/** For the viewer: the card as listed at once, with its details once they arrive (the same card when it has them). */
export function useCardDetails(card: Card): Card {
  const missing = card.detailsLoaded === false;
  const details = useQuery({ ...cardDetailQuery(card.id), enabled: missing });
  return missing && details.data ? merge(card, details.data) : card;
}
