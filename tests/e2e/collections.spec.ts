import { toast } from './board-fixtures';
import { continueAsDevUser, signUpAs } from './account-fixtures';
import { expect, test } from './fixtures';

type Listed = { id: number; name: string; type: 'free' | 'pro'; new: 0 | 1; category: string };

/** GET /api/collections flattened, as the view lists it. */
async function listed(page: import('@playwright/test').Page, url: string): Promise<Listed[]> {
  const res = await page.request.get(url + '/api/collections');
  const body = (await res.json()) as { collections: Record<string, Listed[]> };
  return Object.values(body.collections).flat();
}

/** The collections full-screen view (spec accounts §2 Collections view, /collections, §4 Collection use). */
test.describe('collections view', () => {
  test('/collections opens the view: New block, category groups with counts, crowns, collapsing; the new! badge hides once seen', async ({
    page,
    server,
  }) => {
    await signUpAs(page, server);
    const all = await listed(page, server.url);
    const categories = [...new Set(all.map((c) => c.category))];
    await page.goto(server.url + '/');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByTestId('collections-new-badge')).toHaveText('new!');

    await sidebar.getByRole('button', { name: 'Collections' }).click();
    const view = page.getByTestId('collections-view');
    await expect(view).toBeVisible();
    await expect(page).toHaveURL(server.url + '/');
    await expect(view.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible();

    const groups = view.getByTestId('collection-group');
    const newCount = all.filter((c) => c.new === 1).length;
    // The 'New' block first, then one group per category key: "live_ops" reads "Live ops".
    await expect(groups).toHaveCount(categories.length + 1);
    await expect(groups.first().locator('.cv-group-title')).toHaveText('New');
    await expect(groups.first().getByTestId('group-count')).toHaveText(String(newCount));
    const liveOps = view.getByRole('region', { name: 'Live ops' });
    await expect(liveOps.getByTestId('group-count')).toHaveText(
      String(all.filter((c) => c.category === 'live_ops').length),
    );
    await expect(view.getByRole('img', { name: 'Pro collection' })).toHaveCount(
      all.filter((c) => c.type === 'pro').length,
    );
    // Four columns of 16:9 tiles.
    const tile = view.getByTestId('collection-tile').first().locator('.cv-tile-image');
    const size = (await tile.boundingBox())!;
    expect(Math.abs(size.width / size.height - 16 / 9)).toBeLessThan(0.02);
    const columns = await view
      .locator('.cv-grid')
      .first()
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(4);

    // Groups start expanded and collapse on their title.
    const toggle = liveOps.getByRole('button', { expanded: true });
    await toggle.click();
    await expect(liveOps.getByTestId('collection-tile')).toHaveCount(0);
    await liveOps.getByRole('button', { expanded: false }).click();
    await expect(liveOps.getByTestId('collection-tile')).not.toHaveCount(0);

    await view.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(view).toHaveCount(0);
    // Seen in this session: the badge stays hidden, even after a reload.
    await page.reload();
    await expect(page.getByTestId('sidebar').getByRole('button', { name: 'Collections' })).toBeVisible();
    await expect(page.getByTestId('collections-new-badge')).toHaveCount(0);
  });

  test('using a free collection makes a new board and selects it', async ({ page, server }) => {
    const { api } = await signUpAs(page, server);
    const free = (await listed(page, server.url)).find((c) => c.type === 'free')!;
    await page.goto(server.url + '/collections');
    const view = page.getByTestId('collections-view');
    await view.getByTestId('collection-tile').filter({ hasText: free.name }).first().click();
    await expect(toast(page)).toContainText(/Loading collection\.\.\.|Collection loaded!/);
    await expect(toast(page)).toContainText('Collection loaded!');
    await expect(toast(page)).toContainText('Successfully created a new board.');
    await expect(view).toHaveCount(0);
    const boards = await api.boards();
    const made = boards.find((b) => b.title === free.name);
    expect(made, JSON.stringify(boards)).toBeDefined();
    await expect(page.getByRole('navigation', { name: 'Boards' }).locator('[aria-current="true"]')).toHaveText(
      free.name,
    );
    expect((await api.cards(made!.id)).length).toBeGreaterThan(0);
  });

  test('a free user opening a pro collection gets the Premium Collection dialog; a paid user gets the board', async ({
    page,
    server,
  }) => {
    const { api } = await signUpAs(page, server);
    const pro = (await listed(page, server.url)).find((c) => c.type === 'pro')!;
    await page.goto(server.url + '/collections');
    const view = page.getByTestId('collections-view');
    await view.getByTestId('collection-tile').filter({ hasText: pro.name }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Premium Collection' });
    await expect(dialog).toContainText('This collection is available only to users with a premium subscription.');
    await expect(dialog).toContainText(`Collection: "${pro.name}"`);
    await expect(dialog).toContainText(
      'Upgrade your plan to access all premium collections and unlock advanced features.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await api.boards()).some((b) => b.title === pro.name)).toBe(false);

    await view.getByTestId('collection-tile').filter({ hasText: pro.name }).first().click();
    await page.getByRole('button', { name: 'View Subscription Plans' }).click();
    await expect(page).toHaveURL(server.url + '/billing');

    await page.getByTestId('plan-Pro').getByRole('button', { name: 'Upgrade' }).click();
    await page.getByRole('dialog', { name: 'Upgrade to Pro?' }).getByRole('button', { name: 'Upgrade to Pro' }).click();
    await expect(page.getByTestId('plan-Pro').getByText('Current Plan')).toBeVisible();
    await page.goto(server.url + '/collections');
    await page
      .getByTestId('collections-view')
      .getByTestId('collection-tile')
      .filter({ hasText: pro.name })
      .first()
      .click();
    await expect(toast(page)).toContainText('Collection loaded!');
    expect((await api.boards()).some((b) => b.title === pro.name)).toBe(true);
  });

  test('a guest visiting /collections signs in and comes back to the view', async ({ page, server }) => {
    await page.goto(server.url + '/collections');
    // On localhost the login page offers the dev login, which returns to the kept path.
    await continueAsDevUser(page);
    await expect(page.getByTestId('collections-view')).toBeVisible();
    await expect(page).toHaveURL(server.url + '/');
    expect(await page.evaluate(() => sessionStorage.getItem('postLoginRedirect'))).toBeNull();
  });
});
