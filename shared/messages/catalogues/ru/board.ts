import type { board as en } from '../en/board';
import type { RussianCatalogue } from '../types';

/**
 * The board's own controls, Russian. The context menu, 'Загрузка...' and the Move dialog are the spec's words
 * (board-workspace §2, §5), kept word for word.
 */
export const board = {
  card: {
    findSimilar: 'Найти похожие',
    bookmark: 'В закладки',
    move: 'Переместить',
    download: 'Скачать',
    copyText: 'Копировать текст',
    delete: 'Удалить',
    noImage: 'Нет изображения',
    loadingImage: 'Загрузка...',
  },
  contextMenu: {
    heading: 'Добавить в секцию',
    label: 'Добавить в секцию: {{title}}',
    noSection: 'Без секции',
    noSections: 'Нет доступных секций',
  },
  cardFocus: {
    board: 'Карточки доски',
    roleDescription: 'карточка',
    label: '{{title}}, секция {{section}}',
    labelLoose: '{{title}}, без секции',
    announcement: '{{label}}. Карточка {{index}} из {{count}}.',
    hint: 'Стрелки переходят между карточками, Enter открывает карточку, пробел выделяет её, Shift+F10 открывает её меню.',
    hintReadOnly: 'Стрелки переходят между карточками, Enter открывает карточку, пробел выделяет её.',
  },
  presence: {
    label: 'Сейчас на доске',
    you: '{{name}} (вы)',
  },
  moveDialog: {
    title: 'Переместить карточку',
    subtitle: 'Выберите карточку и место назначения',
    noSection: 'Без секции',
    tabSection: 'Переместить в секцию',
    tabBoard: 'Переместить на доску',
    cancel: 'Отмена',
    submit: 'Переместить',
    busy: 'Перемещение...',
    chooseCard: 'Пожалуйста, выберите карточку',
    chooseSection: 'Пожалуйста, выберите секцию назначения',
    chooseBoard: 'Пожалуйста, выберите доску назначения',
    cardNotFound: 'Выбранная карточка не найдена',
    sectionNotFound: 'Выбранная секция не найдена',
    boardNotFound: 'Выбранная доска не найдена',
    infoTitle: 'Информация',
    alreadyInSection: 'Карточка уже находится в выбранной секции',
    alreadyOnBoard: 'Карточка уже находится на выбранной доске',
    cardLabel: 'Карточка',
    sectionLabel: 'Секция',
    boardLabel: 'Доска',
  },
  searchAnswer: {
    premiumSections_one: 'ещё {{count}} секция доступна в Premium',
    premiumSections_few: 'ещё {{count}} секции доступны в Premium',
    premiumSections_many: 'ещё {{count}} секций доступно в Premium',
    premiumSections_other: 'ещё {{count}} секции доступно в Premium',
  },
  searchReading: {
    label: 'Понято как',
    removeTopic: 'Убрать тему {{name}}',
    removeScope: 'Убрать область {{name}}',
    changeScope: 'Изменить область',
    addScope: 'Добавить жанр или игру',
    kind: {
      genre: 'Игры {{name}}',
      subGenre: 'Игры {{name}}',
      game: '{{name}}',
      tier: 'Уровень {{name}}',
    },
    showingFor: 'Показаны результаты для «{{to}}»',
    searchTyped: 'Искать «{{from}}» как написано',
    asTyped: 'Поиск как написано',
    changeLabel: 'Изменение прочтения запроса',
  },
} satisfies RussianCatalogue<typeof en>;
