import { SHARE_PAGE_TEXT } from '#shared/messages/discovery';
import { ApiError } from '../../data/api-client';

/** The share page's error line (spec accounts §8): the server's message, else 'Failed to access shared board'. */
export function shareErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.serverMessage) return err.serverMessage;
  return SHARE_PAGE_TEXT.failed;
}
