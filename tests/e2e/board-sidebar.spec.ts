import { seedBoard, signUp, toast } from './board-fixtures';
import { expect, test } from './fixtures';

/** The sidebar's board list (create, rename, delete) and the current-board rules. */
test.describe('board list', () => {
  test('creates a board selected at once, renames it inline, and deletes it', async ({ page, server }) => {
    const api = await signUp(page, server);
    await seedBoard(api, 'Research', [], []);
    await page.goto(server.url + '/');
    const list = page.getByRole('navigation', { name: 'Boards' });
    await expect(list.getByRole('button', { name: 'Research', exact: true })).toHaveAttribute('aria-current', 'true');

    // New Board: selected at once under a temporary negative id, then the server's 'Untitled' with its real id.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/boards', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    const created = page.waitForResponse((r) => r.url().endsWith('/api/boards') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'New Board' }).click();
    const temporary = list.locator('li[data-board-id^="-"]');
    await expect(temporary.getByRole('button', { name: 'Untitled', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    release();
    const board = (await (await created).json()) as { id: number; title: string };
    await page.unroute('**/api/boards');
    await expect(temporary).toHaveCount(0);
    const item = list.locator(`[data-board-id="${board.id}"]`);
    await expect(item.getByRole('button', { name: board.title, exact: true })).toHaveAttribute('aria-current', 'true');

    // Rename: Escape cancels, a blank title is ignored, Enter confirms.
    await item.getByRole('button', { name: `Rename ${board.title}` }).click();
    await list.getByLabel('Board title').fill('Never saved');
    await list.getByLabel('Board title').press('Escape');
    await expect(item.getByRole('button', { name: board.title, exact: true })).toBeVisible();
    await item.getByRole('button', { name: `Rename ${board.title}` }).click();
    await list.getByLabel('Board title').fill('   ');
    await list.getByLabel('Board title').press('Enter');
    await expect(item.getByRole('button', { name: board.title, exact: true })).toBeVisible();
    await item.getByRole('button', { name: `Rename ${board.title}` }).click();
    await list.getByLabel('Board title').fill('Offers study');
    await list.getByLabel('Board title').press('Enter');
    await expect(toast(page)).toContainText('Board Renamed');
    await expect(item.getByRole('button', { name: 'Offers study', exact: true })).toBeVisible();
    expect((await api.boards()).map((b) => b.title)).toContain('Offers study');

    // Delete the current board: the highest remaining is selected.
    await item.getByRole('button', { name: 'Delete Offers study' }).click();
    await expect(toast(page)).toContainText('Board Deleted');
    await expect(list.getByRole('button', { name: 'Research', exact: true })).toHaveAttribute('aria-current', 'true');
    expect((await api.boards()).map((b) => b.title)).toEqual(['Research']);
    // Delete is offered only when more than one board exists.
    await expect(list.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  });

  test('a failed create says so and the list is refetched; a refused delete says it may be the main board', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    await seedBoard(api, 'First', [], []);
    await seedBoard(api, 'Second', [], []);
    await page.goto(server.url + '/');
    const list = page.getByRole('navigation', { name: 'Boards' });
    await expect(list.getByRole('button', { name: 'Second', exact: true })).toHaveAttribute('aria-current', 'true');

    await page.route('**/api/boards', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'boom' }) : route.continue(),
    );
    await page.getByRole('button', { name: 'New Board' }).click();
    await expect(toast(page)).toContainText('Failed to create new board');
    await expect(list.getByRole('button', { name: 'Second', exact: true })).toHaveAttribute('aria-current', 'true');
    await expect(list.locator('li')).toHaveCount(2);
    await page.unroute('**/api/boards');

    await page.route('**/api/boards/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 409, body: '{}' }) : route.continue(),
    );
    await list.locator('li', { hasText: 'First' }).getByRole('button', { name: 'Delete First' }).click();
    await expect(toast(page)).toContainText('Failed to delete the board. This might be the main board.');
    await expect(list.locator('li')).toHaveCount(2);
  });
});

test.describe('boards named alike', () => {
  test('long names wrap in full with the name on hover, and boards sharing a name show their creation time', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const longer = 'Starter Pack in Match-3 games on phones';
    const other = await seedBoard(api, 'Starter Pack in Puzzle games on phones', [], []);
    const first = await seedBoard(api, longer, [], []);
    const second = await seedBoard(api, longer, [], []);
    await page.goto(server.url + '/');
    const list = page.getByRole('navigation', { name: 'Boards' });
    const row = (id: number) => list.locator(`li[data-board-id="${id}"]`);

    for (const id of [other.boardId, first.boardId, second.boardId]) {
      const title = row(id).locator('.board-title');
      await expect(title).toBeVisible();
      // The whole name is on screen (wrapped, not cut) and on hover.
      const clipped = await title.evaluate(
        (el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
      );
      expect(clipped).toBe(false);
      await expect(row(id).locator('.board-select')).toHaveAttribute('title', (await title.textContent()) ?? '');
    }
    // A name of its own needs nothing more; the two boards sharing one each show when they were made, differently.
    await expect(row(other.boardId).locator('.board-meta')).toHaveCount(0);
    const firstMeta = row(first.boardId).locator('.board-meta');
    const secondMeta = row(second.boardId).locator('.board-meta');
    await expect(firstMeta).toHaveText(/^created \w{3} \d+, \d{4}/);
    await expect(secondMeta).toHaveText(/^created \w{3} \d+, \d{4}/);
    expect(await firstMeta.textContent()).not.toBe(await secondMeta.textContent());

    // Renaming one apart drops both second lines.
    await row(second.boardId)
      .getByRole('button', { name: `Rename ${longer}` })
      .click();
    await list.getByLabel('Board title').fill('Starter Pack in Match-3, second look');
    await list.getByLabel('Board title').press('Enter');
    await expect(row(second.boardId).locator('.board-title')).toHaveText('Starter Pack in Match-3, second look');
    await expect(list.locator('.board-meta')).toHaveCount(0);
  });
});

test.describe('sidebar', () => {
  test('b toggles it between 240 and 60 px; Escape closes it; it opens by default on wide windows only', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    await seedBoard(api, 'Board', [], []);
    await page.goto(server.url + '/');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveCSS('width', '240px');
    await page.keyboard.press('b');
    await expect(sidebar).toHaveCSS('width', '60px');
    await page.keyboard.press('b');
    await expect(sidebar).toHaveCSS('width', '240px');
    await page.keyboard.press('Escape');
    await expect(sidebar).toHaveCSS('width', '60px');

    await page.setViewportSize({ width: 700, height: 800 });
    await page.reload();
    await expect(sidebar).toHaveCSS('width', '60px');
  });

  test('shows the usage meter and the user menu', async ({ page, server }) => {
    const api = await signUp(page, server, 'Mia');
    await api.call('PATCH', '/api/user/plan', { planId: 1 });
    await seedBoard(api, 'Board', [], []);
    await page.goto(server.url + '/');
    await expect(page.getByTestId('usage-meter')).toContainText('0/5');
    await page.getByRole('button', { name: /Mia/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/billing$/);
  });

  test('signs out with a POST and lands on / signed out', async ({ page, server }) => {
    await signUp(page, server, 'Noa');
    await page.goto(server.url + '/');
    await page.getByRole('button', { name: /Noa/ }).click();
    const logout = page.waitForRequest((r) => r.url().endsWith('/api/logout'));
    // The page is already at /: wait for the full-page load sign-out makes, not just the URL (closing the
    // context mid-navigation hung the teardown in CI).
    const reloaded = page.waitForEvent('load');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    expect((await logout).method()).toBe('POST');
    await reloaded;
    await expect(page).toHaveURL(server.url + '/');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect((await page.request.get(server.url + '/api/current-user')).status()).toBe(401);
  });
});
