import { feedback } from '../db/schema';
import type { UserRow } from '../db/repositories/users.repo';
import type { AppDeps } from '../deps';
import type { FeedbackBody } from '../../shared/schemas/feedback';

export function recordFeedback(deps: AppDeps, user: UserRow, body: FeedbackBody) {
  const row = deps.db
    .insert(feedback)
    .values({ userId: user.id, title: body.title, message: body.message, createdAt: deps.clock.now() })
    .returning({ id: feedback.id })
    .get();
  return { success: true, id: row.id };
}
