import { EXPORT_FILE_NAME_FALLBACK } from './messages/export';

/**
 * The download's name from the board title (the server's PDF and zip, the browser's PNG) (and the section's, for a section): characters that file systems
 * refuse or that could smuggle a path are replaced, whitespace collapsed, length capped.
 *
 * @example exportFileName('Starter packs: Match-3', 'Shops', 'pdf') // 'Starter packs- Match-3 - Shops.pdf'
 */
export function exportFileName(boardTitle: string, scopeTitle: string | null, extension: string): string {
  const base = [boardTitle, scopeTitle]
    .filter((part): part is string => Boolean(part && part.trim()))
    .join(' - ')
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.-]+|[\s.]+$/g, '')
    .slice(0, 120)
    .trim();
  return `${base || EXPORT_FILE_NAME_FALLBACK}.${extension}`;
}

/** Content-Disposition for a download: an ASCII fallback name plus the exact name as RFC 8187 `filename*`. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
