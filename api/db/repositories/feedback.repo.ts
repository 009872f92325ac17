import { feedback } from '../schema';
import type { RepoDb } from './boards.repo';
import { only } from '../dialect';

type NewFeedback = Omit<typeof feedback.$inferInsert, 'id'>;

/** Feedback messages users send from the sidebar; written only, read by the operator in the database. */
export const feedbackRepo = {
  async insert(db: RepoDb, row: NewFeedback): Promise<{ id: number }> {
    return db.insert(feedback).values(row).returning({ id: feedback.id }).then(only);
  },
};
