/**
 * Words for own images: the API's refusals (sent as `{error:{code,message}}` and shown as the toast's
 * description) and the web's labels and toasts.
 */
const MB = 1024 * 1024;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MB) return `${(bytes / (1024 * MB)).toFixed(1).replace(/\.0$/, '')} GB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(1).replace(/\.0$/, '')} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

export const OWN_IMAGE_ERRORS = {
  noFile: 'Attach the image as the form field "file".',
  emptyFile: 'The file is empty.',
  tooLargeFile: (maxBytes: number) => `The image is larger than ${formatBytes(maxBytes)}.`,
  tooManyPixels: 'The image has too many pixels to open safely.',
  svg: 'SVG images are not accepted: export the image as PNG or JPEG first.',
  unsupported: 'This is not an image Loot can read: use PNG, JPEG, WebP, GIF or AVIF.',
  broken: 'The image is damaged or incomplete.',
  quota: (usedBytes: number, limitBytes: number) =>
    `Your plan's image storage is full (${formatBytes(usedBytes)} of ${formatBytes(limitBytes)} used): delete some of your own images or upgrade your plan.`,
  badPosition: 'x and y must be numbers.',
  badSection: 'sectionId must be a section id.',
  notOwnCard: 'Only your own image cards can be changed this way.',
  galleryFull: (max: number) => `A card holds at most ${max} images.`,
  imageGone: 'This image is no longer stored.',
  linkScheme: 'Only http and https image links can be added.',
  linkAddress: 'This link points to a private or local address, which Loot never fetches.',
  linkRedirects: 'The link redirected too many times.',
  linkTimeout: 'The link took too long to answer.',
  linkStatus: (status: number) => `The link answered with HTTP ${status}.`,
  linkUnreachable: 'The link could not be reached.',
} as const;

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
