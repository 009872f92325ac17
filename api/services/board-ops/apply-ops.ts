import type { BoardOp, OpsBatch, OpsResult } from '#shared/schemas/board-ops';
import type { Viewer } from '../section-lock.service';
import { renameBoard, setAutoLayoutDone } from './board-level-ops';
import { moveSectionWithCardsOp, organizeBoard, placeCardsOp } from './layout-ops';
import { writeBoard, type BoardWrite, type OpsDeps } from './board-write';
import { withReaderBookmarks } from './change-set';
import { LoopTurns, slices } from './loop-turns';
import { setOwnBookmarks } from './own-bookmarks';
import {
  createCard,
  deleteCard,
  restoreCard,
  moveCards,
  moveCardToBoard,
  setBookmark,
  setCardSection,
  updateCardDetails,
} from './card-ops';
import {
  createSection,
  deleteSection,
  moveSection,
  placeSections,
  recolorSection,
  renameSection,
  resizeSection,
} from './section-ops';

/** Card moves written per statement: a slice takes a few milliseconds, and the loop may turn between slices. */
const MOVES_PER_SLICE = 1_000;

/** Moves cards slice by slice, giving the loop a turn between slices when the work has taken long enough. */
async function moveCardsInSlices(
  w: BoardWrite,
  moves: { id: number; position: { x: number; y: number } }[],
  turns: LoopTurns,
): Promise<void> {
  for (const slice of slices(moves, MOVES_PER_SLICE)) {
    await moveCards(w, slice);
    await turns.maybeYield();
  }
}

/** Applies one op inside a board write. */
async function applyOp(
  deps: OpsDeps,
  w: BoardWrite,
  op: Exclude<BoardOp, { type: 'card.move' }>,
  turns: LoopTurns,
): Promise<void> {
  switch (op.type) {
    case 'card.create':
      return void (await createCard(w, op.card, op.ref));
    case 'card.setSection':
      return void (await setCardSection(w, op.id, op.sectionId, op.sectionRef));
    case 'card.moveToBoard':
      return void (await moveCardToBoard(w, op.id, op.boardId, op.back));
    case 'card.update':
      return void (await updateCardDetails(w, op.id, op.patch));
    case 'card.bookmark':
      return void (await setBookmark(w, op.id, op.value));
    case 'card.delete':
      return void (await deleteCard(w, op.id));
    case 'card.restore':
      return await restoreCard(w, op.id);
    case 'cards.place':
      return await placeCardsOp(w, op, turns);
    case 'section.create':
      return void (await createSection(w, op.section, op.ref));
    case 'section.rename':
      return void (await renameSection(w, op.id, op.title));
    case 'section.recolor':
      return void (await recolorSection(w, op.id, op.color));
    case 'section.resize':
      return void (await resizeSection(w, op.id, op.size));
    case 'section.move':
      if (op.withCards) return await moveSectionWithCardsOp(w, op.id, op.position, turns);
      return void (await moveSection(w, op.id, op.position));
    case 'section.delete':
      return void (await deleteSection(w, op.id));
    case 'layout.set':
      await placeSections(w, op.sections);
      return await moveCardsInSlices(w, op.cards, turns);
    case 'board.organize':
      return await organizeBoard(w, turns, deps.layoutWorker);
    case 'board.rename':
      return await renameBoard(w, op.title);
    case 'board.autoLayoutDone':
      return await setAutoLayoutDone(w, op.value);
  }
}

/**
 * POST /api/boards/:id/ops: the batch in order, in one board write (one transaction, or nothing). Consecutive card
 * moves are written together: a drag of 200 cards is one check and one update, not 200. A batch at the cap
 * (BOARD_BATCH_ITEMS_MAX) takes seconds of work: between ops the loop gets a turn every LOOP_SLICE_MS, so no other
 * request waits on it for long (SECURITY.md: one request never stalls the others).
 */
export async function applyBoardOps(deps: OpsDeps, user: Viewer, boardId: number, batch: OpsBatch): Promise<OpsResult> {
  // Only the sender's own bookmarks: no board write (a viewer may send these).
  const bookmarks = batch.ops.flatMap((op) => (op.type === 'card.bookmark' ? [op] : []));
  if (bookmarks.length > 0 && bookmarks.length === batch.ops.length) {
    const { change, refs } = await setOwnBookmarks(deps, user, boardId, bookmarks, batch.batchId);
    return { change, refs };
  }
  const { change, refs } = await writeBoard(
    deps,
    user,
    boardId,
    async (w) => {
      const turns = new LoopTurns();
      for (let i = 0; i < batch.ops.length;) {
        const op = batch.ops[i];
        if (op.type !== 'card.move') {
          await applyOp(deps, w, op, turns);
          await turns.maybeYield();
          i += 1;
          continue;
        }
        const moves: { id: number; position: { x: number; y: number } }[] = [];
        for (let next = batch.ops[i]; next?.type === 'card.move'; next = batch.ops[++i])
          moves.push({ id: next.id, position: next.position });
        await moveCardsInSlices(w, moves, turns);
      }
    },
    { batchId: batch.batchId },
  );
  // The answer is the sender's: its rows say their own bookmarks (the change the others hear says none).
  return { change: await withReaderBookmarks(deps.db, user.id, change), refs };
}
