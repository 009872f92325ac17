import type { Context } from 'hono';
import { languageDetector } from 'hono/language';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '#shared/locale';
import type { UserRow } from '../db/repositories/users.repo';

/**
 * The browser's language (Accept-Language), for a user who never chose one: the web follows the browser for them
 * too, so what the server writes for them (an export, a search's answer) speaks what the interface spoke. Read
 * only, never remembered in a cookie.
 */
export const browserLanguage = languageDetector({
  order: ['header'],
  supportedLanguages: [...LOCALES],
  fallbackLanguage: DEFAULT_LOCALE,
  caches: false,
});

/** The language to answer the signed-in user in: their own choice, else their browser's (browserLanguage ran). */
export function userLocale(c: Context, user: Pick<UserRow, 'language'>): Locale {
  const detected = c.get('language');
  return user.language ?? (isLocale(detected) ? detected : DEFAULT_LOCALE);
}
