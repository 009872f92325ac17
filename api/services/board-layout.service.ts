import { layoutBody, LAYOUT_UPDATES_MAX, type LayoutResult, type LayoutUpdateItem } from '#shared/schemas/board';
import { boardChangesRepo } from '../db/repositories/board-changes.repo';
import type { AppDeps } from '../deps';
import { AppError, badRequest } from '../errors';
import { runLayoutSave } from '../workers/layout-save';
import { writeBoard } from './board-ops/board-write';
import { applyLayout } from './board-ops/layout-slices';
import type { Viewer } from './section-lock.service';
import { requireBoardRole } from './board-ops/board-access';

/** A layout body up to this size is parsed and written on the main thread, as one board write (~3,000 items). */
export const MAIN_THREAD_LAYOUT_BYTES = 256 * 1024;

/**
 * PATCH /api/boards/{id}/layout (spec board-workspace §7). A whole-board layout is up to ~16 MB of JSON: parsing,
 * validating and writing it on the main thread stalled every other request for about a second,
 * so a large one runs on the layout worker thread, over its own connection to the same database file: the main
 * thread only checks the board's owner, hands the body over (moved, not copied) and waits. A body up to
 * MAIN_THREAD_LAYOUT_BYTES (a few thousand items: parsed in about a millisecond) is one board write here.
 */
export async function saveBoardLayout(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  user: Viewer,
  boardId: number,
  body: ArrayBuffer,
): Promise<LayoutResult> {
  const { owner } = await requireBoardRole(deps.db, user, boardId, 'editor');
  // An ordinary board's layout is a board write like any other: every open screen receives the new positions.
  if (body.byteLength <= MAIN_THREAD_LAYOUT_BYTES) {
    const updates = parseLayoutBody(body);
    return (await writeBoard(deps, user, boardId, (w) => applyLayout(w, updates))).result;
  }
  const writtenSince = await boardChangesRepo.version(deps.db, boardId);
  const reply = await runLayoutSave({
    body,
    dbFile: deps.config.dbFile,
    databaseUrl: deps.config.DATABASE_URL,
    // The worker checks every item against the owner's board (owner-scoped reads); the role was checked above.
    userId: owner.id,
    boardId,
    nowMs: deps.clock.now().getTime(),
  });
  if (reply.ok) {
    // Too large to tell row by row: logged as one change that makes every open screen load the board again.
    await writeBoard(deps, user, boardId, async (w) => void (w.changes.tooLarge = true), { writtenSince });
    return reply.result;
  }
  if (reply.status === 500) throw new Error(reply.message);
  throw new AppError(reply.code, reply.status, reply.message, reply.details);
}

/** Parses and validates a layout body (worker side): 400 naming the field, 413 past LAYOUT_UPDATES_MAX items. */
export function parseLayoutBody(body: ArrayBuffer): LayoutUpdateItem[] {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw badRequest('Malformed JSON body', { field: 'json' });
  }
  const updates = (json as { updates?: unknown } | null)?.updates;
  if (Array.isArray(updates) && updates.length > LAYOUT_UPDATES_MAX) {
    throw new AppError('payload_too_large', 413, `A layout save takes at most ${LAYOUT_UPDATES_MAX} items`, {
      field: 'updates',
    });
  }
  const result = layoutBody.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.length ? issue.path.join('.') : 'json';
    throw badRequest(`${field}: ${issue?.message ?? 'invalid'}`, { field });
  }
  return result.data.updates;
}
