import crypto from 'node:crypto';
import { boardContentRepo } from '../db/repositories/board-content.repo';
import { cardBookmarksRepo } from '../db/repositories/card-bookmarks.repo';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { boardContentPage } from './board-content.service';
import { lockedSectionsOfBoard, type Viewer } from './section-lock.service';
import { requireBoardRole } from './board-ops/board-access';

/** A page's bytes and their SHA-1 (base64url), the ETag's value. */
export type HashedBody = { raw: Buffer; hash: string };

export function hashBody(body: string): HashedBody {
  const raw = Buffer.from(body, 'utf8');
  return { raw, hash: crypto.createHash('sha1').update(raw).digest('base64url') };
}

/**
 * Board content pages by (owner, plan, reader and their bookmarks of the board, board, content version, cursor,
 * limit), bounded by bytes, oldest out first (a board's content page at 20 concurrent clients). A per-process cache whose stale reads are
 * harmless: the board's content version lives in the database and changes in the same transaction as any card,
 * section or board write (triggers, 0012_board_content_versions_triggers), so every instance sees a new key the
 * moment the page may differ. The version is read before the page, so an entry can only hold content as new
 * as its key or newer, never older.
 */
export class BoardContentCache {
  private readonly entries = new Map<string, HashedBody>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  async page(
    deps: Pick<AppDeps, 'db'>,
    viewer: Viewer,
    boardId: number,
    cursor: number,
    limit: number,
  ): Promise<HashedBody> {
    // Every member reads the board as its owner's plan shows it.
    const { owner } = await requireBoardRole(deps.db, viewer, boardId, 'viewer');
    // A free owner's undecided sections are decided first: that write bumps the version read next.
    await lockedSectionsOfBoard(deps.db, owner, boardId);
    const version = await boardContentRepo.ownedVersion(deps.db, owner.id, boardId);
    if (version === null) throw notFound('board');
    // Rows carry the reader's own bookmarks, which do not move the board's version: the key has them.
    const bookmarks = await cardBookmarksRepo.stateKey(deps.db, viewer.id, boardId);
    const key = `${owner.id}:${owner.planId}:${viewer.id}:${bookmarks}:${boardId}:${version}:${cursor}:${limit}`;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const page = hashBody(await boardContentPage(deps, viewer, boardId, cursor, limit, version));
    if (page.raw.length <= this.maxBytes / 4) this.keep(key, page);
    return page;
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, page: HashedBody) {
    this.entries.set(key, page);
    this.bytes += page.raw.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.raw.length;
    }
  }
}
