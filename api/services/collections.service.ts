import { SECTION_PALETTE } from '../../shared/constants';
import { resolveScreenshots } from '../../shared/image-urls';
import { layoutBoard } from '../../shared/layout';
import { CATALOGUE_MESSAGES } from '../../shared/messages/catalogue';
import type { CollectionItem } from '../../shared/schemas/catalogue';
import { boardsRepo } from '../db/repositories/boards.repo';
import { cardsRepo } from '../db/repositories/cards.repo';
import { collectionsRepo } from '../db/repositories/collections.repo';
import { sectionsRepo } from '../db/repositories/sections.repo';
import type { UserRow } from '../db/repositories/users.repo';
import type { AppDeps } from '../deps';
import { AppError, notFound } from '../errors';
import { slugify } from './boards.service';
import { asOrientation } from './catalogue.service';
import { decideNewSectionLocks } from './section-lock.service';

/** Collections (spec accounts §2 "Collections full-screen view", §7 GET /api/collections, POST /api/collections/{id}/use). */

/** Spec accounts §5: pro collections need plan_id 2 or more. */
export const PRO_COLLECTION_MIN_PLAN_ID = 2;

/** Every collection grouped by category key, each group in curated order. */
export function listCollections(deps: Pick<AppDeps, 'db'>): { collections: Record<string, CollectionItem[]> } {
  const grouped: Record<string, CollectionItem[]> = {};
  for (const c of collectionsRepo.listWithCounts(deps.db)) {
    (grouped[c.category] ??= []).push({
      id: c.id,
      name: c.name,
      imageUrl: c.imageUrl,
      type: c.type === 'pro' ? 'pro' : 'free',
      new: c.isNew ? 1 : 0,
      category: c.category,
      description: c.description,
      featureCount: c.featureCount,
    });
  }
  return { collections: grouped };
}

/**
 * A new board holding the collection: one section per collection section (colors from the 8-tone palette), one
 * card per feature, laid out by the shared auto-layout, all in one transaction (ARCHITECTURE: multi-row writes).
 */
export function useCollection(deps: Pick<AppDeps, 'db' | 'clock'>, user: UserRow, collectionId: number) {
  const collection = collectionsRepo.getById(deps.db, collectionId);
  if (!collection) throw notFound(CATALOGUE_MESSAGES.collectionNotFound);
  if (collection.type === 'pro' && user.planId < PRO_COLLECTION_MIN_PLAN_ID) {
    throw new AppError('requires_pro', 403, CATALOGUE_MESSAGES.proCollectionOnly);
  }
  const items = collectionsRepo.items(deps.db, collection.id);
  const sectionTitles = [...new Set(items.map((i) => i.sectionTitle))];
  const sectionIndex = new Map(sectionTitles.map((t, i) => [t, i]));
  // Positions are computed first on stand-in ids (index + 1), in insertion order, so each row is written once.
  const layout = layoutBoard({
    sections: sectionTitles.map((_, i) => ({ id: i + 1 })),
    cards: items.map((item, i) => ({ id: i + 1, sectionId: sectionIndex.get(item.sectionTitle)! + 1, orientation: asOrientation(item.orientation) })),
  });
  const now = deps.clock.now();

  const boardId = deps.db.transaction(
    (tx) => {
      const board = boardsRepo.create(tx, user.id, { title: collection.name, slug: slugify(collection.name), createdAt: now, updatedAt: now });
      const sections = sectionsRepo.insertOnBoard(
        tx,
        board.id,
        layout.sections.map((s, i) => ({
          title: sectionTitles[i],
          color: SECTION_PALETTE[i % SECTION_PALETTE.length],
          x: s.position.x,
          y: s.position.y,
          width: s.size.width,
          height: s.size.height,
          createdAt: now,
        })),
      );
      cardsRepo.insertOnBoard(
        tx,
        board.id,
        items.map((item, i) => ({
          sectionId: sections[sectionIndex.get(item.sectionTitle)!].id,
          title: item.featureScreenName,
          description: item.shortDescription,
          detailedDescription: item.detailedDescription,
          game: item.gameName,
          gameLink: item.gameLink || item.storeUrl,
          images: resolveScreenshots(item.screenshots),
          tags: [item.primaryTag, item.secondaryTag].filter(Boolean),
          orientation: asOrientation(item.orientation),
          isBookmarked: 0,
          x: layout.cards[i].position.x,
          y: layout.cards[i].position.y,
          featureId: item.id,
          createdAt: now,
        })),
      );
      decideNewSectionLocks(tx, board.id);
      return board.id;
    },
    { behavior: 'immediate' },
  );
  return { success: true as const, boardId, message: CATALOGUE_MESSAGES.collectionLoadedDetail };
}
