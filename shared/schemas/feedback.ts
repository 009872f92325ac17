import { z } from 'zod';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_TITLE_MAX } from '../constants';
import { multiLineText, titleText } from './common';

/**
 * POST /api/feedback (spec accounts §5): message required (whitespace-only rejected), ≤ 3000; title optional,
 * ≤ 100; both trimmed; the title single-line, the message's line breaks stored as LF (shared/text-rules.ts). A
 * userId in the body is ignored: the user comes from the session.
 */
export const feedbackBody = z.object({
  title: titleText(FEEDBACK_TITLE_MAX)
    .nullish()
    .transform((t) => (t ? t : null)),
  message: z.string().trim().pipe(multiLineText(FEEDBACK_MESSAGE_MAX)).pipe(z.string().min(1, 'must not be blank')),
  userId: z.unknown().optional(),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;
