import 'i18next';
import type { Catalogue } from './catalogues/index';

/**
 * Typed keys: `t('moveDialog.title')` and `t('board:moveDialog.title')` are checked against the
 * English catalogue, so a key that does not exist is a compile error in web and api alike.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'shell';
    resources: Catalogue;
  }
}
