import { and, eq } from 'drizzle-orm';
import { queries } from '../schema';
import type { RepoDb } from './boards.repo';
import { first } from '../dialect';

export type QueryRow = typeof queries.$inferSelect;

/** Past searches, reached through their owner (the rating call; query creation lives with the search engine). */
export const queriesRepo = {
  async getOwned(db: RepoDb, userId: number, queryId: number): Promise<QueryRow | undefined> {
    return db
      .select()
      .from(queries)
      .where(and(eq(queries.id, queryId), eq(queries.userId, userId)))
      .limit(1)
      .then(first);
  },
  async setRatingOwned(db: RepoDb, userId: number, queryId: number, rating: number): Promise<QueryRow | undefined> {
    return db
      .update(queries)
      .set({ rating })
      .where(and(eq(queries.id, queryId), eq(queries.userId, userId)))
      .returning()
      .then(first);
  },
};
