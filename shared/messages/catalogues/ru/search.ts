import type { search as en } from '../en/search';
import type { RussianCatalogue } from '../types';

/** Панель поиска, её списки выбора, индикатор и отправка запроса. Русский. */
export const search = {
  heading: 'Какие референсы будем лутать?',
  placeholder: 'например, «Starter Pack in Match-3»',
  inputLabel: 'Поисковый запрос',
  clear: 'Очистить поиск',
  submit: 'Найти',
  featuresHeading: 'ФИЧИ',
  selectFeatures: 'Выберите фичи',
  genresHeading: 'ЖАНРЫ И ИГРЫ',
  anyContext: 'Любые',
  selected: 'Выбрано: {{count}}',
  genresMode: 'Жанры',
  gamesMode: 'Игры',
  superGenres: 'Группы жанров',
  gameSearchPlaceholder: 'Поиск игр...',
  quickGameFilters: 'Быстрые фильтры игр',
  quickGameFilter: { any: 'Все', top: 'Топ игр', new: 'Новые' },
  aiFooter: 'Данные собраны автоматически с помощью ИИ и могут быть неточными.',
  noGames: 'Игры не найдены',
  loadingGames: 'Загрузка игр...',
  expand: 'Показать подфичи: {{name}}',
  collapse: 'Скрыть подфичи: {{name}}',
  collectionsHeading: 'Коллекции',
  viewAll: 'Все коллекции',
  proBadge: 'Pro',
  newBadge: 'новое',
  suggestionsHeading: 'Попробуйте один из запросов',
  closePicker: 'Готово',
  dismissNotice: 'Скрыть',
  indicator: {
    loading: 'Собираем референсы',
    success: 'Ваш лут готов!',
  },
  errors: {
    usageUnverified: 'Не удалось проверить лимит поисков',
    unexpected: 'Произошла непредвиденная ошибка.',
    processing: 'При обработке запроса произошла ошибка.',
    gamesFetchFailed: 'Не удалось загрузить список игр',
    gamesApiError: 'Сервер вернул ошибку',
  },
  limitReached: {
    title: 'Месячный лимит исчерпан; повысьте тариф',
    description: 'Поиски снова станут доступны {{date}}.',
  },
  boardNamed: {
    title: 'Доска названа по вашему запросу',
    description: '«{{title}}»',
    undo: 'Отменить',
  },
} satisfies RussianCatalogue<typeof en>;
