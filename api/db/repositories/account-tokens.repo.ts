import { and, eq, isNull } from 'drizzle-orm';
import { accountTokens } from '../schema';
import { first } from '../dialect';
import { lockingRows } from '../transaction';
import type { Queryable } from './users.repo';

export type AccountTokenRow = typeof accountTokens.$inferSelect;
export type AccountTokenPurpose = AccountTokenRow['purpose'];

/** Mailed single-use links, looked up by the SHA-256 of their token (the token itself is never stored). */
export const accountTokensRepo = {
  async create(db: Queryable, row: typeof accountTokens.$inferInsert): Promise<void> {
    await db.insert(accountTokens).values(row);
  },
  /** The token's row, locked until the transaction ends, so two clicks at once cannot both spend it. */
  async lockByHash(db: Queryable, tokenHash: string): Promise<AccountTokenRow | undefined> {
    return lockingRows(
      db,
      db.select().from(accountTokens).where(eq(accountTokens.tokenHash, tokenHash)).limit(1),
      'update',
    ).then(first);
  },
  /** Spends every unspent link of one purpose for a user: the one just used, and any older ones still out there. */
  async spendAll(db: Queryable, userId: number, purpose: AccountTokenPurpose, at: Date): Promise<void> {
    await db
      .update(accountTokens)
      .set({ usedAt: at })
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  },
};
