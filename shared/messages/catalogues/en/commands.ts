/**
 * What the board's commands say: their names in the undo history ('Undo: Delete card') and their toasts, with the
 * toasts of the flows around them (sharing, own images, low-spec mode). Spec board-workspace §8 and accounts §8
 * where the spec gives the words. English.
 */
export const commands = {
  /** A command's name, as the undo and redo buttons and the 'Undone' toast show it. */
  label: {
    deleteBoard: 'Delete board',
    deleteCard: 'Delete card',
    renameBoard: 'Rename board',
    moveSection: 'Move section',
    resizeSection: 'Resize section',
    recolorSection: 'Change section colour',
    renameSection: 'Rename section',
    unlinkCard: 'Unlink card from section',
    moveCardToSection: 'Move card to section',
    moveCard: 'Move card',
    moveCards: 'Move cards',
    bookmark: 'Bookmark',
    moreLikeSection: 'More like this section',
    addImages: 'Add images',
  },
  /** The Undo button on a toast. */
  undoAction: 'Undo',
  /** An image added without a file name (pasted). */
  unnamedImage: 'pasted image',
  toasts: {
    cardDeleted: { title: 'Card Deleted', description: 'Card has been removed from the board' },
    cardDeleteFailed: { title: 'Deletion Error', description: 'Failed to delete the card. Please try again.' },
    addedToBookmarks: { title: 'Added to Bookmarks' },
    removedFromBookmarks: { title: 'Removed from Bookmarks' },
    bookmarkFailed: { title: 'Error', description: 'Failed to update bookmark status' },
    boardRenamed: { title: 'Board Renamed' },
    boardRenameFailed: { title: 'Error', description: 'Failed to rename board' },
    /** 'Board Deleted' naming what went with it, so the Undo beside it is an informed choice. */
    boardDeleted: {
      title: 'Board Deleted',
      description_one: '“{{title}}” with {{count}} card.',
      description_other: '“{{title}}” with {{count}} cards.',
    },
    boardDeleteFailed: { title: 'Error', description: 'Failed to delete the board. This might be the main board.' },
    boardRestoreFailed: { title: 'Error', description: 'Could not bring the board back.' },
    boardInvalidId: { title: 'Invalid Board ID', description: 'Cannot delete board with invalid ID.' },
    boardNotFound: { title: 'Board Not Found', description: "The board you're trying to delete doesn't exist." },
    boardCreateFailed: { title: 'Error', description: 'Failed to create new board' },
    sectionPositionFailed: { title: 'Error', description: 'Failed to update section position' },
    sectionSizeFailed: { title: 'Error', description: 'Failed to update section size' },
    sectionColorFailed: { title: 'Error', description: 'Failed to update section color' },
    sectionTitleFailed: { title: 'Error', description: 'Failed to update section title' },
    sectionTitleUpdated: { title: 'Title Updated', description: 'Section title successfully changed' },
    cardPositionFailed: { title: 'Error', description: 'Failed to update card position' },
    cardUnlinked: { title: 'Card unlinked from section', description: 'Card is no longer linked to any section' },
    cardAddedToSection: { title: 'Card added to section', description: '{{section}}' },
    sectionAssignFailed: { title: 'Error', description: 'Failed to update card–section assignment' },
    moreLikeSectionFailed: {
      title: 'More like this section',
      description: 'Could not add more references to this section.',
    },
    undone: { title: 'Undone', description: '{{label}}' },
    redone: { title: 'Redone', description: '{{label}}' },
    nothingToUndo: { title: 'Nothing to undo' },
    nothingToRedo: { title: 'Nothing to redo' },
    /** Share Board (spec accounts §8). */
    shareGenerated: { title: 'Share link generated', description: 'Your board share link is ready to copy!' },
    shareFailed: { title: 'Error', description: 'Failed to generate share link. Please try again.' },
    shareCopied: { title: 'Copied!', description: 'Share link copied to clipboard' },
    shareCopyFailed: { title: 'Copy failed', description: 'Please copy the link manually' },
    shareStopped: { title: 'Sharing stopped', description: 'The old link no longer opens this board' },
    shareStopFailed: { title: 'Error', description: 'Failed to stop sharing. Please try again.' },
    /** Shown once per device, when low-spec mode was switched on by itself. */
    lowSpecAuto: {
      title: 'Low-spec mode is on',
      description:
        'This device has a slow graphics path or little memory, so boards draw more simply. Switch it off in the toolbar.',
    },
    ownImageRefused: { title: 'Could not add {{name}}', description: '{{reason}}' },
    ownImagesTooMany: {
      title: 'Too many files',
      description_one: 'Add up to {{count}} image at once; the first is being added.',
      description_other: 'Add up to {{count}} images at once; the first {{count}} are being added.',
    },
    ownCardSaved: { title: 'Card saved' },
    ownCardSaveFailed: { title: 'Error', description: 'Failed to save the card' },
    ratingFailed: { title: 'Error', description: 'Failed to save your rating. Please try again.' },
    appResetFailed: { title: 'Reset Error' },
    sharedBoardCopied: {
      title: 'Board copied successfully',
      description: 'The shared board has been added to your account',
    },
  },
};
