import { LOCKED_SECTION_SIZE, layoutBoard } from '#shared/layout';
import { isFreePlan } from '#shared/section-lock';
import { boardsRepo } from '../../db/repositories/boards.repo';
import { cardsRepo } from '../../db/repositories/cards.repo';
import { sectionsRepo } from '../../db/repositories/sections.repo';
import { slugify } from '../boards.service';
import type { BoardWrite } from './board-write';
import { moveCards } from './card-ops';
import { placeSections } from './section-ops';

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

/**
 * Organize Cards on the server: the shared auto-layout (shared/layout.ts) over the whole board. What the owner sees
 * is laid out: a free owner's open sections come first (the results are what is seen first) and locked ones keep
 * their placeholder's size; cards the lock hides keep where they are.
 */
export async function organizeBoard(w: BoardWrite): Promise<void> {
  const free = isFreePlan(w.owner.planId);
  const cards = (await cardsRepo.layoutInputsOnBoard(w.tx, w.board.id)).filter((c) => !(free && c.locked === 1));
  const sections = await sectionsRepo.listOnBoard(w.tx, w.board.id);
  const locked = (s: { locked: number | null }) => free && s.locked === 1;
  const layout = layoutBoard({
    cards: cards.map((c) => ({
      id: c.id,
      sectionId: c.sectionId,
      orientation: c.orientation === 'vertical' ? 'vertical' : 'horizontal',
    })),
    sections: [
      ...sections.filter((s) => !locked(s)).map((s) => ({ id: s.id })),
      ...sections.filter(locked).map((s) => ({ id: s.id, size: LOCKED_SECTION_SIZE })),
    ],
  });
  // Only what moves is written and told: a board already in order changes nothing.
  const sectionById = new Map(sections.map((s) => [s.id, s]));
  const cardById = new Map(cards.map((c) => [c.id, c]));
  await placeSections(
    w,
    layout.sections.filter((box) => {
      const s = sectionById.get(box.id)!;
      return (
        s.x !== box.position.x || s.y !== box.position.y || s.width !== box.size.width || s.height !== box.size.height
      );
    }),
  );
  await moveCards(
    w,
    layout.cards.filter((move) => {
      const c = cardById.get(move.id)!;
      return c.x !== move.position.x || c.y !== move.position.y;
    }),
  );
}
