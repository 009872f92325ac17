import type { ExportFormat, ExportOrientation, ExportPaper } from '#shared/schemas/export';
import { ApiError, languageHeader } from './api-client';

export type ServerExportOptions = {
  boardId: number;
  format: ExportFormat;
  sectionId?: number | null;
  cardIds?: number[] | null;
  paper: ExportPaper;
  orientation: ExportOrientation;
  perPage: 2 | 4;
};

/** GET /api/boards/:id/export with the dialog's choices (shared/schemas/export.ts is the contract). */
export function exportUrl(options: ServerExportOptions): string {
  const params = new URLSearchParams({ format: options.format });
  if (options.sectionId) params.set('sectionId', String(options.sectionId));
  if (options.cardIds?.length) params.set('cardIds', options.cardIds.join(','));
  if (options.format === 'pdf') {
    params.set('paper', options.paper);
    params.set('orientation', options.orientation);
    params.set('perPage', String(options.perPage));
  }
  return `/api/boards/${options.boardId}/export?${params}`;
}

/** The file name the server chose (RFC 8187 `filename*` first, then the plain one). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="([^"]*)"/i.exec(header);
  return plain?.[1] || fallback;
}

/**
 * Downloads a server-made export while it streams, reporting the bytes received (the server builds the file as
 * it sends it, so its length is not known ahead). Aborting the signal stops the download and, on the server, the
 * building.
 */
export async function fetchExport(url: string, signal: AbortSignal, onBytes: (received: number) => void): Promise<{ blob: Blob; fileName: string }> {
  const res = await fetch(url, { credentials: 'include', signal, headers: languageHeader() });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  const fileName = fileNameFromDisposition(res.headers.get('content-disposition'), 'board');
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  if (!res.body) return { blob: await res.blob(), fileName };
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onBytes(received);
  }
  return { blob: new Blob(chunks, { type }), fileName };
}

/** Hands a finished file to the browser's downloads. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
