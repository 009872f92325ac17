import type { QueryClient } from '@tanstack/react-query';
import type { BoardController } from '../board/board-controller';
import { OWN_IMAGE_LIMITS, titleFromFileName } from '#shared/own-images';
import { batchCommand } from '../../commands/batch';
import { deleteCardCommand } from '../../commands/delete-card';
import { execute } from '../../commands/history';
import { insertCachedCard, patchCachedCard } from '../../data/cards.queries';
import { addImageLink, addImageToCard, refusalReason, uploadImage } from '../../data/own-images.queries';
import { cardKeys, storageKeys } from '../../data/query-keys';
import type { Card, Section } from '../../data/wire';
import {
  placeOwnCards,
  runLimited,
  sectionAtPoint,
  type ImageSource,
  type Point,
  type Rect,
} from '../../logic/own-images';
import { VIEW_TOP_CLEARANCE_PX } from '../../logic/camera-math';
import { cardRect } from '#shared/card-geometry';
import { useAppStore } from '../../stores/app.store';
import { toast } from '../../stores/toast.store';
import { useUploadStore } from '../../stores/upload.store';
import { commandLabel, commandToast } from '../../i18n/command-toasts';
import { webI18n } from '../../i18n/i18n';
import { CARD_HEIGHT_HORIZONTAL, CARD_WIDTH_HORIZONTAL } from '#shared/constants';

/**
 * Adding own images to a board: files and links dropped, pasted or picked become cards around a board
 * point, in the section under it. Three uploads run at a time, each shown as a placeholder with a progress ring; a
 * refused file says why in a toast and leaves no card. The whole batch is one undo step (its cards are deleted),
 * and the new cards fall in like a query's results.
 */
export type AddContext = {
  queryClient: QueryClient;
  board: BoardController | null;
  boardId: number;
  sections: readonly Section[];
};

const ON_BOARD_WAIT_MS = 10_000;

function sourceName(source: ImageSource): string {
  if (source.kind === 'file') return source.file.name || webI18n.t('commands:unnamedImage');
  try {
    return decodeURIComponent(new URL(source.url).pathname.split('/').pop() || '') || source.url;
  } catch {
    return source.url;
  }
}

/** The world rectangle shown below the floating chrome, or null before the board is up. */
function visibleWorld(board: BoardController | null): Rect | null {
  const { width, height } = useAppStore.getState().canvasSize;
  if (!board || width <= 0 || height <= 0) return null;
  const topLeft = board.toBoard({ x: 0, y: Math.min(VIEW_TOP_CLEARANCE_PX, height / 2) });
  const bottomRight = board.toBoard({ x: width, y: height });
  return { x: topLeft.x, y: topLeft.y, width: bottomRight.x - topLeft.x, height: bottomRight.y - topLeft.y };
}

/**
 * Adds the sources as new cards around `center` (a board point), in view and clear of the board's cards; each
 * card lands where its placeholder showed it and stays there (no layout run moves it afterwards).
 * Resolves with the cards made.
 */
export async function addOwnImages(
  ctx: AddContext,
  sources: readonly ImageSource[],
  center: Point,
  dropped = 0,
): Promise<Card[]> {
  if (dropped > 0) toast(commandToast('ownImagesTooMany', { count: OWN_IMAGE_LIMITS.maxFilesAtOnce }), 'info');
  if (sources.length === 0) return [];
  const section = sectionAtPoint(ctx.sections, center);
  const obstacles = [
    ...(ctx.queryClient.getQueryData<Card[]>(cardKeys.list(ctx.boardId)) ?? []).map((c) => cardRect(c)),
    ...ctx.sections.filter((s) => s.id !== section?.id).map((s) => ({ ...s.position, ...s.size })),
  ];
  const places = placeOwnCards(center, sources.length, visibleWorld(ctx.board), obstacles);
  const uploads = useUploadStore.getState();
  const app = () => useAppStore.getState();
  const created: Card[] = [];
  let shown = false;
  // The auto-layout stays off meanwhile, and takes the new cards as placed (web/logic/auto-layout-decision.ts).
  app().setAutoLayoutDisabled(true);
  try {
    await runLimited(sources, OWN_IMAGE_LIMITS.parallelUploads, async (source, i) => {
      const placement = { x: places[i].x, y: places[i].y, sectionId: section?.id ?? null };
      const key = uploads.add({
        name: source.kind === 'file' ? titleFromFileName(source.file.name || 'image') : sourceName(source),
        world: { x: places[i].x + CARD_WIDTH_HORIZONTAL / 2, y: places[i].y + CARD_HEIGHT_HORIZONTAL / 2 },
      });
      try {
        const card =
          source.kind === 'file'
            ? await uploadImage(ctx.boardId, source.file, placement, (f) => uploads.progress(key, f))
            : await addImageLink(ctx.boardId, source.url, placement);
        created.push(card);
        insertCachedCard(ctx.queryClient, card);
      } catch (err) {
        toast(commandToast('ownImageRefused', { name: sourceName(source), reason: refusalReason(err) }), 'destructive');
      } finally {
        uploads.remove(key);
      }
    });
    // Switched back on only once the board shows the new cards: their count is then its baseline, not growth to
    // lay out (the layout run that followed moved a dropped card away from where it landed).
    shown =
      created.length > 0 &&
      (await (ctx.board?.whenHolds(
        created.map((c) => c.id),
        ON_BOARD_WAIT_MS,
      ) ?? false));
  } finally {
    app().setAutoLayoutDisabled(false);
  }
  void ctx.queryClient.invalidateQueries({ queryKey: storageKeys.all });
  if (created.length === 0) return created;
  const ids = created.map((c) => c.id);
  await execute(
    {
      label: commandLabel('addImages'),
      run: async () =>
        batchCommand(
          commandLabel('addImages'),
          ids.map((id) => deleteCardCommand(id)),
        ),
    },
    ctx.queryClient,
  );
  if (shown) ctx.board?.dropIn(ids);
  return created;
}

/** Adds image files to an own card's gallery, one at a time; the card updates in place. */
export async function addToGallery(queryClient: QueryClient, card: Card, files: readonly File[]): Promise<void> {
  const uploads = useUploadStore.getState();
  for (const file of files.slice(0, OWN_IMAGE_LIMITS.maxFilesAtOnce)) {
    const key = uploads.add({
      name: titleFromFileName(file.name || 'image'),
      world: { x: card.position.x + CARD_WIDTH_HORIZONTAL / 2, y: card.position.y + CARD_HEIGHT_HORIZONTAL / 2 },
    });
    try {
      const updated = await addImageToCard(card.id, file, (f) => uploads.progress(key, f));
      patchCachedCard(queryClient, card.id, () => updated);
    } catch (err) {
      toast(
        commandToast('ownImageRefused', {
          name: file.name || webI18n.t('commands:unnamedImage'),
          reason: refusalReason(err),
        }),
        'destructive',
      );
    } finally {
      uploads.remove(key);
    }
  }
  void queryClient.invalidateQueries({ queryKey: storageKeys.all });
}
