/** Texts of the export dialog in the web app. Our own words. */
export const EXPORT_TEXT = {
  menuEntry: 'Export',
  dialogTitle: 'Export',
  what: 'What',
  wholeBoard: 'Whole board',
  thisSection: 'This section',
  selectedCards: (n: number) => `Selected cards (${n})`,
  format: 'Format',
  formatPng: 'PNG image',
  formatPdf: 'PDF reference pack',
  formatMd: 'Markdown brief (.zip)',
  scale: 'Size',
  scale1x: '1×',
  scale2x: '2×',
  scaleWidth: 'Width',
  widthPx: 'px',
  background: 'Include background',
  paper: 'Paper',
  paperA4: 'A4',
  paperLetter: 'Letter',
  orientation: 'Orientation',
  portrait: 'Portrait',
  landscape: 'Landscape',
  perPage: 'Cards per page',
  start: 'Export',
  cancel: 'Cancel',
  close: 'Close',
  preparingImages: 'Loading images…',
  rendering: 'Rendering…',
  downloading: 'Building the file…',
  done: 'Exported',
  cancelled: 'Export cancelled',
  failed: 'Export failed',
  nothingToExport: 'Nothing to export: there are no cards here.',
  tooManySelected: (max: number) => `Select at most ${max} cards for a PDF or Markdown export.`,
  tooLarge: (max: number) => `The image would be larger than ${max} px on its long side.`,
} as const;

/**
 * A file name's last resort when a board's title leaves nothing usable (shared/export-file-name.ts). The words
 * inside the exported documents are in the catalogues (namespace exportDoc), in the user's language.
 */
export const EXPORT_FILE_NAME_FALLBACK = 'board';
