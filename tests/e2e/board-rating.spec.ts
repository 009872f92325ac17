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

  test('stars light only on a real choice, the prompt stays clear of the toolbar, and leaves after a few actions', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    await seedBoard(api, 'Research', [], [{ title: 'Seed card' }]);
    await page.setViewportSize({ width: 820, height: 640 });
    await openBoard(page, server);
    const query = page.getByPlaceholder('e.g. "Starter Pack in Match-3"');
    const popup = page.getByRole('dialog', { name: 'Rate this response' });
    const ask = async (text: string) => {
      const processed = page.waitForResponse((r) => r.url().endsWith('/api/gemini/process'));
      await query.fill(text);
      await query.press('Enter');
      expect((await processed).ok()).toBe(true);
      await expect(popup).toBeVisible({ timeout: 20_000 });
    };
    await ask('starter pack offers in match-3');

    // On a narrow window too, the prompt and the board's toolbar do not overlap.
    const toolbar = page.getByRole('toolbar', { name: 'Board controls' });
    const [a, b] = [await popup.boundingBox(), await toolbar.boundingBox()];
    expect(a && b).toBeTruthy();
    const overlap =
      a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
    expect(overlap).toBe(false);

    // Tabbing and pointing through the stars chooses nothing, lights nothing, and is not moving on.
    const stars = popup.locator('.star');
    await popup.getByRole('button', { name: 'Not useful' }).focus();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    await expect(popup.getByRole('button', { name: 'Extremely useful' })).toBeFocused();
    await popup.getByRole('button', { name: 'Moderately useful' }).hover();
    await expect(popup.locator('.star.on')).toHaveCount(0);
    await expect(popup.locator('[aria-pressed="true"]')).toHaveCount(0);
    await expect(popup).toContainText('Click a star to rate');

    // Two actions elsewhere keep it; the third sends it away.
    const canvas = page.locator('.board-main canvas').first();
    await canvas.click({ position: { x: 40, y: 400 } });
    await page.keyboard.press('KeyF');
    await page.keyboard.press('Escape');
    await expect(popup).toBeVisible();
    await canvas.click({ position: { x: 60, y: 420 } });
    await expect(popup).toHaveCount(0);

    // A real choice lights the stars up to it while it is saved.
    await ask('season pass');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/queries/*/rating', async (route) => {
      await held;
      await route.continue();
    });
    await popup.getByRole('button', { name: 'Very useful' }).click();
    await expect(popup.locator('.star.on')).toHaveCount(4);
    await expect(popup.getByRole('button', { name: 'Very useful' })).toHaveAttribute('aria-pressed', 'true');
    await expect(popup).toContainText('Very useful');
    expect(await stars.count()).toBe(5);
    release();
    await expect(popup).toHaveCount(0);
  });

  test('the prompt leaves by itself after a minute without a rating', async ({ page, server }) => {
    const api = await signUp(page, server);
    await seedBoard(api, 'Research', [], [{ title: 'Seed card' }]);
    await page.clock.install();
    await openBoard(page, server);
    const query = page.getByPlaceholder('e.g. "Starter Pack in Match-3"');
    const processed = page.waitForResponse((r) => r.url().endsWith('/api/gemini/process'));
    await query.fill('starter pack offers in match-3');
    await query.press('Enter');
    expect((await processed).ok()).toBe(true);
    const popup = page.getByRole('dialog', { name: 'Rate this response' });
    await expect(popup).toBeVisible({ timeout: 20_000 });
    await page.mouse.move(5, 5);
    await page.locator('body').evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.fastForward(30_000);
    await expect(popup).toBeVisible();
    await page.clock.fastForward(31_000);
    await expect(popup).toHaveCount(0);
  });
});
