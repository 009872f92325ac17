import type { BoardOp, OpsBatch, OpsResult } from '#shared/schemas/board-ops';
import type { Viewer } from '../section-lock.service';
import { organizeBoard, renameBoard, setAutoLayoutDone } from './board-level-ops';
import { writeBoard, type BoardWrite, type OpsDeps } from './board-write';
import { withReaderBookmarks } from './change-set';
import { setOwnBookmarks } from './own-bookmarks';
import { createCard, deleteCard, moveCards, moveCardToBoard, setBookmark, setCardSection, updateCardDetails } from './card-ops';
import { createSection, deleteSection, moveSection, placeSections, recolorSection, renameSection, resizeSection } from './section-ops';

/** Applies one op inside a board write. */
async function applyOp(w: BoardWrite, op: Exclude<BoardOp, { type: 'card.move' }>): Promise<void> {
  switch (op.type) {
    case 'card.create':
      return void (await createCard(w, op.card, op.ref));
    case 'card.setSection':
      return void (await setCardSection(w, op.id, op.sectionId, op.sectionRef));
    case 'card.moveToBoard':
      return void (await moveCardToBoard(w, op.id, op.boardId));
    case 'card.update':
      return void (await updateCardDetails(w, op.id, op.patch));
    case 'card.bookmark':
      return void (await setBookmark(w, op.id, op.value));
    case 'card.delete':
      return void (await deleteCard(w, op.id));
    case 'section.create':
      return void (await createSection(w, op.section, op.ref));
    case 'section.rename':
      return void (await renameSection(w, op.id, op.title));
    case 'section.recolor':
      return void (await recolorSection(w, op.id, op.color));
    case 'section.resize':
      return void (await resizeSection(w, op.id, op.size));
    case 'section.move':
      return void (await moveSection(w, op.id, op.position));
    case 'section.delete':
      return void (await deleteSection(w, op.id));
    case 'layout.set':
      await placeSections(w, op.sections);
      return await moveCards(w, op.cards);
    case 'board.organize':
      return await organizeBoard(w);
    case 'board.rename':
      return await renameBoard(w, op.title);
    case 'board.autoLayoutDone':
      return await setAutoLayoutDone(w, op.value);
  }
}

/**
 * POST /api/boards/:id/ops: the batch in order, in one board write (one transaction, or nothing). Consecutive card
 * moves are written as one statement: a drag of 200 cards is one check and one update, not 200.
 */
export async function applyBoardOps(deps: OpsDeps, user: Viewer, boardId: number, batch: OpsBatch): Promise<OpsResult> {
  // Only the sender's own bookmarks: no board write (a viewer may send these; issue #29).
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
      for (let i = 0; i < batch.ops.length; ) {
        const op = batch.ops[i];
        if (op.type !== 'card.move') {
          await applyOp(w, op);
          i += 1;
          continue;
        }
        const moves: { id: number; position: { x: number; y: number } }[] = [];
        for (let next = batch.ops[i]; next?.type === 'card.move'; next = batch.ops[++i]) moves.push({ id: next.id, position: next.position });
        await moveCards(w, moves);
      }
    },
    { batchId: batch.batchId },
  );
  // The answer is the sender's: its rows say their own bookmarks (the change the others hear says none).
  return { change: await withReaderBookmarks(deps.db, user.id, change), refs };
}
