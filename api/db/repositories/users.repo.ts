import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { lockingRows } from '../transaction';
import { users } from '../schema';
import { first, only } from '../dialect';
import { UNLIMITED } from '#shared/plans';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
/** The database or the `tx` of `withTransaction(db, async (tx) => ...)`: both run the same queries. */
export type Queryable = Db;

export const usersRepo = {
  async getById(db: Queryable, id: number): Promise<UserRow | undefined> {
    return db.select().from(users).where(eq(users.id, id)).limit(1).then(first);
  },
  async getByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
    return db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1)
      .then(first);
  },
  /** The account linked to one identity at one OIDC issuer (never matched by email: SECURITY.md, OIDC). */
  async getByOidcIdentity(db: Queryable, issuer: string, subject: string): Promise<UserRow | undefined> {
    return db
      .select()
      .from(users)
      .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)))
      .limit(1)
      .then(first);
  },
  async create(db: Queryable, user: NewUser): Promise<UserRow> {
    return db.insert(users).values(user).returning().then(only);
  },
  async update(db: Queryable, id: number, patch: Partial<NewUser>): Promise<UserRow | undefined> {
    return db.update(users).set(patch).where(eq(users.id, id)).returning().then(first);
  },
  /**
   * The user, their row locked until the transaction ends (inside withTransaction only): the rules about one user's
   * plan and boards (numbering, the last board, one share copy per link, storage quota) run one at a time per user.
   */
  async lockById(db: Queryable, id: number): Promise<UserRow | undefined> {
    return lockingRows(db, db.select().from(users).where(eq(users.id, id)).limit(1), 'no key update').then(first);
  },
  /**
   * Counts one search, in one statement, only while usage is under the limit (-1: unlimited); undefined when the
   * user is at or over it (or gone). Concurrent searches cannot both pass at limit − 1: the database applies each
   * increment to the row as the previous one left it.
   */
  async countSearchUnderLimit(db: Queryable, id: number): Promise<UserRow | undefined> {
    return db
      .update(users)
      .set({ usageCount: sql`${users.usageCount} + 1` })
      .where(and(eq(users.id, id), or(eq(users.monthlyLimit, UNLIMITED), lt(users.usageCount, users.monthlyLimit))))
      .returning()
      .then(first);
  },
  /**
   * Starts usage again from zero, only if the stored reset date is still `due` (the one the caller read): of two
   * requests that both saw the date pass, one resets and the other changes nothing. Undefined when it changed nothing.
   */
  async resetUsageIfStill(db: Queryable, id: number, due: Date, next: Date): Promise<UserRow | undefined> {
    return db
      .update(users)
      .set({ usageCount: 0, usageResetDate: next })
      .where(and(eq(users.id, id), eq(users.usageResetDate, due)))
      .returning()
      .then(first);
  },
  /** A paid period's start: usage from zero and the period's end as the reset date, only if that moves the date on. */
  async resetUsageForPeriod(db: Queryable, id: number, periodEnd: Date): Promise<void> {
    await db
      .update(users)
      .set({ usageCount: 0, usageResetDate: periodEnd })
      .where(and(eq(users.id, id), lt(users.usageResetDate, periodEnd)));
  },
  /** Links the user's Stripe customer once: the first id stored stays. Returns the id stored now. */
  async linkStripeCustomer(db: Queryable, id: number, customerId: string): Promise<string | null> {
    const linked = await db
      .update(users)
      .set({ stripeCustomerId: customerId })
      .where(and(eq(users.id, id), isNull(users.stripeCustomerId)))
      .returning({ customerId: users.stripeCustomerId })
      .then(first);
    return linked?.customerId ?? (await this.getById(db, id))?.stripeCustomerId ?? null;
  },
};
