import { asc, count, eq, notInArray, sql } from 'drizzle-orm';
import { collectionItems, collections, features, games } from '../schema';
import { changedRows } from '../transaction';
import type { RepoDb } from './boards.repo';
import { featureWithGame, type FeatureWithGame } from './features.repo';
import { first, only } from '../dialect';

export type CollectionRow = typeof collections.$inferSelect;
export type NewCollectionRow = Omit<typeof collections.$inferInsert, 'id'>;
export type CollectionItemInput = { featureId: number; sectionTitle: string };

/** Curated collections (shared reference data: no owner). */
export const collectionsRepo = {
  /** Inserts or updates a collection by slug and replaces its items; returns its id. */
  async upsertWithItems(db: RepoDb, row: NewCollectionRow, items: CollectionItemInput[]): Promise<number> {
    const { id } = await db
      .insert(collections)
      .values(row)
      .onConflictDoUpdate({
        target: collections.slug,
        set: {
          name: sql`excluded.name`,
          category: sql`excluded.category`,
          description: sql`excluded.description`,
          type: sql`excluded.type`,
          isNew: sql`excluded.is_new`,
          imageUrl: sql`excluded.image_url`,
          sortOrder: sql`excluded.sort_order`,
        },
      })
      .returning({ id: collections.id })
      .then(only);
    await db.delete(collectionItems).where(eq(collectionItems.collectionId, id));
    if (items.length) {
      await db.insert(collectionItems).values(
        items.map((item, sortOrder) => ({
          collectionId: id,
          featureId: item.featureId,
          sectionTitle: item.sectionTitle,
          sortOrder,
        })),
      );
    }
    return id;
  },
  /** Deletes the collections whose slug is not in the list (their items go with them). */
  async deleteAllExcept(db: RepoDb, slugs: string[]): Promise<number> {
    return changedRows(
      await db.delete(collections).where(slugs.length ? notInArray(collections.slug, slugs) : undefined),
    );
  },
  /** Every collection with its number of features, in curated order. */
  async listWithCounts(db: RepoDb): Promise<(CollectionRow & { featureCount: number })[]> {
    return db
      .select({ collection: collections, featureCount: count(collectionItems.id) })
      .from(collections)
      .leftJoin(collectionItems, eq(collectionItems.collectionId, collections.id))
      .groupBy(collections.id)
      .orderBy(asc(collections.sortOrder), asc(collections.id))
      .then((rows) => rows.map((r) => ({ ...r.collection, featureCount: r.featureCount })));
  },
  async getById(db: RepoDb, id: number): Promise<CollectionRow | undefined> {
    return db.select().from(collections).where(eq(collections.id, id)).limit(1).then(first);
  },
  /** The collection's features in curated order, each with its section title. */
  async items(db: RepoDb, collectionId: number): Promise<(FeatureWithGame & { sectionTitle: string })[]> {
    return db
      .select({
        sectionTitle: collectionItems.sectionTitle,
        ...featureWithGame,
      })
      .from(collectionItems)
      .innerJoin(features, eq(features.id, collectionItems.featureId))
      .innerJoin(games, eq(games.id, features.gameId))
      .where(eq(collectionItems.collectionId, collectionId))
      .orderBy(asc(collectionItems.sortOrder), asc(collectionItems.id));
  },
};
