import { plans } from '../schema';
import type { Queryable } from './users.repo';

/** The readiness probe's question to the database: one cheap read of a table every migrated database has. */
export const healthRepo = {
  async ping(db: Queryable): Promise<void> {
    await db.select({ id: plans.id }).from(plans).limit(1);
  },
};
