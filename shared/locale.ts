import { z } from 'zod';

/**
 * The interface's languages: English, and Russian, the language the spec's own strings are in.
 * A user's stored choice is one of these; null means "follow the browser".
 */
export const LOCALES = ['en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];

/** The language of everyone whose browser asks for none we have. */
export const DEFAULT_LOCALE: Locale = 'en';

export const localeSchema = z.enum(LOCALES);

/** Each language named in itself, as a language switch lists them (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first of the browser's languages (navigator.languages, most wanted first) that the interface speaks, matched
 * on the primary subtag ('ru-RU' and 'ru' are Russian); English when none is.
 *
 * @example localeFromLanguages(['ru-RU', 'en-US']) // 'ru'
 * @example localeFromLanguages(['de-DE']) // 'en'
 */
export function localeFromLanguages(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const primary = tag.trim().split(/[-_]/)[0].toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}
