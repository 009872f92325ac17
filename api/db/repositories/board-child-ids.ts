import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { isPostgres, pgRows } from '../postgres';
import { withSqlite } from '../transaction';

/** The two kinds of rows a board holds, by table name (a closed set: never user input). */
export type BoardChildTable = 'cards' | 'sections';

/**
 * Ids of the cards or sections on one of the user's boards, all of them or only those among `among` (the ids a
 * layout.set or a move names). Raw SQL on SQLite: at 100,000 rows drizzle's per-row mapping doubles the time.
 */
export async function childIdsOnOwnedBoard(
  db: Db,
  table: BoardChildTable,
  userId: number,
  boardId: number,
  among?: number[],
): Promise<Set<number>> {
  if (among?.length === 0) return new Set();
  if (isPostgres(db)) {
    const onlyAmong = among ? sql` and c.id = any(${sql.param(among)}::int[])` : sql``;
    const rows = await pgRows<{ id: number }>(
      db,
      sql`select c.id from ${sql.identifier(table)} c join boards b on b.id = c.board_id where c.board_id = ${boardId} and b.user_id = ${userId}${onlyAmong}`,
    );
    return new Set(rows.map((r) => r.id));
  }
  const onlyAmong = among ? ' and c.id in (select value from json_each(?))' : '';
  const params: (number | string)[] = among ? [boardId, userId, JSON.stringify(among)] : [boardId, userId];
  const ids = await withSqlite(
    db,
    (sqlite) =>
      sqlite
        .prepare(
          `select c.id from ${table} c join boards b on b.id = c.board_id where c.board_id = ? and b.user_id = ?${onlyAmong}`,
        )
        .pluck()
        .all(...params) as number[],
  );
  return new Set(ids);
}
