import i18next, { type InitOptions, type TFunction } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../locale';
import { CATALOGUES, NAMESPACES, type Namespace } from './catalogues/index';

/**
 * The options every i18next instance of Loot starts from, web and API alike: the catalogues as resources (all
 * bundled, so initialisation is synchronous), English for any key or language missing. Values are not
 * HTML-escaped here: React escapes what it renders, and the exports escape for their own format (Markdown, PDF).
 */
export const I18N_OPTIONS = {
  resources: CATALOGUES,
  supportedLngs: [...LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  ns: NAMESPACES,
  defaultNS: 'shell',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
} satisfies InitOptions;

let serverInstance: ReturnType<typeof i18next.createInstance> | null = null;

/**
 * A `t` fixed to one language and namespace, for code that serves several users at once (the API's exports): the
 * instance's own language never changes, so two requests in different languages cannot mix.
 *
 * @example translatorFor('ru', 'exportDoc')('noSection') // 'Без секции'
 */
export function translatorFor<N extends Namespace>(locale: Locale, namespace: N): TFunction<N> {
  if (!serverInstance) {
    serverInstance = i18next.createInstance();
    void serverInstance.init({ ...I18N_OPTIONS, lng: DEFAULT_LOCALE });
  }
  return serverInstance.getFixedT(locale, namespace);
}
