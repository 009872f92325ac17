import type { Page } from '@playwright/test';
import { CATALOGUES } from '#shared/messages/catalogues/index';
import { PSEUDO_LOCALE_KEY, pseudoString } from '../../web/i18n/pseudo-locale';
import { signUpAs } from './account-fixtures';
import { openBoard, seedBoard, worldPoint, type WireSection } from './board-fixtures';
import { expect, test } from './fixtures';

/**
 * The texts a screen shows or names (text, aria-label, title, placeholder, alt) that are not pseudo-localized:
 * letters outside the pseudo-locale's ⟦…⟧ brackets, so a string that does not come from the catalogues. What is
 * not the interface's own words is marked translate="no" (board and card titles, game names, the user's name and
 * email, the product name, the catalogue's names) and left out, as browsers' translators leave it; an element whose
 * attribute holds such data names it in data-user-text. Also left out: an element in another language on purpose
 * (lang: the language menu names each language in itself), and the server's own message (data-server-message),
 * which the API words in English or Russian (the pseudo-locale is the web's alone).
 */
async function untranslated(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const bare = (text: string) => {
      let rest = text;
      for (let before = ''; before !== rest;) [before, rest] = [rest, rest.replace(/⟦[^⟦⟧]*⟧/g, ' ')];
      return /[A-Za-zА-Яа-яЁё]/.test(rest);
    };
    const skipped = (el: Element) =>
      el.closest('[translate="no"], [data-server-message], [lang]:not(html), script, style, noscript, template') !==
        null || !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const where = (el: Element) =>
      el.tagName.toLowerCase() +
      (el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : '') +
      (el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : '');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!parent || !text.trim() || skipped(parent)) continue;
      if (bare(text)) found.push(`${where(parent)}: ${text.trim()}`);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (skipped(el)) continue;
      // Data, not words: an attribute data-user-text names, or one that repeats the data the element shows.
      const data = new Set([
        ...(el.getAttribute('data-user-text') ?? '').split(' '),
        ...[...el.querySelectorAll('[translate="no"]')].map((e) => e.textContent?.trim()),
      ]);
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name);
        if (value && !data.has(name) && !data.has(value.trim()) && bare(value))
          found.push(`${where(el)} @${name}: ${value}`);
      }
    }
    return [...new Set(found)];
  });
}

const en = CATALOGUES.en;
/** A catalogue text as the pseudo-locale shows it, to find a control by its name. */
const P = (text: string) => pseudoString(text);

/**
 * Every screen reads whole in the pseudo-locale: no text of the interface bypasses the catalogues. One page, the
 * fixtures made through the API; each screen is read once it shows its content.
 */
test('every screen speaks only through the catalogues (pseudo-locale)', async ({ page, server }) => {
  test.setTimeout(90_000);
  await page.addInitScript((key) => localStorage.setItem(key, 'on'), PSEUDO_LOCALE_KEY);
  const screens: Record<string, string[]> = {};
  const check = async (name: string) => {
    const bare = await untranslated(page);
    if (bare.length) screens[name] = bare;
  };

  await page.goto(server.url + '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(page.getByTestId('search-landing')).toBeVisible();
  await check('landing, signed out');
  await page.goto(server.url + '/login');
  await expect(page.locator('form')).toBeVisible();
  await check('login');
  await page.goto(server.url + '/no-such-page');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await check('not found');
  // Free, for the plans page and its upgrade dialog.
  const { api } = await signUpAs(page, server);
  await page.goto(server.url + '/billing');
  await expect(page.getByTestId('plan-Pro')).toBeVisible();
  await check('billing');
  await page
    .getByTestId('plan-Pro')
    .getByRole('button', { name: P(en.billing.card.upgrade) })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('billing, upgrade dialog');
  await page.keyboard.press('Escape');

  await api.call('PATCH', '/api/user/plan', { planId: 4 });
  const { boardId } = await seedBoard(
    api,
    'Research',
    ['Shops'],
    [{ title: 'Gem Shop', section: 'Shops', game: 'Royal Match', tags: ['Monetization'], isBookmarked: 1 }],
  );
  await openBoard(page, server);

  const toolbar = page.getByRole('toolbar').first();
  const dialogs: [string, () => Promise<unknown>][] = [
    ['share', () => page.getByRole('button', { name: P(en.toolbar.shareBoard) }).click()],
    ['export', () => toolbar.getByRole('button', { name: P(en.toolbar.export) }).click()],
    [
      'rename a section',
      async () => {
        // The section's title bar on the canvas opens its rename dialog (where the first layout put it).
        const [section] = await api.call<WireSection[]>('GET', `/api/sections?boardId=${boardId}`);
        const title = await worldPoint(page, { x: section.position.x + 200, y: section.position.y + 20 });
        await page.mouse.click(title.x, title.y);
      },
    ],
    [
      'feedback',
      () =>
        page
          .getByTestId('sidebar')
          .getByRole('button', { name: P(en.dialogs.feedback.button) })
          .click(),
    ],
    [
      'reset',
      async () => {
        await page.getByTestId('user-name').click();
        await page.getByRole('menuitem', { name: P(en.sidebar.menu.resetApplication) }).click();
      },
    ],
  ];
  for (const [name, open] of dialogs) {
    await open();
    const dialog = page.locator('dialog[open]');
    await expect(dialog).toBeVisible();
    await check(`dialog: ${name}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
  await page.getByRole('textbox').first().fill('starter pack');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('loot-indicator')).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  await expect(page.getByTestId('reading-chips')).toBeVisible();
  await check('board, a search done');
  await page.getByTestId('user-name').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await check('user menu');
  await page.keyboard.press('Escape');
  await page
    .getByTestId('sidebar')
    .getByRole('button', { name: P(en.sidebar.bookmarks) })
    .click();
  await expect(page.getByTestId('bookmark-card')).toBeVisible();
  await check('bookmarks');

  await page.goto(server.url + '/share/no-such-code');
  await expect(page.getByTestId('share-error')).toBeVisible();
  await check('share page, a link that does not work');
  await page.goto(server.url + '/invite/no-such-code');
  await expect(page.getByTestId('invite-error')).toBeVisible();
  await check('invitation page, a link that does not work');

  await page.goto(server.url + '/collections');
  await expect(page.getByTestId('collection-tile').first()).toBeVisible();
  await check('collections');
  await page.goto(server.url + '/feature-search?genres=Casino');
  await expect(page.getByTestId('feature-card').first()).toBeVisible();
  await check('feature search');
  await page.goto(server.url + '/account');
  await expect(page.getByTestId('session')).toBeVisible();
  await check('account');

  expect(screens).toEqual({});
});
