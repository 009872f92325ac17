import type { TFunction } from 'i18next';
import type { Locale } from '#shared/locale';
import { translatorFor } from '#shared/messages/translator';

/** The words inside an exported document, in the language it is made in. */
export type ExportWords = TFunction<'exportDoc'>;

export const exportWords = (locale: Locale): ExportWords => translatorFor(locale, 'exportDoc');

/** '12 cards · 3 sections', under the title of the PDF cover and of brief.md. */
export function summaryLine(t: ExportWords, cards: number, sections: number): string {
  return `${t('cardCount', { count: cards })} · ${t('sectionCount', { count: sections })}`;
}
