import { SHARE_PAGE_TEXT } from '#shared/messages/discovery';
import { failureText } from '../../data/failure-text';

/** The share page's error line (spec accounts §8): the server's message, else 'Failed to access shared board'. */
export function shareErrorMessage(err: unknown): string {
  return failureText(err, SHARE_PAGE_TEXT.failed);
}
