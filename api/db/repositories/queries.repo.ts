import { and, eq } from 'drizzle-orm';
import { queries } from '../schema';
import type { RepoDb } from './boards.repo';

export type QueryRow = typeof queries.$inferSelect;

/** Past searches, reached through their owner (the rating call; query creation lives with the search engine). */
export const queriesRepo = {
  getOwned(db: RepoDb, userId: number, queryId: number): QueryRow | undefined {
    return db
      .select()
      .from(queries)
      .where(and(eq(queries.id, queryId), eq(queries.userId, userId)))
      .get();
  },
  setRatingOwned(db: RepoDb, userId: number, queryId: number, rating: number): QueryRow | undefined {
    return db
      .update(queries)
      .set({ rating })
      .where(and(eq(queries.id, queryId), eq(queries.userId, userId)))
      .returning()
      .get();
  },
};
