import { continueAsDevUser } from './account-fixtures';
import { hoverCard, seedBoard, toast } from './board-fixtures';
import { holdRequests } from './engine-fixtures';
import { expect, test } from './fixtures';
import {
  landing,
  nextQueryAnswer,
  openFilledBoard,
  recordIndicator,
  searchBox,
  signUpOnPlan,
  submitQuery,
  watchIndicator,
  watchQueries,
} from './search-fixtures';

/**
 * Queries that run on their own: a guest's query after sign-in (spec accounts §4, §6) and find similar
 * (spec board-workspace §4, §5, §8).
 */
test.describe('queries that run on their own', () => {
  test("a guest's query is kept through sign-in and then runs by itself", async ({ page, server }) => {
    const indicatorStates = await recordIndicator(page);
    await page.goto(server.url + '/');
    await expect(landing(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What references do you want to loot?' })).toBeVisible();
    const calls = watchQueries(page);

    // The guest submits: query and board title are kept, and the page goes to the login page, where the
    // (localhost) dev login is taken.
    await searchBox(page).fill('Battle pass reward tracks in shooters');
    const login = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/dev-login');
    const answer = nextQueryAnswer(page);
    await searchBox(page).press('Enter');
    await continueAsDevUser(page);
    const loginRequest = await login;
    expect(new URL(loginRequest.url()).searchParams.get('returnTo')).toBe('/');

    // Back on / signed in, the query runs on the user's empty board without another click.
    const { success } = await answer;
    expect(success).toBe(true);
    const boards = (await (await page.request.get(server.url + '/api/boards')).json()) as {
      id: number;
      title: string;
    }[];
    expect(calls).toHaveLength(1);
    expect(calls[0].query).toBe('Battle pass reward tracks in shooters');
    expect(boards.map((b) => b.id)).toContain(calls[0].boardId);
    // The success shows for 3.5 s after sign-in's round trips: what the page showed is read from its own record.
    await expect.poll(indicatorStates, { timeout: 10_000 }).toContain('success');
    await expect(page.getByTestId('search-compact')).toBeVisible();
    expect(
      await page.evaluate(() => [localStorage.getItem('pendingQuery'), localStorage.getItem('pendingBoardTitle')]),
    ).toEqual([null, null]);

    // A reload does not run it again: the next query the page sends is the one typed after it.
    await page.reload();
    await expect(page.getByTestId('search-compact')).toBeVisible();
    await submitQuery(page, 'Season pass');
    expect(calls.map((c) => c.query)).toEqual(['Battle pass reward tracks in shooters', 'Season pass']);
  });

  test('find similar makes a "Similar to: …" board and runs the spec query on it', async ({ page, server }) => {
    const api = await signUpOnPlan(page, server, 4);
    const title = 'Royal Pass Offer Screen With A Very Long Title';
    const seeded = await seedBoard(
      api,
      'Board',
      ['Monetization'],
      [
        {
          title,
          description: 'A season pass with free and premium tracks.',
          tags: ['Monetization', 'Season Pass'],
          game: 'Royal Match',
          section: 'Monetization',
        },
      ],
    );
    await openFilledBoard(page, server);
    const calls = watchQueries(page);
    const card = (await api.cards(seeded.boardId))[0];
    const controls = await hoverCard(page, card);
    const answer = nextQueryAnswer(page);
    await controls.getByRole('button', { name: 'Find similar' }).click();
    // The toast shows while the card's genre is looked up; a fast answer would replace it before a check sees it.
    const genreLookup = await holdRequests(page, '/api/game-info');
    // From the hover toolbar it asks first, since it spends a search.
    const shown = await watchIndicator(page);
    await page
      .getByRole('dialog', { name: 'Find similar cards?' })
      .getByRole('button', { name: 'Find similar' })
      .click();
    await expect(toast(page)).toContainText('Finding similar features...');
    // The toast says it spends a search.
    await expect(toast(page)).toContainText('This uses one search from your monthly limit.');
    genreLookup.release();

    // The new board is titled from the first 30 characters and selected at once.
    const boardTitle = `Similar to: ${title.slice(0, 30)}...`;
    const list = page.getByRole('navigation', { name: 'Boards' });
    await expect(list.getByRole('button', { name: boardTitle, exact: true })).toHaveAttribute('aria-current', 'true');

    // The query text is the spec's, with the subgenre from GET /api/game-info (Royal Match → Match-3).
    await answer;
    const similar = (await api.boards()).find((b) => b.title === boardTitle)!;
    expect(calls).toEqual([
      {
        query: `Find me features similar to ${title} in genre: Match-3, possible tags: Monetization, Season Pass. Ideally (but not strictly necessarily) matching this description A season pass with free and premium tracks.`,
        boardId: similar.id,
      },
    ]);
    await shown.succeeded();
    expect((await api.cards(similar.id)).length).toBeGreaterThan(0);
    await expect(page.getByRole('dialog', { name: 'Rate this response' })).toBeVisible();
    // The search box keeps what it had (nothing on the new board): the built prompt is not for people.
    await expect(searchBox(page)).toHaveValue('');
  });

  test('find similar at the monthly limit shows the one limit message, with the reset date', async ({
    page,
    server,
  }) => {
    const api = await signUpOnPlan(page, server, 1);
    const spent = await api.call<{ id: number }>('POST', '/api/boards', { title: 'Spent searches' });
    const me = await api.call<{ usage_count: number; monthly_limit: number }>('GET', '/api/current-user');
    for (let i = me.usage_count; i < me.monthly_limit; i++)
      await api.call('POST', '/api/gemini/process', { query: `offers ${i}`, boardId: spent.id });
    // The newest board is the one selected on load.
    const seeded = await seedBoard(
      api,
      'Board',
      ['Monetization'],
      [{ title: 'Royal Pass', tags: ['Monetization'], game: 'Royal Match', section: 'Monetization' }],
    );
    await openFilledBoard(page, server);
    const card = (await api.cards(seeded.boardId))[0];
    const controls = await hoverCard(page, card);
    await controls.getByRole('button', { name: 'Find similar' }).click();
    await expect(toast(page)).toContainText('Reached monthly limit; upgrade your plan');
    await expect(toast(page)).toContainText(/Your searches come back on [A-Z][a-z]+ \d{1,2}/);
    await expect(toast(page)).not.toContainText('Monthly Limit Reached');
    // The plan page says why the user is there.
    await expect(page).toHaveURL(server.url + '/billing?from=limit', { timeout: 5000 });
  });
});
