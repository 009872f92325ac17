import { failureText } from '../../data/failure-text';
import { webI18n } from '../../i18n/i18n';

/** The share page's error line (spec accounts §8): the server's message, else 'Failed to access shared board'. */
export function shareErrorMessage(err: unknown): string {
  return failureText(err, webI18n.t('pages:share.failed'));
}
