import type { FeedbackPayload } from '../logic/feedback-form';
import { apiRequest } from './api-client';

/** POST /api/feedback (spec accounts §7); the server takes the user from the session, never from the body. */
export async function submitFeedback(payload: FeedbackPayload): Promise<void> {
  await apiRequest('POST', '/api/feedback', payload);
}
