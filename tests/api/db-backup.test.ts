import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withTransaction } from '../../api/db/transaction';
import { backupFileName, backupSqlite } from '../../api/db/sqlite-backup';
import { createTestApp, testDialect, type TestApp } from '../helpers/test-app';

// SQLite only: PostgreSQL is backed up with pg_dump (README: Backups).
describe.skipIf(testDialect() === 'postgres')('npm run db:backup: a copy of the SQLite database while it runs', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('copies what is committed, not what a transaction still holds open, into a checked file; never overwrites one', async () => {
    t = await createTestApp();
    const { cookie } = await t.signIn('backup@example.com');
    for (const title of ['One', 'Two'])
      expect((await t.call('POST', '/api/boards', { cookie, json: { title } })).status).toBe(201);
    const target = path.join(t.dir, 'backups', backupFileName(new Date('2026-11-27T21:58:03.123Z')));
    expect(path.basename(target)).toBe('loot-2026-11-27T21-58-03Z.db');

    // A write in flight on the server's connection: open, not committed, when the copy is taken.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = withTransaction(t.db, async () => {
      await t.sql(
        "insert into boards (user_id, title, slug) select id, 'Uncommitted', 'uncommitted' from users where email = 'backup@example.com'",
      );
      await held;
    });
    const result = backupSqlite(t.config.dbFile, target);
    release();
    await writing;

    expect(result).toEqual({ file: target, bytes: fs.statSync(target).size });
    const copy = new Database(target, { readonly: true });
    try {
      expect(copy.prepare('select title from boards order by id').all()).toEqual([{ title: 'One' }, { title: 'Two' }]);
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      copy.close();
    }
    expect(() => backupSqlite(t.config.dbFile, target)).toThrow(/exists already/);
    expect(() => backupSqlite(path.join(t.dir, 'nope.db'), path.join(t.dir, 'x.db'))).toThrow(
      /No database at .*LOOT_DATA_DIR/,
    );
  });

  it("the copy and a folder it makes are its owner's alone (0600, 0700), whatever the umask; a failed copy leaves no file", async () => {
    t = await createTestApp();
    const mode = (p: string) => fs.statSync(p).mode & 0o777;
    const target = path.join(t.dir, 'made', 'backups', 'loot.db');
    const umask = process.umask(0o002);
    try {
      backupSqlite(t.config.dbFile, target);
    } finally {
      process.umask(umask);
    }
    expect(mode(target).toString(8)).toBe('600');
    expect(mode(path.dirname(target)).toString(8)).toBe('700');
    expect(mode(path.join(t.dir, 'made')).toString(8)).toBe('700');
    // A source that is not a database: the empty file made for the copy goes with the error.
    const junk = path.join(t.dir, 'junk.db');
    fs.writeFileSync(junk, 'not a database, though long enough to be read as a header by SQLite for sure'.repeat(2));
    const failed = path.join(t.dir, 'made', 'backups', 'failed.db');
    expect(() => backupSqlite(junk, failed)).toThrow();
    expect(fs.existsSync(failed)).toBe(false);
  });
});
