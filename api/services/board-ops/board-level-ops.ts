import { boardsRepo } from '../../db/repositories/boards.repo';
import { slugify } from '../boards.service';
import type { BoardWrite } from './board-write';

/** Operations on the board as a whole inside a board write (see card-ops.ts). */

export async function renameBoard(w: BoardWrite, title: string): Promise<void> {
  await boardsRepo.updateOwned(w.tx, w.owner.id, w.board.id, { title, slug: slugify(title), updatedAt: w.now });
  w.changes.title = title;
}

/**
 * The board's first auto-layout is done, or (false) to be done again (spec board-workspace §3). Kept on the board,
 * not per browser: a teammate's first open or another device does not lay the owner's board out again. Told to every
 * screen with the board's title.
 */
export async function setAutoLayoutDone(w: BoardWrite, value: boolean): Promise<void> {
  await boardsRepo.updateOwned(w.tx, w.owner.id, w.board.id, { autoLayoutDone: value ? 1 : 0 });
  w.changes.title ??= w.board.title;
  w.changes.autoLayoutDone = value;
}
