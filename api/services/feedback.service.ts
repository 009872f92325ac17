import { feedbackRepo } from '../db/repositories/feedback.repo';
import type { UserRow } from '../db/repositories/users.repo';
import type { AppDeps } from '../deps';
import type { FeedbackBody } from '#shared/schemas/feedback';

export async function recordFeedback(deps: AppDeps, user: UserRow, body: FeedbackBody) {
  const row = await feedbackRepo.insert(deps.db, {
    userId: user.id,
    title: body.title,
    message: body.message,
    createdAt: deps.clock.now(),
  });
  return { success: true, id: row.id };
}
