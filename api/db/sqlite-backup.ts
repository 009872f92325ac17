import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type BackupResult = { file: string; bytes: number };

/** `loot-2026-11-27T21-58-03Z.db`: sorts by time, safe in every file system. */
export function backupFileName(now: Date): string {
  return `loot-${now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}.db`;
}

/**
 * A consistent copy of a SQLite database that may be in use: `VACUUM INTO` reads one snapshot of the database (WAL
 * mode lets the server keep writing meanwhile) and writes it compacted to a new file, which is then checked. The
 * copy is a complete database: restoring it is stopping Loot and putting it in place of loot.db (and removing the
 * old loot.db-wal and loot.db-shm).
 */
export function backupSqlite(source: string, target: string): BackupResult {
  if (!fs.existsSync(source)) throw new Error(`No database at ${source}: check LOOT_DATA_DIR.`);
  if (fs.existsSync(target)) throw new Error(`${target} exists already: a backup never overwrites a file.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('vacuum into ?').run(target);
  } finally {
    db.close();
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
