import { CATALOGUE_MESSAGES } from '#shared/messages/catalogue';
import { say } from '#shared/messages/errors';
import { withTransaction } from '../db/transaction';
import { SECTION_PALETTE } from '#shared/constants';
import { resolveScreenshots } from '#shared/image-urls';
import { layoutBoard } from '#shared/layout';
import type { CollectionItem } from '#shared/schemas/catalogue';
import { boardWriterRepo } from '../db/repositories/board-writer.repo';
import { collectionsRepo } from '../db/repositories/collections.repo';
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
export async function listCollections(
  deps: Pick<AppDeps, 'db'>,
): Promise<{ collections: Record<string, CollectionItem[]> }> {
  const grouped: Record<string, CollectionItem[]> = {};
  for (const c of await collectionsRepo.listWithCounts(deps.db)) {
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
 * card per feature, laid out by the shared auto-layout, all in one transaction (ARCHITECTURE: multi-row writes),
 * through the board-writer repository like the demo board and a search's results.
 */
export async function useCollection(deps: Pick<AppDeps, 'db' | 'clock'>, user: UserRow, collectionId: number) {
  const collection = await collectionsRepo.getById(deps.db, collectionId);
  if (!collection) throw notFound('collection');
  if (collection.type === 'pro' && user.planId < PRO_COLLECTION_MIN_PLAN_ID) {
    throw new AppError('requires_pro', 403, say('catalogue.proCollectionOnly'));
  }
  const items = await collectionsRepo.items(deps.db, collection.id);
  const sectionTitles = [...new Set(items.map((i) => i.sectionTitle))];
  const sectionIndex = new Map(sectionTitles.map((t, i) => [t, i]));
  // Positions are computed first on stand-in ids (index + 1), in insertion order, so each row is written once.
  const layout = layoutBoard({
    sections: sectionTitles.map((_, i) => ({ id: i + 1 })),
    cards: items.map((item, i) => ({
      id: i + 1,
      sectionId: sectionIndex.get(item.sectionTitle)! + 1,
      orientation: asOrientation(item.orientation),
    })),
  });
  const now = deps.clock.now();

  const boardId = await withTransaction(deps.db, async (tx) => {
    const createdAt = now.getTime();
    const id = await boardWriterRepo.insertBoard(tx, user.id, collection.name, slugify(collection.name), createdAt);
    const sectionIds = await boardWriterRepo.insertSections(
      tx,
      id,
      layout.sections.map((s, i) => ({
        title: sectionTitles[i],
        color: SECTION_PALETTE[i % SECTION_PALETTE.length],
        x: s.position.x,
        y: s.position.y,
        width: s.size.width,
        height: s.size.height,
      })),
      createdAt,
    );
    const inserter = boardWriterRepo.cardInserter(tx, id, createdAt);
    items.forEach((item, i) =>
      inserter.add({
        sectionId: sectionIds[sectionIndex.get(item.sectionTitle)!],
        title: item.featureScreenName,
        description: item.shortDescription,
        detailedDescription: item.detailedDescription,
        game: item.gameName,
        gameLink: item.gameLink || item.storeUrl,
        images: JSON.stringify(resolveScreenshots(item.screenshots)),
        tags: JSON.stringify([item.primaryTag, item.secondaryTag].filter(Boolean)),
        orientation: asOrientation(item.orientation),
        x: layout.cards[i].position.x,
        y: layout.cards[i].position.y,
        featureId: item.id,
      }),
    );
    await inserter.flush();
    await decideNewSectionLocks(tx, id);
    return id;
  });
  return { success: true as const, boardId, message: CATALOGUE_MESSAGES.collectionLoadedDetail };
}
