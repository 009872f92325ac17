import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
/** The database or a transaction handle inside `db.transaction((tx) => ...)`: both run the same queries. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

export const usersRepo = {
  getById(db: Queryable, id: number): UserRow | undefined {
    return db.select().from(users).where(eq(users.id, id)).get();
  },
  getByEmail(db: Queryable, email: string): UserRow | undefined {
    return db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .get();
  },
  /** The account linked to one identity at one OIDC issuer (never matched by email: SECURITY.md, OIDC). */
  getByOidcIdentity(db: Queryable, issuer: string, subject: string): UserRow | undefined {
    return db
      .select()
      .from(users)
      .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)))
      .get();
  },
  create(db: Queryable, user: NewUser): UserRow {
    return db.insert(users).values(user).returning().get();
  },
  update(db: Queryable, id: number, patch: Partial<NewUser>): UserRow | undefined {
    return db.update(users).set(patch).where(eq(users.id, id)).returning().get();
  },
};
