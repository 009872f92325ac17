import type { boardTools as en } from '../en/board-tools';
import type { RussianCatalogue } from '../types';

/** Инструменты доски поверх холста: поиск, панель выделения, мини-карта, упрощённый режим, уведомления, просмотр. */
export const boardTools = {
  find: {
    placeholder: 'Найти на доске',
    matches_one: '{{count}} совпадение',
    matches_few: '{{count}} совпадения',
    matches_many: '{{count}} совпадений',
    matches_other: '{{count}} совпадения',
    next: 'Следующее совпадение',
    close: 'Закрыть поиск',
  },
  selection: {
    label: 'Выделение',
    count_one: 'Выбрана {{count}} карточка',
    count_few: 'Выбрано {{count}} карточки',
    count_many: 'Выбрано {{count}} карточек',
    count_other: 'Выбрано {{count}} карточки',
    moveToSection: 'Переместить в секцию…',
    moveToBoard: 'Переместить на доску…',
    bookmark: 'Всё в закладки',
    unbookmark: 'Убрать из закладок',
    delete: 'Удалить',
    zoomToSelection: 'Показать выделенное',
    export: 'Экспорт',
    clear: 'Снять выделение',
    moveCardsToSection: 'Перенос карточек в секцию',
    bookmarkCards: 'Закладки на карточки',
  },
  minimap: 'Мини-карта',
  toasts: {
    region: 'Уведомления (F8)',
    close: 'Закрыть уведомление',
  },
  viewer: {
    close: 'Закрыть',
    previous: 'Предыдущее изображение',
    next: 'Следующее изображение',
    loadingGenre: 'Загрузка сведений о жанре...',
    genre: 'Жанр: {{name}}',
    subgenre: 'Поджанр: {{name}}',
    shortDescription: 'Краткое описание',
    detailedDescription: 'Подробное описание',
    notes: 'Заметки',
  },
} satisfies RussianCatalogue<typeof en>;
