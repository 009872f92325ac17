import { openBoard, seedBoard, signUp, toast } from './board-fixtures';
import { expect, test } from './fixtures';

/** The rating popup appears once a query id exists (set by the search flow), saves, and clears. */
test.describe('rating popup', () => {
  test("'Rate this response' after a query: a star saves the rating once; a board change clears it", async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    await seedBoard(api, 'Other board', [], []);
    await seedBoard(api, 'Research', [], [{ title: 'Seed card' }]);
    await openBoard(page, server);

    const query = page.getByPlaceholder('e.g. "Starter Pack in Match-3"');
    const processed = page.waitForResponse((r) => r.url().endsWith('/api/gemini/process'));
    await query.fill('starter pack offers in match-3');
    await query.press('Enter');
    expect((await processed).ok()).toBe(true);
    const popup = page.getByRole('dialog', { name: 'Rate this response' });
    await expect(popup).toBeVisible({ timeout: 20_000 });
    await expect(popup).toContainText('How useful was the generated content?');
    await expect(popup).toContainText('Click a star to rate');

    // A failed save keeps the popup and says so.
    await page.route('**/api/queries/*/rating', (route) => route.fulfill({ status: 500, body: 'x' }), { times: 1 });
    await popup.getByRole('button', { name: 'Very useful' }).click();
    await expect(toast(page)).toContainText('Failed to save your rating. Please try again.');
    await expect(popup).toBeVisible();

    const saved = page.waitForResponse((r) => /\/api\/queries\/\d+\/rating$/.test(r.url()));
    await popup.getByRole('button', { name: 'Very useful' }).click();
    const answer = await saved;
    expect(answer.ok()).toBe(true);
    expect(await answer.json()).toMatchObject({ rating: 4 });
    await expect(toast(page)).toContainText('Thank you!');
    await expect(popup).toHaveCount(0);

    // Another query, then a board change: the popup and its query id go.
    const again = page.waitForResponse((r) => r.url().endsWith('/api/gemini/process'));
    await query.fill('season pass');
    await query.press('Enter');
    expect((await again).ok()).toBe(true);
    await expect(popup).toBeVisible({ timeout: 20_000 });
    await page
      .getByRole('navigation', { name: 'Boards' })
      .getByRole('button', { name: 'Other board', exact: true })
      .click();
    await expect(popup).toHaveCount(0);
  });
});
