import type { cards as en } from '../en/cards';
import type { RussianCatalogue } from '../types';

/** Карточка вне холста: панель при наведении, «Найти похожие», причины, уведомления и закладки. Русский. */
export const cards = {
  actions: 'Действия с карточкой: {{title}}',
  deleteCards: 'Удаление карточек',
  findSimilar: {
    title: 'Найти похожие карточки?',
    body: 'Loot создаст новую доску с карточками, похожими на «{{title}}».',
    costUnlimited: 'Это запустит один поиск.',
    cost_one: 'Это потратит один поиск: в этом месяце остался {{count}}.',
    cost_few: 'Это потратит один поиск: в этом месяце осталось {{count}}.',
    cost_many: 'Это потратит один поиск: в этом месяце осталось {{count}}.',
    cost_other: 'Это потратит один поиск: в этом месяце осталось {{count}}.',
    confirm: 'Найти похожие',
    cancel: 'Отмена',
  },
  reasons: {
    heading: 'Почему эта карточка здесь',
    kind: {
      tag: 'Совпал тег фичи',
      genre: 'Совпал жанр',
      tier: 'Совпал уровень',
      game: 'Названа игра',
      word: 'Совпало слово',
    },
  },
  toasts: {
    downloadError: { title: 'Ошибка загрузки', description: 'Нет изображения для скачивания.' },
    fileSaved: { title: 'Файл сохранён', description: 'Изображение из «{{title}}» сохранено' },
    textCopied: { title: 'Текст скопирован', description: 'Описание карточки скопировано в буфер обмена' },
    cardDeleted: { title: 'Карточка удалена', description: 'Карточка убрана с доски' },
    cardsDeleted: { title: 'Карточки удалены', description: 'Карточки убраны с доски' },
    undo: 'Отменить',
    authError: { title: 'Ошибка входа', description: 'Не удалось проверить пользователя.' },
    findingSimilar: {
      title: 'Ищем похожие фичи...',
      description: 'Создаём новую доску для результатов. Это потратит один поиск из месячного лимита.',
    },
    findSimilarFailed: {
      title: 'Не получилось',
      description: 'Не удалось запустить поиск похожих фич.',
    },
  },
  bookmarks: {
    heading: 'Мои закладки',
    count_one: '{{count}} закладка',
    count_few: '{{count}} закладки',
    count_many: '{{count}} закладок',
    count_other: '{{count}} закладки',
    back: 'Назад',
    search: 'Поиск по закладкам...',
    nothingFound: 'Ничего не найдено',
    clearSearch: 'Сбросить поиск',
    empty: 'У вас пока нет закладок',
    emptyHint: 'Наведите курсор на карточку на доске и нажмите кнопку закладки, чтобы сохранить её здесь.',
    returnToBoard: 'Вернуться к доске',
    showOnBoard: 'Показать на доске',
    showOnBoardOf: 'Показать на доске: {{title}}',
    unknownBoard: 'Неизвестная доска',
    board: 'Доска: {{title}}',
    bookmark: 'Закладка',
  },
} satisfies RussianCatalogue<typeof en>;
