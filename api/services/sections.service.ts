import { withTransaction } from '../db/transaction';
import { ENTITY_NAMES } from '#shared/messages/board';
import type { Point, Size } from '#shared/layout';
import type { CreateSectionBody, Section } from '#shared/schemas/section';
import { boardsRepo } from '../db/repositories/boards.repo';
import { sectionsRepo, type SectionRow } from '../db/repositories/sections.repo';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { decideNewSectionLocks, lockedSectionsOfBoard, type Viewer } from './section-lock.service';

type Owner = { id: number };
type Deps = Pick<AppDeps, 'db'>;

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
export async function listSections(deps: Deps, user: Viewer, boardId: number): Promise<Section[]> {
  if (!await boardsRepo.getOwned(deps.db, user.id, boardId)) throw notFound(ENTITY_NAMES.board);
  const locked = await lockedSectionsOfBoard(deps.db, user, boardId);
  return (await sectionsRepo.listOwnedByBoard(deps.db, user.id, boardId)).map((row) => ({ ...toSection(row), locked: locked.has(row.id) }));
}

export async function createSection(deps: Pick<AppDeps, 'db' | 'clock'>, user: Owner, body: CreateSectionBody): Promise<Section> {
  return await withTransaction(deps.db, async (tx) => {
      if (!await boardsRepo.holdOwned(tx, user.id, body.boardId)) throw notFound(ENTITY_NAMES.board);
      const createdAt = body.createdAt === undefined ? deps.clock.now() : new Date(body.createdAt);
      const [row] = await sectionsRepo.insertOnBoard(tx, body.boardId, [
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
      await decideNewSectionLocks(tx, body.boardId);
      // Stored 1 only for a free owner (an upgrade clears it), so the flag alone says what the owner sees.
      const decided = (await sectionsRepo.getOwned(tx, user.id, row.id))!;
      return { ...toSection(decided), locked: decided.locked === 1 };
    },
  );
}

async function updateSection(deps: Deps, user: Owner, sectionId: number, patch: Parameters<typeof sectionsRepo.updateOwned>[3]) {
  const row = await sectionsRepo.updateOwned(deps.db, user.id, sectionId, patch);
  if (!row) throw notFound(ENTITY_NAMES.section);
  return toSection(row);
}

export const moveSection = async (deps: Deps, user: Owner, sectionId: number, position: Point) =>
  await updateSection(deps, user, sectionId, { x: position.x, y: position.y });

export const resizeSection = async (deps: Deps, user: Owner, sectionId: number, size: Size) =>
  await updateSection(deps, user, sectionId, { width: size.width, height: size.height });

export const renameSection = async (deps: Deps, user: Owner, sectionId: number, title: string) =>
  await updateSection(deps, user, sectionId, { title });

/** Issue 20: a section's colour, chosen from the palette in its menu. */
export const recolorSection = async (deps: Deps, user: Owner, sectionId: number, color: string) =>
  await updateSection(deps, user, sectionId, { color });

/** Deletes a section; its cards stay on the board, unlinked (the schema's ON DELETE SET NULL). */
export async function deleteSection(deps: Deps, user: Owner, sectionId: number): Promise<{ success: true; id: number }> {
  if (!await sectionsRepo.deleteOwned(deps.db, user.id, sectionId)) throw notFound(ENTITY_NAMES.section);
  return { success: true, id: sectionId };
}
