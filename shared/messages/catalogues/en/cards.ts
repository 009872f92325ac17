/**
 * A card's own words outside the canvas: its hover bar, 'Find similar' and its confirmation, the chips saying why a
 * search added it, its download and copy toasts, and the bookmarks view (spec board-workspace §2, §5, §8). English.
 */
export const cards = {
  /** The hover bar's accessible name. */
  actions: 'Card actions: {{title}}',
  /** The undo history's name for deleting several cards at once. */
  deleteCards: 'Delete cards',
  /** 'Find similar' spends a search, so the hover bar asks first. */
  findSimilar: {
    title: 'Find similar cards?',
    body: 'Loot makes a new board of cards like “{{title}}”.',
    costUnlimited: 'This runs one search.',
    cost_one: 'This uses one of your searches: {{count}} is left this month.',
    cost_other: 'This uses one of your searches: {{count}} are left this month.',
    confirm: 'Find similar',
    cancel: 'Cancel',
  },
  /** Why a search put the card on the board. */
  reasons: {
    heading: 'Why this card is here',
    kind: {
      tag: 'Matched feature tag',
      genre: 'Matched genre',
      tier: 'Matched tier',
      game: 'Named game',
      word: 'Matched word',
    },
  },
  /** Spec board-workspace §8 and accounts §8, with find similar's second sentence (it spends a search). */
  toasts: {
    downloadError: { title: 'Download error', description: 'No image available for download.' },
    fileSaved: { title: 'File saved', description: 'Image from {{title}} saved' },
    textCopied: { title: 'Text copied', description: 'Card description copied to clipboard' },
    cardDeleted: { title: 'Card Deleted', description: 'Card has been removed from the board' },
    cardsDeleted: { title: 'Cards Deleted', description: 'The cards have been removed from the board' },
    undo: 'Undo',
    authError: { title: 'Authentication Error', description: 'Could not verify user.' },
    findingSimilar: {
      title: 'Finding similar features...',
      description: 'Creating a new board for the results. This uses one search from your monthly limit.',
    },
    findSimilarFailed: {
      title: 'Operation Failed',
      description: 'Could not start the search for similar features.',
    },
  },
  /** 'My Bookmarks' (spec board-workspace §2). */
  bookmarks: {
    heading: 'My Bookmarks',
    count_one: '{{count}} item',
    count_other: '{{count}} items',
    back: 'Back',
    search: 'Search bookmarks...',
    nothingFound: 'Nothing found',
    clearSearch: 'Clear Search',
    empty: "You don't have any bookmarks yet",
    emptyHint: 'Hover a card on your board and press the bookmark button to keep it here.',
    returnToBoard: 'Return to Board',
    showOnBoard: 'Show on Board',
    showOnBoardOf: 'Show on Board: {{title}}',
    unknownBoard: 'Unknown board',
    board: 'Board: {{title}}',
    bookmark: 'Bookmark',
  },
};
