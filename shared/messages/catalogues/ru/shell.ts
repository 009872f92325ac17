import type { shell as en } from '../en/shell';
import type { RussianCatalogue } from '../types';

/** The app's frame (sidebar, user menu, language switch): Russian. */
export const shell = {
  language: {
    label: 'Язык',
    saveFailedTitle: 'Язык не сохранён',
    saveFailed: 'Не удалось сохранить язык. Он действует только в этом браузере.',
  },
  boardList: {
    created: 'создана {{date}}',
  },
} satisfies RussianCatalogue<typeof en>;
