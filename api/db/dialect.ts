/**
 * Small helpers that let one repository run on either database's query builder: drizzle's SQLite
 * builder has `.get()` / `.all()` / `.run()`, PostgreSQL's has none of them, and both are awaitable.
 */

/** The first row of an awaited query (`.limit(1)` on selects), or undefined. */
export const first = <T>(rows: T[]): T | undefined => rows[0];

/** The one row an insert … returning wrote. */
export function only<T>(rows: T[]): T {
  if (rows.length !== 1) throw new Error(`Expected one row, got ${rows.length}`);
  return rows[0];
}
