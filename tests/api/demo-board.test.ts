import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { features, games } from '../../api/db/schema';
import { createDemoBoard } from '../../api/services/demo-board.service';
import { dataEnv } from '../../api/config';
import { createTestApp, type TestApp } from '../helpers/test-app';

async function seedTinyCatalogue(t: TestApp) {
  const g1 = await t.db
    .insert(games)
    .values({
      name: 'Royal Match',
      genre: 'Puzzle',
      subgenre: 'Match-3',
      orientation: 'vertical',
      storeUrl: 'https://example.test/rm',
    })
    .returning()
    .then((r) => r[0]);
  const g2 = await t.db
    .insert(games)
    .values({ name: 'Hay Day', genre: 'Simulation', subgenre: 'Farming', orientation: 'horizontal' })
    .returning()
    .then((r) => r[0]);
  const rows = [
    {
      gameId: g1.id,
      featureScreenName: 'Royal Pass',
      primaryTag: 'Monetization',
      secondaryTag: 'Season Pass',
      orientation: 'vertical',
      screenshots: [{ path: 'static/catalogue/rp1.webp' }, { url: 'https://img.test/rp2.png' }],
    },
    {
      gameId: g1.id,
      featureScreenName: 'Starter Pack',
      primaryTag: 'Monetization',
      secondaryTag: 'Starter Pack',
      orientation: 'vertical',
      screenshots: [],
    },
    {
      gameId: g2.id,
      featureScreenName: 'Roadside Shop',
      primaryTag: 'Meta',
      secondaryTag: 'Other',
      orientation: 'horizontal',
      screenshots: [{ path: 'shots/rs.png' }],
    },
    {
      gameId: g2.id,
      featureScreenName: 'Derby',
      primaryTag: 'LiveOps',
      secondaryTag: 'Competitions',
      orientation: 'horizontal',
      shortDescription: 'Weekly team derby',
      screenshots: [],
    },
  ];
  await t.db.insert(features).values(rows);
}

const q = async <T>(t: TestApp, sql: string, ...args: unknown[]) => (await t.sql(sql, [...args])) as T[];

describe('demo board', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('creates N cards from the catalogue in S themed sections, each card inside its section box', async () => {
    await seedTinyCatalogue(t);
    const { user } = await t.signIn();
    const progress: number[] = [];
    const result = await createDemoBoard(t.deps, {
      userId: user.id,
      cards: 2500,
      sections: 6,
      onProgress: (done) => progress.push(done),
    });
    expect(result).toMatchObject({ cards: 2500, sections: 6 });
    expect(progress.at(-1)).toBe(2500);
    const [{ n }] = await q<{ n: number }>(t, 'select count(*) n from cards where board_id = ?', result.boardId);
    expect(n).toBe(2500);
    const sections = await q<{ id: number; title: string; x: number; y: number; width: number; height: number }>(
      t,
      'select * from sections where board_id = ? order by id',
      result.boardId,
    );
    expect(sections.map((s) => s.title)).toEqual([
      'LiveOps · Competitions',
      'Meta',
      'Monetization · Season Pass',
      'Monetization · Starter Pack',
      'LiveOps · Competitions 2',
      'Meta 2',
    ]);
    const outside = await q(
      t,
      `select c.id from cards c join sections s on s.id = c.section_id
      where c.board_id = ? and (c.x < s.x or c.y < s.y or c.x > s.x + s.width or c.y > s.y + s.height)`,
      result.boardId,
    );
    expect(outside).toEqual([]);
    const perSection = await q<{ n: number }>(
      t,
      'select count(*) n from cards where board_id = ? group by section_id order by section_id',
      result.boardId,
    );
    expect(perSection.map((r) => r.n)).toEqual([417, 417, 417, 417, 416, 416]);
    const card = (
      await q<{ images: string; tags: string; game: string; game_link: string; orientation: string }>(
        t,
        "select * from cards where board_id = ? and title = 'Royal Pass' limit 1",
        result.boardId,
      )
    )[0];
    expect(JSON.parse(card.images)).toEqual(['/api/storage/catalogue/rp1.webp', 'https://img.test/rp2.png']);
    expect(JSON.parse(card.tags)).toEqual(['Monetization', 'Season Pass']);
    expect(card).toMatchObject({ game: 'Royal Match', game_link: 'https://example.test/rm', orientation: 'vertical' });
  });

  it('refuses bad sizes and an empty catalogue, writing nothing', async () => {
    const { user } = await t.signIn();
    await expect(createDemoBoard(t.deps, { userId: user.id, cards: 10, sections: 2 })).rejects.toThrow(
      /catalogue is empty/,
    );
    await seedTinyCatalogue(t);
    await expect(createDemoBoard(t.deps, { userId: user.id, cards: 0, sections: 2 })).rejects.toThrow(/cards/);
    await expect(createDemoBoard(t.deps, { userId: user.id, cards: 10, sections: -1 })).rejects.toThrow(/sections/);
    expect(await q(t, 'select * from boards')).toEqual([]);
  });

  it('runs as `npm run demo:board` with a progress bar and creates the user when missing', async () => {
    await seedTinyCatalogue(t);
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'api/cli/demo-board.ts', '--cards', '300', '--sections', '3', '--email', 'demo@example.com'],
      {
        env: { ...process.env, ...dataEnv(t.config) },
        encoding: 'utf8',
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/300 cards in 3 sections/);
    const boards = await q<{ id: number; email: string; n: number }>(
      t,
      `select b.id, u.email, (select count(*) from cards c where c.board_id = b.id) n
      from boards b join users u on u.id = b.user_id`,
    );
    expect(boards).toEqual([{ id: expect.any(Number), email: 'demo@example.com', n: 300 }]);
  });
});
