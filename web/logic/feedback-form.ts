import { FEEDBACK_MESSAGE_MAX, FEEDBACK_TITLE_MAX } from '#shared/constants';

export type FeedbackPayload = { title?: string; message: string };

/**
 * The feedback dialog's rules (spec accounts §5): the message is required (whitespace-only does not count) and at
 * most 3000 characters; the title is optional and at most 100; trimmed values are sent, an empty title is left out.
 */
export function feedbackDraft(title: string, message: string) {
  const trimmedTitle = title.trim();
  const trimmedMessage = message.trim();
  const canSend =
    trimmedMessage.length > 0 &&
    trimmedMessage.length <= FEEDBACK_MESSAGE_MAX &&
    trimmedTitle.length <= FEEDBACK_TITLE_MAX;
  const payload: FeedbackPayload = trimmedTitle
    ? { title: trimmedTitle, message: trimmedMessage }
    : { message: trimmedMessage };
  return { canSend, payload, messageLength: message.length };
}
