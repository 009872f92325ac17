import { boardWriterRepo, type BulkCard } from '../../db/repositories/board-writer.repo';
import type { BoardWrite } from './board-write';

/**
 * The bulk writers a query's results use inside a board write (api/search): the board-writer repository's prepared
 * statements (a few dozen rows cost a fraction of a millisecond), each row noted as changed.
 */

type NewSectionBox = { title: string; color: string; x: number; y: number; width: number; height: number };

/** Sections in the order given; their ids in that order. Their free-plan lock is decided when the write ends. */
export async function addSections(w: BoardWrite, list: NewSectionBox[]): Promise<number[]> {
  const ids = await boardWriterRepo.insertSections(w.tx, w.board.id, list, w.now.getTime());
  for (const id of ids) w.changes.section(id);
  if (ids.length) w.changes.sectionsCreated = true;
  return ids;
}

/** Cards written in order: `add` each, then `flush` for their ids. */
export function addCards(w: BoardWrite): { add(card: BulkCard): void; flush(): Promise<number[]> } {
  const inserter = boardWriterRepo.cardInserter(w.tx, w.board.id, w.now.getTime());
  return {
    add: (card) => inserter.add(card),
    async flush() {
      const ids = await inserter.flush();
      for (const id of ids) w.changes.card(id);
      return ids;
    },
  };
}

/** A section's new box (it grew to hold cards added to it). */
export async function setSectionBox(
  w: BoardWrite,
  sectionId: number,
  box: { x: number; y: number; width: number; height: number },
): Promise<void> {
  await boardWriterRepo.setSectionBox(w.tx, sectionId, box.x, box.y, box.width, box.height);
  w.changes.section(sectionId);
}
