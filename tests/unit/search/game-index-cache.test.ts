import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../api/db/client';
import { loadGameIndex } from '../../../api/search/engine';
import { openFixtureDb, type FixtureDb } from './fixture';

/**
 * The query engine keeps its game-name index per connection and rebuilds it only when the games' version
 * (kept by triggers in the database) changes, so a change any process writes is seen by every other one, and an
 * unchanged catalogue costs one row read per query instead of reading every game.
 */
describe('the game-name index follows the games, whoever writes them', () => {
  let fixture: FixtureDb | undefined;
  afterEach(() => fixture?.close());

  it('is reused while the games are unchanged', async () => {
    fixture = await openFixtureDb();
    expect(await loadGameIndex(fixture.db)).toBe(await loadGameIndex(fixture.db));
    // Writes to other tables do not invalidate it.
    fixture.db.$client.prepare("update features set short_description = short_description || ' ' where id = 1").run();
    expect(await loadGameIndex(fixture.db)).toBe(await loadGameIndex(fixture.db));
  });

  it('sees a game renamed, added or removed by another connection to the same file (another process)', async () => {
    fixture = await openFixtureDb();
    const file = fixture.db.$client.name;
    const other = openDatabase(path.resolve(file));
    try {
      const before = await loadGameIndex(fixture.db);
      expect(before.byName.has('Lucky Slots')).toBe(true);

      other.$client.prepare("update games set name = 'Lucky Spins' where name = 'Lucky Slots'").run();
      const renamed = await loadGameIndex(fixture.db);
      expect(renamed).not.toBe(before);
      expect(renamed.byName.has('Lucky Spins')).toBe(true);
      expect(renamed.byName.has('Lucky Slots')).toBe(false);

      other.$client
        .prepare(
          "insert into games (name, genre, subgenre, tier) values ('Brand New Game', 'Puzzle', 'Match-3', 'Casual')",
        )
        .run();
      expect((await loadGameIndex(fixture.db)).byName.has('Brand New Game')).toBe(true);

      other.$client.prepare("delete from games where name = 'Brand New Game'").run();
      expect((await loadGameIndex(fixture.db)).byName.has('Brand New Game')).toBe(false);

      // A change to a field the index reads besides the name (the genre) is seen too.
      const id = (other.$client.prepare("select id from games where name = 'Lucky Spins'").get() as { id: number }).id;
      other.$client.prepare("update games set subgenre = 'Poker' where id = ?").run(id);
      expect((await loadGameIndex(fixture.db)).byId.get(id)?.subgenre).toBe('Poker');
    } finally {
      other.$client.close();
    }
  });
});
