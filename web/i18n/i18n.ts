import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, localeFromLanguages, type Locale } from '#shared/locale';
import { CATALOGUES } from '#shared/messages/catalogues/index';
import { I18N_OPTIONS } from '#shared/messages/translator';
import { PSEUDO_LOCALE, pseudoLocaleOn, pseudoResources } from './pseudo-locale';

/**
 * The interface's language: the signed-in user's choice (saved on the server, so it follows
 * them to another browser and into their exports), else the browser's languages. A choice the server could not
 * save is kept in this browser only.
 */
const UNSAVED_CHOICE_KEY = 'loot.language';

export function browserLocale(): Locale {
  // The commands' unit tests run this module in Node, which has no navigator before Node 21.
  if (typeof navigator === 'undefined') return DEFAULT_LOCALE;
  return localeFromLanguages(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

function unsavedChoice(): Locale | null {
  try {
    const stored = globalThis.localStorage?.getItem(UNSAVED_CHOICE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The one i18next instance of the page; catalogues are bundled, so it is ready when this module has run. */
export const webI18n = i18next.createInstance();
/** The pseudo-locale (./pseudo-locale.ts) holds the page whatever the user's language, until the page is left. */
const pseudo = pseudoLocaleOn();
void webI18n.use(initReactI18next).init(
  pseudo
    ? {
        ...I18N_OPTIONS,
        resources: { ...I18N_OPTIONS.resources, ...pseudoResources(CATALOGUES.en) },
        supportedLngs: [...I18N_OPTIONS.supportedLngs, PSEUDO_LOCALE],
        lng: PSEUDO_LOCALE,
      }
    : { ...I18N_OPTIONS, lng: unsavedChoice() ?? browserLocale() },
);
if (typeof document !== 'undefined') {
  document.documentElement.lang = webI18n.language;
  webI18n.on('languageChanged', (language) => (document.documentElement.lang = language));
}

export function currentLocale(): Locale {
  return isLocale(webI18n.language) ? webI18n.language : browserLocale();
}

/** The signed-in user's saved choice (null: follow the browser, or this browser's unsaved choice). */
export function followUserLanguage(saved: Locale | null): void {
  if (pseudo) return;
  const next = saved ?? unsavedChoice() ?? browserLocale();
  if (saved) forgetUnsavedChoice();
  if (webI18n.language !== next) void webI18n.changeLanguage(next);
}

/** Applies a language at once; `saved` false keeps it in this browser until the server takes it. */
export async function chooseLanguage(locale: Locale, saved: boolean): Promise<void> {
  if (pseudo) return;
  if (saved) forgetUnsavedChoice();
  else {
    try {
      localStorage.setItem(UNSAVED_CHOICE_KEY, locale);
    } catch {
      // Storage refused (private mode): the choice lasts until the page is left.
    }
  }
  await webI18n.changeLanguage(locale);
}

function forgetUnsavedChoice(): void {
  try {
    localStorage.removeItem(UNSAVED_CHOICE_KEY);
  } catch {
    // Nothing stored.
  }
}
