import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres } from '../../api/db/postgres-migrate';
import { startPgCluster, type PgCluster } from '../helpers/pg-cluster';

/**
 * PostgreSQL migrations on a real throwaway cluster: ten instances starting at once migrate once under
 * the advisory lock, and the custom migration gives PostgreSQL SQLite's section-lock and games-version triggers.
 */
const journal = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../api/db/migrations-pg/meta/_journal.json'), 'utf8'),
) as {
  entries: { tag: string }[];
};

let cluster: PgCluster;
let url: string;
let client: pg.Client;
const one = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows[0] as T;

beforeAll(async () => {
  cluster = startPgCluster();
  url = await cluster.createDatabase('loot_migrations');
  // Ten instances starting at once.
  await Promise.all(Array.from({ length: 10 }, () => migratePostgres(url)));
  client = new pg.Client({ connectionString: url });
  await client.connect();
}, 120_000);

afterAll(async () => {
  await client?.end();
  cluster?.stop();
});

describe('PostgreSQL migrations', () => {
  it('ten concurrent starts apply every migration exactly once', async () => {
    const applied = await client.query('select hash from drizzle.__drizzle_migrations');
    expect(applied.rowCount).toBe(journal.entries.length);
    await migratePostgres(url);
    expect((await client.query('select hash from drizzle.__drizzle_migrations')).rowCount).toBe(journal.entries.length);
    const tables = (
      await client.query("select table_name from information_schema.tables where table_schema = 'public' order by 1")
    ).rows.map((r) => r.table_name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'boards',
        'cards',
        'sections',
        'users',
        'games',
        'games_version',
        'features',
        'stripe_events',
      ]),
    );
  });

  it('keeps a card hidden once it has sat in a locked section: on insert, on a move out, and when the section is deleted', async () => {
    await client.query("insert into plans (id, name, price, monthly_limit, sort_order) values (1, 'Free', 0, 5, 0)");
    const user = await one<{ id: number }>(
      "insert into users (email, usage_reset_date) values ('lock@example.com', 0) returning id",
    );
    const board = await one<{ id: number }>(
      "insert into boards (user_id, title, slug) values ($1, 'B', 'b') returning id",
      [user.id],
    );
    const locked = await one<{ id: number }>(
      "insert into sections (board_id, title, color, locked) values ($1, 'Locked', '#fff', 1) returning id",
      [board.id],
    );
    const open = await one<{ id: number }>(
      "insert into sections (board_id, title, color, locked) values ($1, 'Open', '#fff', 0) returning id",
      [board.id],
    );
    const insertCard = (sectionId: number | null) =>
      one<{ id: number; locked: number }>(
        "insert into cards (board_id, section_id, title) values ($1, $2, 'c') returning id, locked",
        [board.id, sectionId],
      );

    expect((await insertCard(locked.id)).locked).toBe(1);
    expect((await insertCard(open.id)).locked).toBe(0);

    const moved = await insertCard(open.id);
    await client.query('update cards set section_id = $1 where id = $2', [locked.id, moved.id]);
    await client.query('update cards set section_id = $1 where id = $2', [open.id, moved.id]);
    expect((await one<{ locked: number }>('select locked from cards where id = $1', [moved.id])).locked).toBe(1);

    const left = await insertCard(open.id);
    await client.query('update cards set section_id = null where id = $1', [left.id]);
    expect((await one<{ locked: number }>('select locked from cards where id = $1', [left.id])).locked).toBe(0);

    const doomed = await one<{ id: number }>(
      "insert into sections (board_id, title, color, locked) values ($1, 'Doomed', '#fff', 1) returning id",
      [board.id],
    );
    const inDoomed = await one<{ id: number }>(
      "insert into cards (board_id, title) values ($1, 'later') returning id",
      [board.id],
    );
    await client.query('update sections set locked = 0 where id = $1', [doomed.id]);
    await client.query('update cards set section_id = $1 where id = $2', [doomed.id, inDoomed.id]);
    await client.query('update sections set locked = 1 where id = $1', [doomed.id]);
    await client.query('delete from sections where id = $1', [doomed.id]);
    expect(await one('select section_id, locked from cards where id = $1', [inDoomed.id])).toEqual({
      section_id: null,
      locked: 1,
    });
  });

  it('a card added to an undecided section while a lock decision on it is being written waits, and comes out hidden', async () => {
    const user = await one<{ id: number }>(
      "insert into users (email, usage_reset_date) values ('race@example.com', 0) returning id",
    );
    const board = await one<{ id: number }>(
      "insert into boards (user_id, title, slug) values ($1, 'R', 'r') returning id",
      [user.id],
    );
    const undecided = await one<{ id: number }>(
      "insert into sections (board_id, title, color) values ($1, 'Undecided', '#fff') returning id",
      [board.id],
    );
    const decider = new pg.Client({ connectionString: url });
    const writer = new pg.Client({ connectionString: url });
    await decider.connect();
    await writer.connect();
    try {
      // The decision (section-lock.service: lock the section, then hide the cards already in it), left open.
      await decider.query('begin');
      await decider.query('update sections set locked = 1 where id = $1', [undecided.id]);
      const writerPid = (await writer.query('select pg_backend_pid() as pid')).rows[0].pid as number;
      const inserted = writer.query<{ id: number }>(
        "insert into cards (board_id, section_id, title) values ($1, $2, 'racing') returning id",
        [board.id, undecided.id],
      );
      // The card's trigger reads the undecided section FOR SHARE, so it waits for the decision instead of reading past it.
      const waiting = async () =>
        (await client.query("select 1 from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'", [writerPid]))
          .rowCount;
      for (let i = 0; i < 100 && (await waiting()) === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
      expect(await waiting()).toBe(1);
      await decider.query('update cards set locked = 1 where section_id = $1 and locked = 0', [undecided.id]);
      await decider.query('commit');
      const card = (await inserted).rows[0];
      expect((await one<{ locked: number }>('select locked from cards where id = $1', [card.id])).locked).toBe(1);
    } finally {
      await decider.end();
      await writer.end();
    }
  });

  it('bumps the games version on every insert, update and delete of games', async () => {
    const version = async () =>
      (await one<{ version: number }>('select version from games_version where id = 1')).version;
    const start = await version();
    await client.query("insert into games (name) values ('Royal Match')");
    expect(await version()).toBe(start + 1);
    await client.query("update games set genre = 'Puzzle' where name = 'Royal Match'");
    expect(await version()).toBe(start + 2);
    await client.query("delete from games where name = 'Royal Match'");
    expect(await version()).toBe(start + 3);
  });

  it('bumps the features version once per statement that changes features, and not for one that changes none', async () => {
    const version = async () =>
      (await one<{ version: number }>('select version from features_version where id = 1')).version;
    const game = await one<{ id: number }>("insert into games (name) values ('Words Version Game') returning id");
    const start = await version();
    await client.query(
      "insert into features (game_id, feature_screen_name, primary_tag) select $1, 'Screen ' || g, 'Monetization' from generate_series(1, 30) g",
      [game.id],
    );
    expect(await version()).toBe(start + 1);
    await client.query("update features set short_description = 'a loadout' where game_id = $1", [game.id]);
    expect(await version()).toBe(start + 2);
    await client.query("update features set short_description = 'x' where game_id = $1 and false", [game.id]);
    await client.query('delete from features where game_id = $1 and false', [game.id]);
    expect(await version()).toBe(start + 2);
    await client.query('delete from features where game_id = $1', [game.id]);
    expect(await version()).toBe(start + 3);
  });

  it('bumps a board content version once per statement on card, section and board writes, and both boards on a move', async () => {
    const user = await one<{ id: number }>(
      "insert into users (email, usage_reset_date) values ('versions@example.com', 0) returning id",
    );
    const insertBoard = () =>
      one<{ id: number }>("insert into boards (user_id, title, slug) values ($1, 'V', 'v') returning id", [user.id]);
    const [a, b] = [await insertBoard(), await insertBoard()];
    const version = async (boardId: number) =>
      (await one<{ version: number }>('select version from board_content_versions where board_id = $1', [boardId]))
        .version;
    expect(await version(a.id)).toBe(1);
    await client.query("insert into cards (board_id, title) select $1, 'c' || g from generate_series(1, 50) g", [a.id]);
    expect(await version(a.id)).toBe(2);
    await client.query('update cards set x = x + 10 where board_id = $1', [a.id]);
    // An update bumps for the new and the old rows: the number changes, which is all a cache key needs.
    const afterMove = await version(a.id);
    expect(afterMove).toBeGreaterThan(2);
    const section = await one<{ id: number }>(
      "insert into sections (board_id, title, color) values ($1, 'S', '#fff') returning id",
      [a.id],
    );
    expect(await version(a.id)).toBe(afterMove + 1);
    await client.query("update sections set title = 'T' where id = $1", [section.id]);
    expect(await version(a.id)).toBeGreaterThan(afterMove + 1);
    const beforeTransfer = [await version(a.id), await version(b.id)];
    await client.query('update cards set board_id = $1 where id = (select min(id) from cards where board_id = $2)', [
      b.id,
      a.id,
    ]);
    expect(await version(a.id)).toBeGreaterThan(beforeTransfer[0]);
    expect(await version(b.id)).toBeGreaterThan(beforeTransfer[1]);
    const beforeDelete = await version(a.id);
    await client.query('delete from cards where board_id = $1', [a.id]);
    expect(await version(a.id)).toBe(beforeDelete + 1);
  });
});
