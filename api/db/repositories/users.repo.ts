import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const usersRepo = {
  getById(db: Db, id: number): UserRow | undefined {
    return db.select().from(users).where(eq(users.id, id)).get();
  },
  getByEmail(db: Db, email: string): UserRow | undefined {
    return db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .get();
  },
  create(db: Db, user: NewUser): UserRow {
    return db.insert(users).values(user).returning().get();
  },
  update(db: Db, id: number, patch: Partial<NewUser>): UserRow | undefined {
    return db.update(users).set(patch).where(eq(users.id, id)).returning().get();
  },
};
