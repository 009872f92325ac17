import type { Locale } from '../../locale';
import { en } from './en/index';
import { ru } from './ru/index';

/**
 * The interface's catalogues, one per locale with the same keys: i18next resources, loaded by
 * the web (web/i18n) and by the API's exports (shared/messages/translator.ts). English is the reference: every
 * other catalogue is checked against it (types.ts, tests/unit/shared/catalogues.test.ts).
 */
export const CATALOGUES = { en, ru } satisfies Record<Locale, unknown>;

export type Catalogue = typeof en;
export type Namespace = keyof Catalogue;
export const NAMESPACES = Object.keys(en) as Namespace[];
