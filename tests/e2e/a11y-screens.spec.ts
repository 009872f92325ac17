import { signUpAs } from './account-fixtures';
import { expectAccessible } from './a11y-fixtures';
import {
  cardPoint,
  openCardMenu,
  hoverCard,
  openBoard,
  seedBoard,
  signUp,
  worldPoint,
  type WireSection,
} from './board-fixtures';
import { expect, test, type LootServer } from './fixtures';
import type { Page } from '@playwright/test';

/** A paid account's board with sections, a loose card and a bookmarked card with images, open at 100 %. */
async function boardWithCards(page: Page, server: LootServer) {
  const api = await signUp(page, server);
  const seeded = await seedBoard(
    api,
    'Research',
    ['Shops', 'Passes'],
    [
      {
        title: 'Gem Shop',
        section: 'Shops',
        images: ['/api/storage/a.webp', '/api/storage/b.webp'],
        game: 'Royal Match',
        gameLink: 'https://example.com/rm',
        tags: ['Monetization'],
        isBookmarked: 1,
      },
      { title: 'Season Pass', section: 'Passes' },
      { title: 'Loose card' },
    ],
  );
  await openBoard(page, server);
  const card = (await api.cards(seeded.boardId)).find((c) => c.title === 'Gem Shop')!;
  return { api, boardId: seeded.boardId, card };
}

/**
 * Every screen of the app, and every dialog open, passes axe-core with no serious or
 * critical violation, and draws no icon with a font glyph.
 */
test.describe('accessibility of every screen', () => {
  // Each test scans several screens with axe, each scan a few seconds on a loaded 2-core machine.
  test.describe.configure({ timeout: 180_000 });

  test('signed out: the landing screen, login, not found', async ({ page, server }) => {
    await page.goto(server.url + '/');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page, 'landing, signed out');

    await page.goto(server.url + '/login');
    await expect(page.getByRole('button', { name: /sign in/i }).first()).toBeVisible();
    await expectAccessible(page, 'login');

    await page.goto(server.url + '/no-such-page');
    await expect(page.getByRole('heading')).toBeVisible();
    await expectAccessible(page, 'not found');
  });

  test('the board, its menus and panels', async ({ page, server }) => {
    const { card } = await boardWithCards(page, server);
    await expectAccessible(page, 'board');

    // A card focused from the keyboard: the element over it, named by the card, with its hint and live region.
    await page.locator('.card-focus-target').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('card-focus-announcement')).not.toHaveText('');
    await expectAccessible(page, 'board, a card focused from the keyboard');
    await page.locator('.card-focus-target').blur();

    await hoverCard(page, card);
    await expectAccessible(page, 'board, card hover controls');

    await openCardMenu(page, card);
    await expectAccessible(page, 'board, card context menu');
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+f');
    await page.getByRole('button', { name: 'Board help' }).click();
    await expect(page.getByRole('dialog', { name: 'Board help' })).toBeVisible();
    await expectAccessible(page, 'board, find bar and shortcuts panel');
    await page.keyboard.press('Escape');

    await page.getByTestId('user-name').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page, 'board, user menu');
    await page.keyboard.press('Escape');

    await page.getByTestId('sidebar').getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByTestId('sidebar').getByRole('button', { name: 'Bookmarks' }).click();
    await expect(page.getByRole('region', { name: 'My Bookmarks' })).toBeVisible();
    await expectAccessible(page, 'bookmarks, sidebar collapsed');
  });

  test("the board's dialogs and the viewer", async ({ page, server }) => {
    const { api, boardId, card } = await boardWithCards(page, server);
    const toolbar = page.getByRole('toolbar', { name: 'Board controls' });
    const dialogs: [string, () => Promise<unknown>][] = [
      ['Share board', () => toolbar.getByRole('button', { name: 'Share Board' }).click()],
      ['Export', () => toolbar.getByRole('button', { name: 'Export' }).click()],
      ['Send Feedback', () => page.getByTestId('sidebar').getByRole('button', { name: 'Feedback' }).click()],
      ['Move card', async () => (await hoverCard(page, card)).getByRole('button', { name: 'Move' }).click()],
      [
        'Enter new section title',
        async () => {
          const [section] = await api.call<WireSection[]>('GET', `/api/sections?boardId=${boardId}`);
          const title = await worldPoint(page, { x: section.position.x + 200, y: section.position.y + 20 });
          await page.mouse.click(title.x, title.y);
        },
      ],
      [
        'Reset application',
        async () => {
          await page.getByTestId('user-name').click();
          await page.getByRole('menuitem', { name: 'Reset application' }).click();
        },
      ],
      [
        'Gem Shop',
        async () => {
          const image = await cardPoint(page, card, 170, 80);
          await page.mouse.click(image.x, image.y);
        },
      ],
    ];
    for (const [name, open] of dialogs) {
      await open();
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toBeVisible();
      await expectAccessible(page, `dialog '${name}'`);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  });

  test('feature search, collections and a free board with locked sections', async ({ page, server }) => {
    const { api } = await signUpAs(page, server, { planId: 2 });
    await api.call('POST', '/api/boards', { title: 'Research' });
    await page.goto(server.url + '/feature-search?genres=Casino');
    const card = page.getByTestId('feature-card').first();
    await expect(card).toBeVisible();
    await expectAccessible(page, 'feature search');

    const title = (await card.locator('.fs-feature-title').textContent())!;
    await card.getByRole('button', { name: `Add to board: ${title}` }).click();
    await expect(page.getByRole('dialog', { name: 'Add to board' })).toBeVisible();
    await expectAccessible(page, "dialog 'Add to board'");
    await page.keyboard.press('Escape');
    await card.locator('.fs-carousel-image').click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await expectAccessible(page, 'feature lightbox');
    await page.keyboard.press('Escape');

    // Back on Free: the feature search shows its locked placeholders, collections their upsell, boards their lock.
    const sections = ['Alpha', 'Beta', 'Gamma', 'Delta'];
    await seedBoard(
      api,
      'Free board',
      sections,
      sections.map((section) => ({ title: `${section} card`, section })),
    );
    await api.call('PATCH', '/api/user/plan', { planId: 1 });
    await page.goto(server.url + '/feature-search?genres=Casino');
    await expect(page.getByText('Premium Feature').first()).toBeVisible();
    await expectAccessible(page, 'feature search, free plan');

    await page.goto(server.url + '/collections');
    await expect(page.getByTestId('collection-tile').first()).toBeVisible();
    await expectAccessible(page, 'collections');
    await page
      .getByTestId('collection-tile')
      .filter({ has: page.getByRole('img', { name: 'Pro collection' }) })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Premium Collection' })).toBeVisible();
    await expectAccessible(page, "dialog 'Premium Collection'");
    await page.keyboard.press('Escape');

    await page.goto(server.url + '/');
    await page
      .getByRole('navigation', { name: 'Boards' })
      .getByRole('button', { name: 'Free board', exact: true })
      .click();
    await page.getByRole('button', { name: 'Zoom to Fit' }).click();
    await expect(page.getByRole('button', { name: 'Upgrade Plan to Unlock' }).first()).toBeAttached();
    await expectAccessible(page, 'board with locked sections');
  });

  test('billing, the share page and the storage page', async ({ page, server }) => {
    await signUpAs(page, server);
    await page.goto(server.url + '/billing');
    await expect(page.getByTestId('plan-Pro')).toBeVisible();
    await expectAccessible(page, 'billing, free plan');
    await page.getByTestId('plan-Pro').getByRole('button', { name: 'Upgrade' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro?' });
    await expect(upgrade).toBeVisible();
    await expectAccessible(page, "dialog 'Upgrade to Pro?'");
    await upgrade.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.getByTestId('plan-Pro').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog', { name: 'Cancel your Pro plan?' })).toBeVisible();
    await expectAccessible(page, "dialog 'Cancel your Pro plan?'");
    await page.keyboard.press('Escape');

    await page.goto(server.url + '/billing-success?session_id=cs_unknown');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page, 'billing success');

    await page.goto(server.url + '/share/short');
    await expect(page.getByRole('heading', { name: 'Share Link Error' })).toBeVisible();
    await expectAccessible(page, 'share link error');

    await page.goto(server.url + '/storage-test');
    await expect(page.getByTestId('record-details')).toBeVisible();
    await expectAccessible(page, 'storage test');
  });
});
