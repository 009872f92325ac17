import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type BackupResult = { file: string; bytes: number };

/** `loot-2026-11-27T21-58-03Z.db`: sorts by time, safe in every file system. */
export function backupFileName(now: Date): string {
  return `loot-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.db`;
}

/**
 * A consistent copy of a SQLite database that may be in use: `VACUUM INTO` reads one snapshot of the database (WAL
 * mode lets the server keep writing meanwhile) and writes it compacted to a new file, which is then checked. The
 * copy is a complete database: restoring it is stopping Loot and putting it in place of loot.db (and removing the
 * old loot.db-wal and loot.db-shm).
 */
export function backupSqlite(source: string, target: string): BackupResult {
  if (!fs.existsSync(source)) throw new Error(`No database at ${source}: check LOOT_DATA_DIR.`);
  // A copy holds every user's data, as the database does: a new folder (0700) and the file (0600) are the server
  // user's alone. The file is made empty first (VACUUM INTO fills an empty file), so it never exists with wider
  // rights, and exclusively, so an existing one is never overwritten.
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  try {
    fs.closeSync(fs.openSync(target, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      throw new Error(`${target} exists already: a backup never overwrites a file.`);
    throw err;
  }
  try {
    const db = new Database(source, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      db.prepare('vacuum into ?').run(target);
    } finally {
      db.close();
    }
  } catch (err) {
    // The empty file made above is this backup's own: no half-made copy is left to be mistaken for one.
    fs.rmSync(target, { force: true });
    throw err;
  }
  const copy = new Database(target, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`The copy at ${target} failed SQLite's quick_check: ${String(check)}`);
  } finally {
    copy.close();
  }
  return { file: target, bytes: fs.statSync(target).size };
}
