import type { Locale } from '#shared/locale';
import type { ExportQuery } from '#shared/schemas/export';
import type { AppDeps } from '../../deps';
import type { Viewer } from '../section-lock.service';
import { briefZipStream } from './brief-zip';
import { exportContent } from './export-content.service';
import { exportWords } from './export-words';
import { exportFileName } from '#shared/export-file-name';
import { pdfPackStream } from './pdf-pack';

export type ExportDownload = { fileName: string; contentType: string; body: ReadableStream<Uint8Array> };

/**
 * GET /api/boards/:id/export: the board, one section or chosen cards as a PDF reference pack or a Markdown brief
 * zip. The content is read (and access checked) before anything is sent, so a 404 is a clean JSON error; the file
 * itself is streamed while it is made. Its own words (headings, labels, 'No section') are in `locale`.
 */
export async function exportBoard(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'storage' | 'catalogueImages'>,
  viewer: Viewer,
  boardId: number,
  query: ExportQuery,
  locale: Locale,
): Promise<ExportDownload> {
  const t = exportWords(locale);
  const content = await exportContent(deps, viewer, boardId, { sectionId: query.sectionId, cardIds: query.cardIds }, t);
  // Images come as a page gets them: a catalogue image not drawn yet (a first start) is drawn when asked for.
  const images = { store: deps.storage.store, drawNow: deps.catalogueImages?.drawNow };
  const date = deps.clock.now();
  const dateText = date.toISOString().slice(0, 10);
  if (query.format === 'md') {
    return {
      fileName: exportFileName(content.boardTitle, content.scopeTitle, 'zip'),
      contentType: 'application/zip',
      body: briefZipStream(content, images, dateText, t),
    };
  }
  const layout = { paper: query.paper, orientation: query.orientation, perPage: query.perPage };
  return {
    fileName: exportFileName(content.boardTitle, content.scopeTitle, 'pdf'),
    contentType: 'application/pdf',
    body: pdfPackStream(content, layout, { images, date, dateText, t }),
  };
}
