import type { Locator } from '@playwright/test';
import { signUpAs } from './account-fixtures';
import { expect, test } from './fixtures';
import { expectKeyboardDialog } from './keyboard-fixtures';

/**
 * Every item shows whole: inside the window, and not clipped by a parent (the point at its right edge is the
 * item's own, not the canvas beside a 60 px sidebar).
 */
async function expectWhollyShown(item: Locator) {
  const shown = await item.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const inWindow = r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
    const probes = [
      [r.left + 2, r.top + r.height / 2],
      [r.right - 2, r.top + r.height / 2],
    ];
    const unclipped = probes.every(([x, y]) => el.contains(document.elementFromPoint(x, y)));
    return { inWindow, unclipped, rect: [r.left, r.top, r.right, r.bottom].map(Math.round) };
  });
  expect(shown, (await item.textContent()) ?? '').toMatchObject({ inWindow: true, unclipped: true });
}

/** The user menu is a real menu, usable from the keyboard, and whole with the sidebar collapsed. */
test.describe('user menu', () => {
  test('arrows, Home / End, a letter, Escape and Tab; focus back on the button; whole beside a collapsed sidebar', async ({
    page,
    server,
  }) => {
    await signUpAs(page, server, { firstName: 'Pat' });
    await page.goto(server.url + '/');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(sidebar).toHaveClass(/collapsed/);

    // Collapsed, the button shows only the avatar; its name is still the user's.
    const button = sidebar.getByRole('button', { name: 'Pat' });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Pat' });
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = menu.getByRole('menuitem');
    const labels = await items.allTextContents();
    expect(labels).toEqual(expect.arrayContaining(['Billing', 'Reset application', 'Sign out']));
    for (const item of await items.all()) await expectWhollyShown(item);

    await expect(items.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(items.last()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(items.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('r');
    await expect(menu.getByRole('menuitem', { name: 'Reset application' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // ArrowUp opens it on the last item; Tab closes it and focus goes back to the button.
    await page.keyboard.press('ArrowUp');
    await expect(items.last()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();

    // An item's dialog gives focus back to the menu button when it closes.
    await page.keyboard.press('ArrowDown');
    await menu.getByRole('menuitem', { name: 'Reset application' }).press('Enter');
    await expectKeyboardDialog(page, page.getByRole('dialog', { name: 'Reset application' }), button);

    // Enter on an item runs it.
    await page.keyboard.press('ArrowDown');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(server.url + '/billing');
  });

  test('a press outside closes it', async ({ page, server }) => {
    await signUpAs(page, server, { firstName: 'Pat' });
    await page.goto(server.url + '/');
    await page.getByTestId('user-name').click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    for (const item of await menu.getByRole('menuitem').all()) await expectWhollyShown(item);
    await page.getByTestId('search-landing').click({ position: { x: 10, y: 10 } });
    await expect(menu).toHaveCount(0);
  });
});
