import type { Point, Size } from '#shared/layout';
import type { CreateSectionBody } from '#shared/schemas/section';
import { cardsRepo } from '../../db/repositories/cards.repo';
import { sectionsRepo, type SectionRow } from '../../db/repositories/sections.repo';
import { notFound } from '../../errors';
import type { BoardWrite } from './board-write';

/** Section operations inside a board write (see card-ops.ts). */

/** The section on the write's board; 404 when it is not there. */
export async function requireSection(w: BoardWrite, sectionId: number): Promise<SectionRow> {
  const section = await sectionsRepo.getOnBoard(w.tx, w.board.id, sectionId);
  if (!section) throw notFound('section');
  return section;
}

type NewSection = Omit<CreateSectionBody, 'boardId'>;

/** Adds a section; its free-plan lock is decided when the write ends (board-write.ts), with every section it adds. */
export async function createSection(w: BoardWrite, body: NewSection, ref?: string): Promise<SectionRow> {
  const createdAt = body.createdAt === undefined ? w.now : new Date(body.createdAt);
  const [row] = await sectionsRepo.insertOnBoard(w.tx, w.board.id, [
    {
      title: body.title,
      color: body.color,
      x: body.position.x,
      y: body.position.y,
      width: body.size.width,
      height: body.size.height,
      createdAt,
    },
  ]);
  w.changes.section(row.id);
  w.changes.sectionsCreated = true;
  if (ref !== undefined) w.refs.set(ref, row.id);
  return row;
}

async function updateSection(
  w: BoardWrite,
  sectionId: number,
  patch: Parameters<typeof sectionsRepo.updateOnBoard>[3],
): Promise<SectionRow> {
  const row = await sectionsRepo.updateOnBoard(w.tx, w.board.id, sectionId, patch);
  if (!row) throw notFound('section');
  w.changes.section(sectionId);
  return row;
}

export const moveSection = (w: BoardWrite, sectionId: number, position: Point) =>
  updateSection(w, sectionId, { x: position.x, y: position.y });
export const resizeSection = (w: BoardWrite, sectionId: number, size: Size) =>
  updateSection(w, sectionId, { width: size.width, height: size.height });
export const renameSection = (w: BoardWrite, sectionId: number, title: string) =>
  updateSection(w, sectionId, { title });
export const recolorSection = (w: BoardWrite, sectionId: number, color: string) =>
  updateSection(w, sectionId, { color });

/** Deletes a section; its cards stay on the board, unlinked (ON DELETE SET NULL), and are told as changed. */
export async function deleteSection(w: BoardWrite, sectionId: number): Promise<SectionRow> {
  await requireSection(w, sectionId);
  for (const id of await cardsRepo.idsInSection(w.tx, sectionId)) w.changes.card(id);
  const row = (await sectionsRepo.deleteOnBoard(w.tx, w.board.id, sectionId))!;
  w.changes.sectionRemoved(sectionId);
  return row;
}

/** Places and sizes many sections at once (every id checked first). */
export async function placeSections(
  w: BoardWrite,
  boxes: { id: number; position: Point; size: Size }[],
): Promise<void> {
  if (boxes.length === 0) return;
  const known = await sectionsRepo.idsAmongOnBoard(
    w.tx,
    w.owner.id,
    w.board.id,
    boxes.map((b) => b.id),
  );
  const stranger = boxes.find((b) => !known.has(b.id));
  if (stranger) throw notFound('section');
  const writer = sectionsRepo.boxWriter(w.tx, w.board.id);
  for (const box of boxes) {
    writer.add(box.id, box.position.x, box.position.y, box.size.width, box.size.height);
    w.changes.section(box.id);
  }
  await writer.flush();
}
