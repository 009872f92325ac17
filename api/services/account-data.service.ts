import path from 'node:path';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import { STORAGE_URL_PREFIX } from '#shared/image-urls';
import type { Locale } from '#shared/locale';
import { accountRemovalRepo } from '../db/repositories/account-removal.repo';
import { boardsRepo } from '../db/repositories/boards.repo';
import { cardsRepo } from '../db/repositories/cards.repo';
import type { UserRow } from '../db/repositories/users.repo';
import type { AppDeps } from '../deps';
import { log } from '../ops/log';
import { exportContent, type ExportCard } from './export/export-content.service';
import { exportWords } from './export/export-words';
import { renderBrief, type BriefImage } from './export/markdown-brief';
import { createPushStream } from './export/push-stream';
import { isExternalImage } from './export/stored-images';
import { visibleCards } from './section-lock.service';
import { listSections } from './sections.service';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'storage'>;

export type AccountDataDownload = { fileName: string; body: ReadableStream<Uint8Array> };

/** A board's folder in the zip: its id (unique) and a file-system-safe form of its title. */
function boardFolder(id: number, title: string): string {
  const safe = title
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `boards/${id}${safe ? `-${safe}` : ''}`;
}

/** The zip path of an own image's original: images/<sha-256>.<ext>, one file however many cards show it. */
const imageZipPath = (url: string) => `images/${path.posix.basename(url)}`;

/**
 * GET /api/account/data: everything the user owns, as a zip streamed while it is made. account.json (the
 * account and an index of what follows), per owned board a folder with the Markdown brief (the board export's
 * own renderer) and board.json (the board, its sections and cards with places and images), and images/ with the
 * user's own uploaded originals. Boards are read one at a time and each image is fetched only when the client
 * has taken what came before, so memory holds one board and one image at most. What the free plan hides on a
 * board stays out, as it does from every export.
 */
export function accountDataZip(deps: Deps, user: UserRow, origin: string, locale: Locale): AccountDataDownload {
  const now = deps.clock.now();
  const date = now.toISOString().slice(0, 10);
  const t = exportWords(locale);
  const out = createPushStream();
  const zip = new Zip((err, chunk, final) => {
    if (err) return out.fail(err);
    out.push(chunk);
    if (final) out.close();
  });
  const addText = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(strToU8(text), true);
  };

  void (async () => {
    const images = await accountRemovalRepo.ownImagesOf(deps.db, user.id);
    const ownUrls = new Set(images.map((image) => image.url));
    const briefImages = (card: ExportCard): BriefImage[] =>
      card.images.map((url): BriefImage => {
        if (ownUrls.has(url)) return { kind: 'file', zipPath: `../../${imageZipPath(url)}` };
        // Catalogue screenshots stay links to this server; an outside image stays the link it is.
        return { kind: 'link', url: isExternalImage(url) ? url : `${origin}${url}` };
      });

    const boards = await boardsRepo.listOwned(deps.db, user.id);
    const index = boards.map((board) => ({
      id: board.id,
      title: board.title,
      folder: boardFolder(board.id, board.title),
    }));
    addText(
      'account.json',
      JSON.stringify(
        {
          exportedAt: now.toISOString(),
          account: {
            email: user.email,
            name: user.firstName,
            language: user.language,
            createdAt: user.createdAt.toISOString(),
            planId: user.planId,
          },
          boards: index,
          images: images.map((image) => ({
            file: imageZipPath(image.url),
            width: image.width,
            height: image.height,
            uploadedAt: image.createdAt.toISOString(),
          })),
        },
        null,
        2,
      ),
    );

    for (const [i, board] of boards.entries()) {
      await out.demand();
      if (out.cancelled) return zip.terminate();
      const folder = index[i].folder;
      const content = await exportContent(deps, user, board.id, {}, t);
      addText(`${folder}/brief.md`, renderBrief(content, briefImages, date, t));
      const sections = (await listSections(deps, user, board.id)).filter((s) => !s.locked);
      const open = new Set(sections.map((s) => s.id));
      const cards = (await visibleCards(deps.db, user, await cardsRepo.listOwnedByBoard(deps.db, user.id, board.id)))
        .filter((card) => card.sectionId === null || open.has(card.sectionId))
        .map((card) => ({
          id: card.id,
          sectionId: card.sectionId,
          title: card.title,
          description: card.description,
          detailedDescription: card.detailedDescription,
          game: card.game,
          gameLink: card.gameLink,
          tags: card.tags,
          images: card.images,
          orientation: card.orientation,
          position: { x: card.x, y: card.y },
          source: card.source,
          createdAt: card.createdAt.toISOString(),
        }));
      const boardJson = {
        board: {
          id: board.id,
          title: board.title,
          createdAt: board.createdAt.toISOString(),
          updatedAt: board.updatedAt.toISOString(),
        },
        sections: sections.map(({ locked: _locked, ...section }) => section),
        cards,
      };
      addText(`${folder}/board.json`, JSON.stringify(boardJson, null, 2));
    }

    for (const image of images) {
      await out.demand();
      if (out.cancelled) return zip.terminate();
      const stored = await deps.storage.store.get(image.url.slice(STORAGE_URL_PREFIX.length));
      if (!stored) {
        log.warn({ userId: user.id, url: image.url }, 'account data: an own image is missing from storage');
        continue;
      }
      // Already compressed image formats: stored as they are.
      const entry = new ZipPassThrough(imageZipPath(image.url));
      zip.add(entry);
      entry.push(stored.data, true);
    }
    zip.end();
  })().catch((err) => {
    log.error({ err, userId: user.id }, 'account data download failed');
    zip.terminate();
    out.fail(err);
  });
  return { fileName: `loot-data-${date}.zip`, body: out.stream };
}
