/** The left sidebar: its buttons, the board list's actions, the usage meter and the user menu. English. */
export const sidebar = {
  label: 'Sidebar',
  toggle: 'Toggle sidebar',
  newBoard: 'New Board',
  bookmarks: 'Bookmarks',
  newBookmarks_one: '{{count}} new bookmark',
  newBookmarks_other: '{{count}} new bookmarks',
  collections: 'Collections',
  featureSearch: 'Feature Search',
  signIn: 'Sign in',
  boards: 'Boards',
  boardTitle: 'Board title',
  rename: 'Rename',
  renameLabel: 'Rename {{title}}',
  delete: 'Delete',
  deleteLabel: 'Delete {{title}}',
  usage: {
    label: 'Searches this month',
    resetsOn: 'Searches reset on {{date}}',
  },
  menu: {
    billing: 'Billing',
    resetApplication: 'Reset application',
    demoBoard: 'Demo board',
    signOut: 'Sign out',
  },
};
