/**
 * A file name's last resort when a board's title leaves nothing usable (shared/export-file-name.ts). The words
 * inside the exported documents are in the catalogues (namespace exportDoc), in the user's language.
 */
export const EXPORT_FILE_NAME_FALLBACK = 'board';
