import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema';
import { first, only } from '../dialect';

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
      .limit(1).then(first);
  },
  /** The account linked to one identity at one OIDC issuer (never matched by email: SECURITY.md, OIDC). */
  async getByOidcIdentity(db: Queryable, issuer: string, subject: string): Promise<UserRow | undefined> {
    return db
      .select()
      .from(users)
      .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)))
      .limit(1).then(first);
  },
  async create(db: Queryable, user: NewUser): Promise<UserRow> {
    return db.insert(users).values(user).returning().then(only);
  },
  async update(db: Queryable, id: number, patch: Partial<NewUser>): Promise<UserRow | undefined> {
    return db.update(users).set(patch).where(eq(users.id, id)).returning().then(first);
  },
};
