import type { Point, Size } from '#shared/layout';
import type { CreateSectionBody, Section } from '#shared/schemas/section';
import { sectionsRepo, type SectionRow } from '../db/repositories/sections.repo';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { requireBoardRole } from './board-ops/board-access';
import { writeBoard, type BoardWrite } from './board-ops/board-write';
import * as ops from './board-ops/section-ops';
import { lockedSectionsOfBoard, type Viewer } from './section-lock.service';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'eventHub'>;

export function toSection(row: SectionRow): Section {
  return {
    id: row.id,
    boardId: row.boardId,
    title: row.title,
    color: row.color,
    position: { x: row.x, y: row.y },
    size: { width: row.width, height: row.height },
    createdAt: row.createdAt.toISOString(),
  };
}

/** A board's sections; for a free user, the locked ones say so (their cards are never sent). */
export async function listSections(deps: Pick<AppDeps, 'db'>, user: Viewer, boardId: number): Promise<Section[]> {
  const { owner } = await requireBoardRole(deps.db, user, boardId, 'viewer');
  const locked = await lockedSectionsOfBoard(deps.db, owner, boardId);
  return (await sectionsRepo.listOwnedByBoard(deps.db, owner.id, boardId)).map((row) => ({
    ...toSection(row),
    locked: locked.has(row.id),
  }));
}

/**
 * The spec's section routes are thin wrappers over the board-operations service: one op in one board
 * write each. A new section comes back as the board's screens see it, its free-plan lock decided.
 */
export async function createSection(deps: Deps, user: Viewer, body: CreateSectionBody): Promise<Section> {
  const { boardId, ...fields } = body;
  const { result, change } = await writeBoard(deps, user, boardId, (w) => ops.createSection(w, fields));
  return change.sections.find((s) => s.id === result.id) ?? { ...toSection(result), locked: false };
}

/** Runs a section op in a write to the section's board (found first: the spec's section routes do not name it). */
async function writeSection(
  deps: Deps,
  user: Viewer,
  sectionId: number,
  op: (w: BoardWrite) => Promise<SectionRow>,
): Promise<Section> {
  const section = await sectionsRepo.getReachable(deps.db, user.id, sectionId);
  if (!section) throw notFound('section');
  return toSection((await writeBoard(deps, user, section.boardId, op)).result);
}

export const moveSection = (deps: Deps, user: Viewer, sectionId: number, position: Point) =>
  writeSection(deps, user, sectionId, (w) => ops.moveSection(w, sectionId, position));

export const resizeSection = (deps: Deps, user: Viewer, sectionId: number, size: Size) =>
  writeSection(deps, user, sectionId, (w) => ops.resizeSection(w, sectionId, size));

export const renameSection = (deps: Deps, user: Viewer, sectionId: number, title: string) =>
  writeSection(deps, user, sectionId, (w) => ops.renameSection(w, sectionId, title));

/** A section's colour, chosen from the palette in its menu. */
export const recolorSection = (deps: Deps, user: Viewer, sectionId: number, color: string) =>
  writeSection(deps, user, sectionId, (w) => ops.recolorSection(w, sectionId, color));

/** Deletes a section; its cards stay on the board, unlinked (the schema's ON DELETE SET NULL). */
export async function deleteSection(
  deps: Deps,
  user: Viewer,
  sectionId: number,
): Promise<{ success: true; id: number }> {
  await writeSection(deps, user, sectionId, (w) => ops.deleteSection(w, sectionId));
  return { success: true, id: sectionId };
}
