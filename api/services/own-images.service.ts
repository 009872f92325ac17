import { say } from '#shared/messages/errors';
import { formatBytes } from '#shared/messages/own-images';
import { lockNames, withTransaction } from '../db/transaction';
import { usersRepo } from '../db/repositories/users.repo';
import { OWN_IMAGE_DIR, OWN_IMAGE_URL_PREFIX, titleFromFileName } from '#shared/own-images';
import { STORAGE_URL_PREFIX, STORAGE_VARIANT_WIDTHS } from '#shared/image-urls';
import { storageBytesForPlan } from '#shared/plans';
import { CARD_LIMITS, type Card } from '#shared/schemas/card';
import type { OwnCardDetailsBody, Placement, StorageUsage } from '#shared/schemas/own-images';
import type { RepoDb } from '../db/repositories/boards.repo';
import { cardsRepo, type CardRow } from '../db/repositories/cards.repo';
import { cardBookmarksRepo } from '../db/repositories/card-bookmarks.repo';
import { ownImagesRepo } from '../db/repositories/own-images.repo';
import { sectionsRepo } from '../db/repositories/sections.repo';
import type { AppDeps } from '../deps';
import { AppError, badRequest, notFound } from '../errors';
import { fetchImageLink } from '../own-images/fetch-image-link';
import { normalizeImage, type NormalizedImage } from '../own-images/normalize-image';
import type { ObjectStore } from '../storage/object-store';
import { renderVariant, variantRelativePath } from '../storage/variants';
import { writeBoard } from './board-ops/board-write';
import { insertCards, requireCard, setCardImages, updateCardDetails } from './board-ops/card-ops';
import { requireSection } from './board-ops/section-ops';
import { toCard } from './cards.service';
import { assertCardVisible, type Viewer } from './section-lock.service';
import { requireBoardRole } from './board-ops/board-access';

/**
 * A user's own images: uploads and image links become own cards; files are stored content-addressed
 * through the object store; the plan's storage quota is checked in the same transaction that writes the card;
 * files no card shows are removed by the sweep after a grace period (long enough for an undo to bring the card
 * back).
 */
type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'storage' | 'eventHub'>;

/** How long an image no card shows is kept before the sweep removes it (undo of a delete re-creates the card). */
export const ORPHAN_GRACE_MS = 60 * 60_000;

/**
 * The sweep removes rows no card shows; a write that makes a card show an own image checks the rows first. Each
 * such write holds this name shared and the sweep holds it exclusive (lockNames), so a sweep never removes a row
 * between another request's check and its card.
 */
const OWN_IMAGE_ROWS = 'own-images';

/** Inside a transaction that will make a card show own images: the sweep waits until it ends. */
export async function holdOwnImageRows(tx: RepoDb): Promise<void> {
  await lockNames(tx, [OWN_IMAGE_ROWS], 'shared');
}

/**
 * Inside a transaction that removes own image rows as the sweep does (an account's deletion): held exclusive, so
 * no write checks a row between its removal and the check for files no row keeps.
 */
export async function lockOwnImageRows(tx: RepoDb): Promise<void> {
  await lockNames(tx, [OWN_IMAGE_ROWS], 'exclusive');
}

/**
 * Inside a transaction that checks the storage quota or a card's gallery and then writes: the user's row is locked
 * (one such write per user at a time, on any instance) and the sweep is held off.
 */
async function lockForOwnImageWrite(tx: RepoDb, user: Viewer): Promise<void> {
  await usersRepo.lockById(tx, user.id);
  await holdOwnImageRows(tx);
}

const storeOf = (deps: Deps): ObjectStore => deps.storage.store;

/** The stored original and its variants, as storage keys. */
export function keysOf(url: string): string[] {
  const key = url.slice(STORAGE_URL_PREFIX.length);
  return [key, ...STORAGE_VARIANT_WIDTHS.map((w) => variantRelativePath(key, w))];
}

type Prepared = NormalizedImage & { url: string; bytes: number; files: { key: string; data: Buffer }[] };

async function prepare(input: Buffer): Promise<Prepared> {
  const image = await normalizeImage(input);
  const url = `${OWN_IMAGE_URL_PREFIX}${image.sha256}.${image.ext}`;
  const key = `${OWN_IMAGE_DIR}/${image.sha256}.${image.ext}`;
  const variants = await Promise.all(
    STORAGE_VARIANT_WIDTHS.map(async (w) => ({
      key: variantRelativePath(key, w),
      data: await renderVariant(image.data, w),
    })),
  );
  const files = [{ key, data: image.data }, ...variants];
  return { ...image, url, files, bytes: files.reduce((sum, f) => sum + f.data.length, 0) };
}

function quotaError(used: number, limit: number) {
  return new AppError(
    'storage_quota_exceeded',
    413,
    say('ownImages.quota', { used: formatBytes(used), limit: formatBytes(limit) }),
    {
      usedBytes: used,
      limitBytes: limit,
    },
  );
}

/** Refuses when keeping `image` would take the user past their plan's storage (an image they keep already is free). */
async function checkQuota(db: RepoDb, user: Viewer, image: Prepared): Promise<void> {
  const limit = storageBytesForPlan(user.planId);
  if (limit < 0) return;
  const used = await ownImagesRepo.usedBytes(db, user.id);
  const existing = await ownImagesRepo.getForUser(db, user.id, image.sha256);
  const alreadyCounted = existing && (await ownImagesRepo.userHasCardShowing(db, user.id, existing.url));
  if (!alreadyCounted && used + image.bytes > limit) throw quotaError(used, limit);
}

/**
 * The board an own image goes on (an editor's or the owner's) and its owner, whose storage the image counts toward
 * (own images an editor adds count toward the owner's storage).
 */
async function requirePlacement(
  db: RepoDb,
  user: Viewer,
  boardId: number,
  sectionId: number | null | undefined,
): Promise<Viewer> {
  const { owner } = await requireBoardRole(db, user, boardId, 'editor');
  if (sectionId) {
    const section = await sectionsRepo.getOwned(db, owner.id, sectionId);
    if (!section || section.boardId !== boardId) throw notFound('section');
  }
  return owner;
}

/**
 * Writes the files, then runs `commit` (a transaction that checks the quota again and writes rows).
 * If the commit refuses, files no row keeps are removed again: a refusal writes nothing.
 */
async function storeAndCommit<T>(deps: Deps, image: Prepared, commit: () => Promise<T>): Promise<T> {
  const store = storeOf(deps);
  await Promise.all(image.files.map((f) => store.put(f.key, f.data)));
  try {
    return await commit();
  } catch (err) {
    if (!(await ownImagesRepo.anyRowFor(deps.db, image.sha256)))
      await Promise.all(image.files.map((f) => store.remove(f.key)));
    throw err;
  }
}

async function keepImageRow(deps: Deps, tx: RepoDb, user: Viewer, image: Prepared) {
  await ownImagesRepo.upsert(tx, {
    userId: user.id,
    sha256: image.sha256,
    url: image.url,
    bytes: image.bytes,
    width: image.width,
    height: image.height,
    createdAt: deps.clock.now(),
  });
}

/** The board write of an own card (board-ops): quota and image row in the same transaction as the card. */
async function createOwnCard(
  deps: Deps,
  user: Viewer,
  boardId: number,
  input: Buffer,
  title: string,
  placement: Placement,
): Promise<Card> {
  const owner = await requirePlacement(deps.db, user, boardId, placement.sectionId);
  const image = await prepare(input);
  await checkQuota(deps.db, owner, image);
  return await storeAndCommit(deps, image, async () => {
    const write = await writeBoard(
      deps,
      user,
      boardId,
      async (w) => {
        if (placement.sectionId) await requireSection(w, placement.sectionId);
        await checkQuota(w.tx, w.owner, image);
        await keepImageRow(deps, w.tx, w.owner, image);
        const [row] = await insertCards(w, [
          {
            sectionId: placement.sectionId ?? null,
            title: title.slice(0, CARD_LIMITS.title),
            images: [image.url],
            orientation: image.height > image.width ? 'vertical' : 'horizontal',
            x: placement.x ?? 0,
            y: placement.y ?? 0,
            source: 'own',
          },
        ]);
        return toCard(row, false);
      },
      { lockFirst: (tx) => lockForOwnImageWrite(tx, owner) },
    );
    return write.result;
  });
}

/** POST /api/boards/:id/images */
export async function addUploadedImage(
  deps: Deps,
  user: Viewer,
  boardId: number,
  file: { data: Buffer; name: string },
  placement: Placement,
) {
  return await createOwnCard(deps, user, boardId, file.data, titleFromFileName(file.name), placement);
}

/** The file name a link ends with, decoded when it can be (a malformed escape keeps it as sent). */
function lastPathSegment(url: URL): string {
  const raw = url.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** POST /api/boards/:id/image-links */
export async function addImageLink(deps: Deps, user: Viewer, boardId: number, link: string, placement: Placement) {
  await requirePlacement(deps.db, user, boardId, placement.sectionId);
  const fetched = await fetchImageLink(link, { allowLoopback: deps.config.imageLinksAllowLoopback });
  const name = lastPathSegment(fetched.finalUrl) || fetched.finalUrl.hostname;
  return await createOwnCard(deps, user, boardId, fetched.data, titleFromFileName(name), placement);
}

/** An own card an editor or the owner may change, and the board's owner (whose storage its images count toward). */
async function requireOwnCard(db: RepoDb, user: Viewer, cardId: number): Promise<{ card: CardRow; owner: Viewer }> {
  const reached = await cardsRepo.getReachable(db, user.id, cardId);
  if (!reached) throw notFound('card');
  const { owner } = await requireBoardRole(db, user, reached.boardId, 'editor');
  await assertCardVisible(db, owner, cardId);
  const card = await cardsRepo.getOwned(db, owner.id, cardId);
  if (!card) throw notFound('card');
  if (card.source !== 'own') throw new AppError('not_own_card', 409, say('ownImages.notOwnCard'));
  return { card, owner };
}

/** POST /api/cards/:id/images: one more image in an own card's gallery. */
export async function addImageToCard(deps: Deps, user: Viewer, cardId: number, file: { data: Buffer }): Promise<Card> {
  const { card: before, owner } = await requireOwnCard(deps.db, user, cardId);
  if (before.images.length >= CARD_LIMITS.images)
    throw badRequest(say('ownImages.galleryFull', { max: CARD_LIMITS.images }));
  const image = await prepare(file.data);
  await checkQuota(deps.db, owner, image);
  return await storeAndCommit(deps, image, async () => {
    const write = await writeBoard(
      deps,
      user,
      before.boardId,
      async (w) => {
        const card = await requireCard(w, cardId);
        if (card.source !== 'own') throw new AppError('not_own_card', 409, say('ownImages.notOwnCard'));
        if (card.images.length >= CARD_LIMITS.images)
          throw badRequest(say('ownImages.galleryFull', { max: CARD_LIMITS.images }));
        await checkQuota(w.tx, w.owner, image);
        await keepImageRow(deps, w.tx, w.owner, image);
        const images = card.images.includes(image.url) ? card.images : [...card.images, image.url];
        return toCard(
          await setCardImages(w, cardId, images),
          await cardBookmarksRepo.isBookmarked(w.tx, user.id, cardId),
        );
      },
      { lockFirst: (tx) => lockForOwnImageWrite(tx, owner) },
    );
    return write.result;
  });
}

/** PATCH /api/cards/:id/details: title, notes, game, game link, tags of an own card (the card.update op). */
export async function updateOwnCardDetails(
  deps: Deps,
  user: Viewer,
  cardId: number,
  body: OwnCardDetailsBody,
): Promise<Card> {
  const { card } = await requireOwnCard(deps.db, user, cardId);
  const row = (await writeBoard(deps, user, card.boardId, (w) => updateCardDetails(w, cardId, body))).result;
  return toCard(row, await cardBookmarksRepo.isBookmarked(deps.db, user.id, cardId));
}

/** GET /api/user/storage */
export async function storageUsageOf(deps: Pick<Deps, 'db'>, user: Viewer): Promise<StorageUsage> {
  return { usedBytes: await ownImagesRepo.usedBytes(deps.db, user.id), limitBytes: storageBytesForPlan(user.planId) };
}

/**
 * The sweep: marks images no card shows, and removes rows (and then files no row keeps) orphaned for longer than
 * the grace period. Run every few minutes by the server and after deletes; safe to run in several processes.
 */
export async function sweepOwnImages(deps: Deps): Promise<{ removedFiles: number }> {
  const now = deps.clock.now();
  const gone = await withTransaction(deps.db, async (tx) => {
    await lockNames(tx, [OWN_IMAGE_ROWS], 'exclusive');
    await ownImagesRepo.markOrphans(tx, now);
    const expired = await ownImagesRepo.expiredOrphans(tx, new Date(now.getTime() - ORPHAN_GRACE_MS));
    await ownImagesRepo.deleteByIds(
      tx,
      expired.map((r) => r.id),
    );
    const files: [string, string][] = [];
    for (const [sha, url] of new Map(expired.map((r) => [r.sha256, r.url])))
      if (!(await ownImagesRepo.anyRowFor(tx, sha))) files.push([sha, url]);
    return files;
  });
  const store = storeOf(deps);
  for (const [, url] of gone) await Promise.all(keysOf(url).map((key) => store.remove(key)));
  return { removedFiles: gone.length };
}
