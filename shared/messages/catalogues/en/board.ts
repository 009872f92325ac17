/** The board's own controls (spec board-workspace §2, §4, §5): English. */
export const board = {
  card: {
    findSimilar: 'Find similar',
    bookmark: 'Bookmark',
    move: 'Move',
    download: 'Download',
    copyText: 'Copy text',
    delete: 'Delete',
    noImage: 'No image',
    loadingImage: 'Loading...',
  },
  /** A card's right-click menu. */
  contextMenu: {
    heading: 'Add to section',
    /** The menu's accessible name: which card it moves, for a screen reader and for a test. */
    label: 'Add to section: {{title}}',
    noSection: 'No section',
    noSections: 'No sections available',
  },
  /** Cards from the keyboard: the focusable element over the canvas that screen readers announce. */
  cardFocus: {
    /** Its name before a card has focus. */
    board: 'Board cards',
    roleDescription: 'card',
    /** The focused card's name: its title and its section. */
    label: '{{title}}, section {{section}}',
    labelLoose: '{{title}}, no section',
    /** Said when focus moves: the card's name and its place in the reading order. */
    announcement: '{{label}}. Card {{index}} of {{count}}.',
    hint: 'Arrow keys move between cards, Enter opens the card, Space selects it, Shift+F10 opens its menu.',
    /** On a board the user may only view: no menu. */
    hintReadOnly: 'Arrow keys move between cards, Enter opens the card, Space selects it.',
  },
  /** Who is on a team board now: the avatars by the toolbar. */
  presence: {
    label: 'On this board now',
    you: '{{name}} (you)',
  },
  moveDialog: {
    title: 'Move card',
    subtitle: 'Choose a card and where it goes',
    noSection: 'No section',
    tabSection: 'Move to section',
    tabBoard: 'Move to board',
    cancel: 'Cancel',
    submit: 'Move',
    busy: 'Moving...',
    chooseCard: 'Please choose a card',
    chooseSection: 'Please choose a destination section',
    chooseBoard: 'Please choose a destination board',
    cardNotFound: 'The chosen card was not found',
    sectionNotFound: 'The chosen section was not found',
    boardNotFound: 'The chosen board was not found',
    infoTitle: 'Information',
    alreadyInSection: 'The card is already in the chosen section',
    alreadyOnBoard: 'The card is already on the chosen board',
    cardLabel: 'Card',
    sectionLabel: 'Section',
    boardLabel: 'Board',
  },
  /** A search's answer on a free owner's board: the answer's first section is open, these are locked. */
  searchAnswer: {
    premiumSections_one: '{{count}} more section is in Premium',
    premiumSections_other: '{{count}} more sections are in Premium',
  },
  /** The search panel's chips: what the last query was read as, each part removable or changeable. */
  searchReading: {
    label: 'Read as',
    removeTopic: 'Remove topic {{name}}',
    removeScope: 'Remove scope {{name}}',
    changeScope: 'Change scope',
    addScope: 'Add a genre or game',
    kind: {
      genre: '{{name}} games',
      subGenre: '{{name}} games',
      game: '{{name}}',
      tier: '{{name}} tier',
    },
    showingFor: 'Showing results for “{{to}}”',
    searchTyped: 'Search “{{from}}” instead',
    asTyped: 'Searched as typed',
    /** The undo history's name for a changed reading run again. */
    changeLabel: 'Change how the query was read',
  },
};
