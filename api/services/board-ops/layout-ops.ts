import { say } from '#shared/messages/errors';
import {
  closeGaps,
  moveSectionWithCards,
  organizeLayout,
  placeCards,
  type PlaceIntent,
  type ReflowBoard,
} from '#shared/board-intents';
import type { LayoutUpdate } from '#shared/layout';
import { isFreePlan } from '#shared/section-lock';
import { cardsRepo } from '../../db/repositories/cards.repo';
import { sectionsRepo } from '../../db/repositories/sections.repo';
import { AppError } from '../../errors';
import type { BoardWrite } from './board-write';
import { LoopTurns, slices } from './loop-turns';
import { moveCards } from './card-ops';
import { placeSections, requireSection } from './section-ops';
import type { LayoutWorker } from '../../workers/organize-layout';

/**
 * Layout intents inside a board write: the positions are computed here, from the board's rows as they are in this
 * transaction (after every earlier batch, whoever sent it), with the one implementation in shared/board-intents.ts.
 * Two editors dropping into the same section at once are applied one after the other (the write holds the board),
 * and the second is laid out around the first: nothing overlaps, nothing is lost.
 */

/** Card moves written per statement, the loop given a turn between slices when the work has taken long enough. */
const MOVES_PER_SLICE = 1_000;

/**
 * Cards read per statement when the layout reads the board: one read of a 10,000-card board held the loop 16–64 ms
 * on the shared 2-core machine (SQLite answers in one synchronous call); a page of 2,000 holds it a few ms.
 */
const CARDS_PER_READ = 2_000;

/** The board as the layout sees it: what the owner sees (a free plan's hidden cards do not exist here). */
async function readBoard(w: BoardWrite, turns: LoopTurns): Promise<{ board: ReflowBoard; locked: Set<number> }> {
  const free = isFreePlan(w.owner.planId);
  const cards: Awaited<ReturnType<typeof cardsRepo.layoutInputsOnBoard>> = [];
  for (let afterId = 0; ;) {
    const page = await cardsRepo.layoutInputsOnBoard(w.tx, w.board.id, { afterId, limit: CARDS_PER_READ });
    for (const c of page) if (!(free && c.locked === 1)) cards.push(c);
    if (page.length < CARDS_PER_READ) break;
    afterId = page[page.length - 1].id;
    await turns.maybeYield();
  }
  const sections = await sectionsRepo.listOnBoard(w.tx, w.board.id);
  return {
    board: {
      cards: cards.map((c) => ({
        id: c.id,
        sectionId: c.sectionId,
        orientation: c.orientation === 'vertical' ? 'vertical' : 'horizontal',
        position: { x: c.x, y: c.y },
      })),
      sections: sections.map((s) => ({
        id: s.id,
        position: { x: s.x, y: s.y },
        size: { width: s.width, height: s.height },
      })),
    },
    locked: new Set(sections.filter((s) => free && s.locked === 1).map((s) => s.id)),
  };
}

/** Writes layout items: sections first, then card moves slice by slice. */
export async function writeLayout(w: BoardWrite, updates: readonly LayoutUpdate[], turns: LoopTurns): Promise<void> {
  const sections = updates.flatMap((u) =>
    u.type === 'section' ? [{ id: u.id, position: u.position, size: u.size }] : [],
  );
  const moves = updates.flatMap((u) => (u.type === 'card' ? [{ id: u.id, position: u.position }] : []));
  await placeSections(w, sections);
  for (const slice of slices(moves, MOVES_PER_SLICE)) {
    await moveCards(w, slice);
    await turns.maybeYield();
  }
}

/** cards.place: the cards join the section (or the canvas) near their drop points; the board is laid out around them. */
export async function placeCardsOp(w: BoardWrite, intent: PlaceIntent, turns: LoopTurns): Promise<void> {
  if (intent.sectionId !== null) await requireSection(w, intent.sectionId);
  const { board } = await readBoard(w, turns);
  const present = new Set(board.cards.map((c) => c.id));
  const stranger = intent.ids.find((id) => !present.has(id));
  if (stranger !== undefined) throw new AppError('not_found', 404, say('notFound.card'), { id: stranger });
  const outcome = placeCards(board, intent);
  for (const { id, sectionId } of outcome.sections) {
    await cardsRepo.updateOnBoard(w.tx, w.board.id, id, { sectionId });
    w.changes.card(id);
  }
  await writeLayout(w, outcome.updates, turns);
}

/** Closes the holes deletes left (and opens the slots restores need) in the sections noted during the write. */
export async function settleGaps(w: BoardWrite, turns: LoopTurns): Promise<void> {
  if (w.gaps.size === 0) return;
  const { board } = await readBoard(w, turns);
  const present = new Set(board.sections.map((s) => s.id));
  const sections = [...w.gaps].filter((id) => present.has(id));
  w.gaps.clear();
  await writeLayout(w, closeGaps(board, sections, w.restored), turns);
}

/**
 * Organize Cards: the shared auto-layout over what the owner sees (a free owner's locked sections as placeholders,
 * the cards the lock hides keeping where they are). Only what moves is written and told. `worker`: where a large
 * board's layout is computed (api/workers/organize-layout.ts); without one it is computed here.
 */
export async function organizeBoard(w: BoardWrite, turns: LoopTurns, worker?: LayoutWorker): Promise<void> {
  const { board, locked } = await readBoard(w, turns);
  const input = {
    cards: board.cards,
    sections: board.sections.map((s) => ({ id: s.id, size: s.size, locked: locked.has(s.id) })),
  };
  // A large board is laid out on the layout thread (the same function): the loop answers others meanwhile.
  const layout = worker?.takes(board.cards.length) ? await worker.organize(input) : organizeLayout(input);
  await turns.maybeYield();
  const sectionById = new Map(board.sections.map((s) => [s.id, s]));
  const cardById = new Map(board.cards.map((c) => [c.id, c]));
  const updates: LayoutUpdate[] = [];
  for (const box of layout.sections) {
    const s = sectionById.get(box.id)!;
    if (
      s.position.x !== box.position.x ||
      s.position.y !== box.position.y ||
      s.size.width !== box.size.width ||
      s.size.height !== box.size.height
    )
      updates.push({ type: 'section', ...box });
  }
  for (const move of layout.cards) {
    const c = cardById.get(move.id)!;
    if (c.position.x !== move.position.x || c.position.y !== move.position.y) updates.push({ type: 'card', ...move });
  }
  await writeLayout(w, updates, turns);
}

/** section.move with its cards: the section and its cards move together; what it now covers is pushed aside. */
export async function moveSectionWithCardsOp(
  w: BoardWrite,
  sectionId: number,
  position: { x: number; y: number },
  turns: LoopTurns,
): Promise<void> {
  await requireSection(w, sectionId);
  const { board } = await readBoard(w, turns);
  await writeLayout(w, moveSectionWithCards(board, sectionId, position), turns);
}
