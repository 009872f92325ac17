import { z } from 'zod';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_TITLE_MAX } from '../constants';

/**
 * POST /api/feedback (spec accounts §5): message required (whitespace-only rejected), ≤ 3000; title optional,
 * ≤ 100; both trimmed. A userId in the body is ignored: the user comes from the session.
 */
export const feedbackBody = z.object({
  title: z
    .string()
    .trim()
    .max(FEEDBACK_TITLE_MAX, `must be at most ${FEEDBACK_TITLE_MAX} characters`)
    .nullish()
    .transform((t) => (t ? t : null)),
  message: z.string().trim().min(1, 'must not be blank').max(FEEDBACK_MESSAGE_MAX, `must be at most ${FEEDBACK_MESSAGE_MAX} characters`),
  userId: z.unknown().optional(),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;
