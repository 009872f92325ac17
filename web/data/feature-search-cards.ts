import type { QueryClient } from '@tanstack/react-query';
import type { FeatureRecord } from '#shared/schemas/catalogue';
import { placementBelow } from '../logic/card-placement';
import { sendBoardOps } from './board-ops';
import { cardsQuery } from './cards.queries';
import { sectionsQuery } from './sections.queries';
import type { CardCreateBody } from './wire';

/** The card a feature becomes (spec accounts §7 POST /api/cards fields), with no section. */
export function featureToCardBody(feature: FeatureRecord, boardId: number, position: { x: number; y: number }): CardCreateBody {
  return {
    title: feature.feature_screen_name,
    description: feature.short_description,
    detailedDescription: feature.detailed_description,
    position,
    game: feature.game_name,
    gameLink: feature.game_link,
    tags: [feature.primary_tag, feature.secondary_tag].filter((t, i, all) => t && all.indexOf(t) === i),
    images: [...feature.images],
    isBookmarked: 0,
    sectionId: null,
    boardId,
    orientation: feature.orientation,
  };
}

/**
 * Adds a search result to one of the user's boards, below what is already there, through the board's ops door
 *: the new card reaches this screen's copy of that board, and every other open screen of it, as a change.
 * Answers the new card's id.
 */
export async function addFeatureToBoard(queryClient: QueryClient, feature: FeatureRecord, boardId: number): Promise<number> {
  const [cards, sections] = await Promise.all([queryClient.fetchQuery(cardsQuery(boardId)), queryClient.fetchQuery(sectionsQuery(boardId))]);
  const { boardId: _board, ...card } = featureToCardBody(feature, boardId, placementBelow(cards, sections));
  const { refs } = await sendBoardOps(queryClient, boardId, [{ type: 'card.create', ref: 'feature', card }]);
  return refs.feature;
}
