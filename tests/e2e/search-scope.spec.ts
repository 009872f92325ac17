import type { Page } from '@playwright/test';
import type { WireSection } from './board-fixtures';
import { expect, test, type LootServer } from './fixtures';
import { indicator, openLanding, signUpOnPlan, submitQuery } from './search-fixtures';

/** A fresh user on the unlimited plan at the landing search of their empty board. */
async function atLanding(page: Page, server: LootServer) {
  const api = await signUpOnPlan(page, server, 4);
  await openLanding(page, server);
  const [board] = await api.boards();
  return { api, board };
}

/**
 * The search panel and the board say in plain words when a named genre, sub-genre or game narrowed the
 * board, and when nothing in it matched (demo catalogue; queries written for this test).
 */
test.describe('a named scope, said in plain words', () => {
  test('a sub-genre with a few matches: the panel counts them, the first section is theirs, the rest says where it is from', async ({
    page,
    server,
  }) => {
    const { api, board } = await atLanding(page, server);

    await submitQuery(page, 'm3 obstacles');

    const notice = page.getByTestId('search-notice');
    await expect(notice).toHaveText(
      /^\d+ Obstacles match(es)? in Match-3 games, first on the board; \d+ more after them, in sections that say what they are\.×$/,
    );
    const sections = [...(await api.call<WireSection[]>('GET', `/api/sections?boardId=${board.id}`))].sort(
      (a, b) => a.id - b.id,
    );
    const count = Number(/^\d+/.exec((await notice.textContent()) ?? '')![0]);
    expect(sections[0].title).toBe(`${count} Obstacles match${count === 1 ? '' : 'es'} in Match-3 games`);
    for (const s of sections.slice(1))
      expect(s.title).toMatch(
        /in other Puzzle games|in other genres|outside Match-3|in Match-3 games|^More that mention/,
      );

    // The notice stays until dismissed (or the next query).
    await expect(indicator(page)).toHaveCount(0, { timeout: 5000 });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
  });

  test('a sub-genre with nothing on the topic nor near it: the panel and the first section say so, and the topic is shown from elsewhere', async ({
    page,
    server,
  }) => {
    const { api, board } = await atLanding(page, server);

    // Tower Defense has no tournament, no LiveOps sibling of one, and no screen that says the word (demo catalogue;
    // tests/api/search-scope.test.ts checks the catalogue so).
    await submitQuery(page, 'tournaments in tower defense games');

    await expect(page.getByTestId('search-notice')).toContainText(
      'Nothing in Tower Defense games matches Tournaments. The board shows Tournaments from elsewhere instead.',
      { timeout: 15_000 },
    );
    const sections = [...(await api.call<WireSection[]>('GET', `/api/sections?boardId=${board.id}`))].sort(
      (a, b) => a.id - b.id,
    );
    expect(sections[0].title).toMatch(/^Tournaments.* in other genres \(none in Tower Defense games\)$/);

    // A query that names no scope says nothing of one: the notice goes.
    await submitQuery(page, 'tournaments');
    await expect(page.getByTestId('search-notice')).toHaveCount(0);
  });

  test('a sub-genre with nothing on the topic itself but screens near it: they lead, titled and told as the nearest', async ({
    page,
    server,
  }) => {
    const { api, board } = await atLanding(page, server);

    await submitQuery(page, 'loot boxes in farming games');

    const notice = page.getByTestId('search-notice');
    await expect(notice).toHaveText(
      /^Nothing in Farming games is Loot Boxes itself; its \d+ nearest screens? come first on the board; \d+ more after them, in sections that say what they are\.×$/,
      { timeout: 15_000 },
    );
    const sections = [...(await api.call<WireSection[]>('GET', `/api/sections?boardId=${board.id}`))].sort(
      (a, b) => a.id - b.id,
    );
    expect(sections[0].title).toBe('Nearest to Loot Boxes in Farming games');
    // The notice counts the first section's cards.
    const nearest = Number(/its (\d+) nearest/.exec((await notice.textContent()) ?? '')![1]);
    const cards = await api.call<{ sectionId: number | null }[]>('GET', `/api/cards?boardId=${board.id}`);
    expect(cards.filter((c) => c.sectionId === sections[0].id)).toHaveLength(nearest);
    for (const s of sections) expect(s.title).not.toMatch(/\(none in /);
  });

  test('a misspelt word no reference says: the panel says how it was read, and the board has its matches', async ({
    page,
    server,
  }) => {
    const { api, board } = await atLanding(page, server);

    await submitQuery(page, 'shooter loadot');

    await expect(page.getByTestId('search-notice')).toContainText(
      /^Read “loadot” as “loadout”\. \d+ “loadout” match(es)? in Shooter/,
      { timeout: 15_000 },
    );
    const cards = await api.call<{ title: string; game: string }[]>('GET', `/api/cards?boardId=${board.id}`);
    expect(cards.map((c) => `${c.game} / ${c.title}`)).toContain('Call of Duty: Mobile / Gunsmith');
  });
});
