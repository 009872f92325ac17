import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testDialect } from '../helpers/test-app';

const MIGRATION = { sqlite: '0013_share_copy_per_board', postgres: '0007_share_copy_per_board' } as const;

/** The statements of the committed migrations of this dialect, in journal order, up to and including `lastTag`. */
function migrationStatements(lastTag: string, upTo: 'before' | 'including'): string[] {
  const folder = path.resolve(
    import.meta.dirname,
    testDialect() === 'postgres' ? '../../api/db/migrations-pg' : '../../api/db/migrations',
  );
  const { entries } = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  return entries
    .slice(0, upTo === 'before' ? last : last + 1)
    .slice(upTo === 'before' ? 0 : last)
    .flatMap((e) => fs.readFileSync(path.join(folder, `${e.tag}.sql`), 'utf8').split('--> statement-breakpoint'))
    .filter((statement) => statement.trim() !== '');
}

/** A database of this dialect migrated to just before the share-copy migration; `run` takes `?` placeholders. */
async function databaseBeforeMigration() {
  const tag = MIGRATION[testDialect()];
  if (testDialect() === 'postgres') {
    const { inject } = await import('vitest');
    const admin = new pg.Client({ connectionString: inject('lootPgAdminUrl') });
    await admin.connect();
    const name = `loot_share_migration_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await admin.query(`create database ${name}`);
    const url = new URL(inject('lootPgAdminUrl'));
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    for (const statement of migrationStatements(tag, 'before')) await client.query(statement);
    return {
      run: async (text: string, params: unknown[] = []) => {
        let n = 0;
        return (
          await client.query(
            text.replace(/\?/g, () => `$${++n}`),
            params,
          )
        ).rows as Record<string, unknown>[];
      },
      migrate: async () => {
        for (const statement of migrationStatements(tag, 'including')) await client.query(statement);
      },
      close: async () => {
        await client.end();
        await admin.query(`drop database ${name}`);
        await admin.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-share-migration-'));
  const sqlite = new Database(path.join(dir, 'loot.db'));
  for (const statement of migrationStatements(tag, 'before')) sqlite.exec(statement);
  return {
    run: async (text: string, params: unknown[] = []) => {
      const statement = sqlite.prepare(text);
      return statement.reader
        ? (statement.all(...params) as Record<string, unknown>[])
        : (statement.run(...params), []);
    },
    migrate: async () => {
      for (const statement of migrationStatements(tag, 'including')) sqlite.exec(statement);
    },
    close: async () => {
      sqlite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Copies made before the migration are linked to their board where the share code still says which. */
describe('the share-copy-per-board migration', () => {
  let db: Awaited<ReturnType<typeof databaseBeforeMigration>> | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it("links a copy made through its board's current code, leaves copies of revoked codes as ordinary boards, and keeps deleted boards restorable", async () => {
    db = await databaseBeforeMigration();
    await db.run("insert into plans (id, name, price, monthly_limit, sort_order) values (1, 'Free', 0, 5, 0)");
    for (const email of ['owner@example.com', 'friend@example.com'])
      await db.run('insert into users (email, usage_reset_date) values (?, 0)', [email]);
    const [owner, friend] = (await db.run('select id from users order by id')).map((r) => Number(r.id));
    const board = async (userId: number, title: string, shareCode: string | null, copiedFrom: string | null) => {
      await db!.run(
        'insert into boards (user_id, title, slug, is_shared, share_code, copied_from_share_code, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 0, 0)',
        [userId, title, title.toLowerCase(), shareCode ? 1 : 0, shareCode, copiedFrom],
      );
      return Number((await db!.run('select max(id) id from boards'))[0].id);
    };
    const source = await board(owner, 'Offers', 'current-code', null);
    const viaRevokedCode = await board(friend, 'Offers', null, 'revoked-code');
    const viaCurrentCode = await board(friend, 'Offers', null, 'current-code');
    const own = await board(friend, 'Mine', null, null);
    // A copy deleted an hour ago at most, kept for undo as raw rows that name the column the migration drops.
    const deletedRow = {
      id: 99,
      user_id: friend,
      title: 'Offers',
      slug: 'offers',
      is_shared: 0,
      share_code: null,
      copied_from_share_code: 'current-code',
      created_at: 0,
      updated_at: 0,
    };
    await db.run('insert into deleted_boards (user_id, board_id, snapshot, deleted_at) values (?, 99, ?, 0)', [
      friend,
      JSON.stringify({ board: deletedRow, sections: [], cards: [] }),
    ]);

    await db.migrate();
    const [trash] = await db.run('select snapshot from deleted_boards');
    const { copied_from_share_code: _dropped, ...kept } = deletedRow;
    expect(JSON.parse(String(trash.snapshot))).toEqual({ board: kept, sections: [], cards: [] });
    const rows = await db.run('select id, copied_from_board_id from boards order by id');
    expect(
      rows.map((r) => [Number(r.id), r.copied_from_board_id === null ? null : Number(r.copied_from_board_id)]),
    ).toEqual([
      [source, null],
      [viaRevokedCode, null],
      [viaCurrentCode, source],
      [own, null],
    ]);
    // One copy per recipient per board from now on.
    await expect(
      db.run('update boards set copied_from_board_id = ? where id = ?', [source, viaRevokedCode]),
    ).rejects.toThrow(/unique|UNIQUE/);
  });
});
