/**
 * Words for own images: the web's labels and toasts, and formatBytes for sizes (the API's refusals are in the
 * `errors` catalogue namespace).
 */
const MB = 1024 * 1024;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MB) return `${(bytes / (1024 * MB)).toFixed(1).replace(/\.0$/, '')} GB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(1).replace(/\.0$/, '')} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

export const OWN_IMAGE_TEXT = {
  addImages: 'Add images',
  editTitle: 'Edit card',
  title: 'Title',
  notes: 'Notes (markdown)',
  notesHeading: 'Notes',
  game: 'Game',
  gameLink: 'Game link',
  tags: 'Tags (comma separated)',
  save: 'Save',
  cancel: 'Cancel',
  uploading: 'Uploading',
  planStorage: (limitBytes: number) =>
    limitBytes < 0 ? 'Unlimited image storage' : `${formatBytes(limitBytes)} of image storage`,
  storageLabel: 'Image storage',
  storageUsed: (usedBytes: number, limitBytes: number) =>
    limitBytes < 0
      ? `${formatBytes(usedBytes)} used (unlimited)`
      : `${formatBytes(usedBytes)} of ${formatBytes(limitBytes)} used`,
} as const;

export const OWN_IMAGE_TOASTS = {
  refused: (fileName: string, reason: string) => ({ title: `Could not add ${fileName}`, description: reason }),
  tooMany: (max: number) => ({
    title: 'Too many files',
    description: `Add up to ${max} images at once; the first ${max} are being added.`,
  }),
  saved: { title: 'Card saved' },
  saveFailed: { title: 'Error', description: 'Failed to save the card' },
} as const;
