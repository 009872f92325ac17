/**
 * The board's tools over the canvas: find, the selection bar, the minimap, the low-spec switch, the toasts' region
 * and the full-screen viewer (spec board-workspace §2 for the viewer's headings). English.
 */
export const boardTools = {
  find: {
    placeholder: 'Find on board',
    matches_one: '{{count}} match',
    matches_other: '{{count}} matches',
    next: 'Next match',
    close: 'Close find',
  },
  /** Multi-select bar (our words: the spec has no selection). */
  selection: {
    label: 'Selection',
    count_one: '{{count}} card selected',
    count_other: '{{count}} cards selected',
    moveToSection: 'Move to section…',
    moveToBoard: 'Move to board…',
    bookmark: 'Bookmark all',
    unbookmark: 'Remove bookmarks',
    delete: 'Delete',
    zoomToSelection: 'Zoom to selection',
    export: 'Export',
    clear: 'Clear selection',
    /** The undo history's names for the bar's batches. */
    moveCardsToSection: 'Move cards to section',
    bookmarkCards: 'Bookmark cards',
  },
  minimap: 'Minimap',
  toasts: {
    region: 'Notifications (F8)',
    close: 'Close notification',
  },
  viewer: {
    close: 'Close',
    previous: 'Previous image',
    next: 'Next image',
    loadingGenre: 'Loading genre info...',
    genre: 'Genre: {{name}}',
    subgenre: 'Subgenre: {{name}}',
    shortDescription: 'Short Description',
    detailedDescription: 'Detailed Description',
    /** An own image card's markdown notes. */
    notes: 'Notes',
  },
};
