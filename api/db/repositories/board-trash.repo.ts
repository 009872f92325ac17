import { and, eq, lt, sql } from 'drizzle-orm';
import type Database from 'better-sqlite3';
import type { Db } from '../client';
import { isPostgres, pgRows } from '../postgres';
import { withSqlite } from '../transaction';
import { deletedBoards } from '../schema';

/**
 * Deleted boards kept for undo. A snapshot is the raw rows of the board, its sections and its cards,
 * keyed by column name, so it restores whatever columns those tables have (no list to keep in step with the
 * schema). Reached through the owner's id like every other repository.
 */
export type BoardSnapshot = {
  board: Row;
  sections: Row[];
  cards: Row[];
  /** People's bookmarks of its cards, its members and its pending invitations (absent in older snapshots). */
  bookmarks?: Row[];
  members?: Row[];
  invitations?: Row[];
};
export type Table = 'boards' | 'sections' | 'cards' | 'card_bookmarks' | 'board_members' | 'board_invitations';
export type Row = Record<string, unknown>;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function insertRow(sqlite: Database.Database, table: Table, row: Row): void {
  const columns = Object.keys(row);
  // Column names come from our own snapshot of our own tables; checked anyway before they reach SQL.
  if (!columns.every((c) => IDENTIFIER.test(c))) throw new Error(`Bad column in ${table} snapshot`);
  const sql = `insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`;
  sqlite.prepare(sql).run(...columns.map((c) => row[c] as never));
}

function checkedColumns(table: string, row: Row): string[] {
  const columns = Object.keys(row);
  // Column names come from our own snapshot of our own tables; checked anyway before they reach SQL.
  if (!columns.every((c) => IDENTIFIER.test(c))) throw new Error(`Bad column in ${table} snapshot`);
  return columns;
}

export async function insertRowPg(db: Db, table: Table, row: Row): Promise<void> {
  const columns = checkedColumns(table, row);
  await pgRows(
    db,
    sql`insert into ${sql.identifier(table)} (${sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    )}) values (${sql.join(
      columns.map((c) => sql`${row[c]}`),
      sql`, `,
    )})`,
  );
}

/**
 * A snapshot in today's form: one taken before bookmarks were per person (0017) has cards.is_bookmarked, which
 * were the owner's bookmarks; one taken before team boards has no members or invitations.
 */
function upgraded(snapshot: BoardSnapshot): Required<BoardSnapshot> {
  const bookmarks = [...(snapshot.bookmarks ?? [])];
  const cards = snapshot.cards.map((card) => {
    if (!('is_bookmarked' in card)) return card;
    const { is_bookmarked: bookmarked, ...rest } = card;
    if (Number(bookmarked) === 1)
      bookmarks.push({ user_id: snapshot.board.user_id, card_id: card.id, created_at: card.created_at });
    return rest;
  });
  return { ...snapshot, cards, bookmarks, members: snapshot.members ?? [], invitations: snapshot.invitations ?? [] };
}

export const boardTrashRepo = {
  /** The rows of a board (call inside the delete's transaction, before the delete). */
  async snapshot(db: Db, boardId: number): Promise<BoardSnapshot | null> {
    if (isPostgres(db)) {
      const [board] = await pgRows<Row>(db, sql`select * from boards where id = ${boardId}`);
      if (!board) return null;
      const sections = await pgRows<Row>(db, sql`select * from sections where board_id = ${boardId} order by id`);
      const cards = await pgRows<Row>(db, sql`select * from cards where board_id = ${boardId} order by id`);
      const bookmarks = await pgRows<Row>(
        db,
        sql`select b.* from card_bookmarks b join cards c on c.id = b.card_id where c.board_id = ${boardId}`,
      );
      const members = await pgRows<Row>(db, sql`select * from board_members where board_id = ${boardId} order by id`);
      const invitations = await pgRows<Row>(
        db,
        sql`select * from board_invitations where board_id = ${boardId} order by id`,
      );
      return { board, sections, cards, bookmarks, members, invitations };
    }
    return withSqlite(db, (sqlite) => {
      const board = sqlite.prepare('select * from boards where id = ?').get(boardId) as Row | undefined;
      if (!board) return null;
      const sections = sqlite.prepare('select * from sections where board_id = ? order by id').all(boardId) as Row[];
      const cards = sqlite.prepare('select * from cards where board_id = ? order by id').all(boardId) as Row[];
      const bookmarks = sqlite
        .prepare('select b.* from card_bookmarks b join cards c on c.id = b.card_id where c.board_id = ?')
        .all(boardId) as Row[];
      const members = sqlite
        .prepare('select * from board_members where board_id = ? order by id')
        .all(boardId) as Row[];
      const invitations = sqlite
        .prepare('select * from board_invitations where board_id = ? order by id')
        .all(boardId) as Row[];
      return { board, sections, cards, bookmarks, members, invitations };
    });
  },

  async put(db: Db, userId: number, boardId: number, snapshot: BoardSnapshot, deletedAt: Date): Promise<void> {
    await db.insert(deletedBoards).values({ userId, boardId, snapshot: JSON.stringify(snapshot), deletedAt });
  },

  /**
   * The owner's latest snapshot of that board, removed from the trash; null when there is none. One DELETE …
   * RETURNING: of two restores at once, one gets the snapshot and the other finds nothing.
   */
  async take(db: Db, userId: number, boardId: number): Promise<BoardSnapshot | null> {
    const rows = await db
      .delete(deletedBoards)
      .where(and(eq(deletedBoards.userId, userId), eq(deletedBoards.boardId, boardId)))
      .returning({ id: deletedBoards.id, snapshot: deletedBoards.snapshot });
    const latest = rows.reduce<(typeof rows)[number] | null>(
      (best, row) => (best && best.id > row.id ? best : row),
      null,
    );
    return latest ? (JSON.parse(latest.snapshot) as BoardSnapshot) : null;
  },

  /**
   * Puts the rows back with their ids; a card's catalogue feature that is gone meanwhile is unlinked. Members,
   * invitations and bookmarks come back too, but not those of accounts deleted meanwhile.
   */
  async restore(db: Db, stored: BoardSnapshot): Promise<void> {
    const snapshot = upgraded(stored);
    const rest = [
      ...snapshot.members.map((row) => ['board_members', row] as const),
      ...snapshot.invitations.map((row) => ['board_invitations', row] as const),
      ...snapshot.bookmarks.map((row) => ['card_bookmarks', row] as const),
    ];
    if (isPostgres(db)) {
      await insertRowPg(db, 'boards', snapshot.board);
      for (const s of snapshot.sections) await insertRowPg(db, 'sections', s);
      for (const c of snapshot.cards) {
        const gone =
          c.feature_id != null &&
          (await pgRows(db, sql`select 1 from features where id = ${c.feature_id as number}`)).length === 0;
        await insertRowPg(db, 'cards', gone ? { ...c, feature_id: null } : c);
      }
      for (const [table, row] of rest) {
        if (
          row.user_id != null &&
          (await pgRows(db, sql`select 1 from users where id = ${row.user_id as number}`)).length === 0
        )
          continue;
        await insertRowPg(db, table, row);
      }
      return;
    }
    await withSqlite(db, (sqlite) => {
      insertRow(sqlite, 'boards', snapshot.board);
      for (const s of snapshot.sections) insertRow(sqlite, 'sections', s);
      const featureExists = sqlite.prepare('select 1 from features where id = ?');
      for (const c of snapshot.cards) {
        const row = c.feature_id != null && !featureExists.get(c.feature_id) ? { ...c, feature_id: null } : c;
        insertRow(sqlite, 'cards', row);
      }
      const userExists = sqlite.prepare('select 1 from users where id = ?');
      for (const [table, row] of rest)
        if (row.user_id == null || userExists.get(row.user_id)) insertRow(sqlite, table, row);
    });
  },

  async boardIdTaken(db: Db, boardId: number): Promise<boolean> {
    if (isPostgres(db)) return (await pgRows(db, sql`select 1 from boards where id = ${boardId}`)).length > 0;
    return withSqlite(db, (sqlite) => sqlite.prepare('select 1 from boards where id = ?').get(boardId) !== undefined);
  },

  async purgeBefore(db: Db, cutoff: Date): Promise<void> {
    await db.delete(deletedBoards).where(lt(deletedBoards.deletedAt, cutoff));
  },
};
