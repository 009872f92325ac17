import type { sidebar as en } from '../en/sidebar';
import type { RussianCatalogue } from '../types';

/** Боковая панель: кнопки, действия списка досок, счётчик поисков и меню пользователя. Русский. */
export const sidebar = {
  label: 'Боковая панель',
  toggle: 'Свернуть или развернуть панель',
  newBoard: 'Новая доска',
  bookmarks: 'Закладки',
  newBookmarks_one: '{{count}} новая закладка',
  newBookmarks_few: '{{count}} новые закладки',
  newBookmarks_many: '{{count}} новых закладок',
  newBookmarks_other: '{{count}} новой закладки',
  collections: 'Коллекции',
  featureSearch: 'Поиск по фичам',
  signIn: 'Войти',
  boards: 'Доски',
  boardTitle: 'Название доски',
  rename: 'Переименовать',
  renameLabel: 'Переименовать {{title}}',
  delete: 'Удалить',
  deleteLabel: 'Удалить {{title}}',
  usage: {
    label: 'Поиски в этом месяце',
    resetsOn: 'Поиски обновятся {{date}}',
  },
  menu: {
    billing: 'Тариф и оплата',
    resetApplication: 'Сбросить приложение',
    demoBoard: 'Демо-доска',
    signOut: 'Выйти',
  },
} satisfies RussianCatalogue<typeof en>;
