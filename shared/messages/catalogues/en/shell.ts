/** The app's frame (sidebar, user menu, language switch): English. */
export const shell = {
  language: {
    label: 'Language',
    saveFailedTitle: 'Language not saved',
    saveFailed: 'Could not save your language. It applies in this browser only.',
  },
  boardList: {
    created: 'created {{date}}',
  },
};
