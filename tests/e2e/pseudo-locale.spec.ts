import type { Page } from '@playwright/test';
import { CATALOGUES } from '#shared/messages/catalogues/index';
import { PSEUDO_LOCALE_KEY, pseudoString } from '../../web/i18n/pseudo-locale';
import { mailedToken, registerUser } from './account-fixtures';
import { cardPoint, openBoard, seedBoard, worldPoint, type WireCard, type WireSection } from './board-fixtures';
import { png } from './file-drop-fixtures';
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
test('every screen speaks only through the catalogues (pseudo-locale)', async ({ page, server, request }) => {
  test.setTimeout(120_000);
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

  // Another person, on a plan with members, with requests of their own (not the page's cookies): a board shared
  // by link, and an
  // invitation link to it.
  const owner = await registerUser(request, server, { firstName: 'Olive', planId: 4 });
  const shared = await seedBoard(owner.api, 'Reference pack', [], []);
  const { shareCode } = await owner.api.call<{ shareCode: string }>('PATCH', `/api/boards/${shared.boardId}`, {
    isShared: 1,
  });
  const invitation = await owner.api.call<{ code: string }>('POST', `/api/boards/${shared.boardId}/invitations`, {
    role: 'viewer',
  });
  // Signed out, the invitation link leads to the login page, which names the board and who invites.
  await page.goto(`${server.url}/invite/${invitation.code}`);
  await expect(page.getByTestId('invitation-note')).toBeVisible();
  await check('invitation, signed out (login)');
  await page.goto(`${server.url}/verify-email/${'x'.repeat(43)}`);
  await expect(page.getByTestId('verify-error')).toBeVisible();
  await check('verify email, a link that does not work');
  await page.goto(`${server.url}/reset-password/${'x'.repeat(43)}`);
  await page.locator('input[type="password"]').fill('another horse battery staple');
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('alert')).toBeVisible();
  await check('reset password, a link that does not work');

  // Free, for the plans page and its upgrade dialog; the address confirmed through its mailed link.
  const { api, email } = await registerUser(page.request, server, { verified: false });
  await page.goto(`${server.url}/verify-email/${await mailedToken(server, email, '/verify-email/')}`);
  await expect(page.getByTestId('verify-done')).toBeVisible();
  await check('verify email');
  await api.call('POST', '/api/auth/forgot-password', { email });
  await page.goto(`${server.url}/reset-password/${await mailedToken(server, email, '/reset-password/')}`);
  await expect(page.locator('form')).toBeVisible();
  await check('reset password');
  await page.goto(server.url + '/billing-success');
  await expect(page.getByRole('heading')).toBeVisible();
  await check('billing success, no payment session');
  await page.goto(server.url + '/billing-success?session_id=cs_test_unknown');
  await expect(page.getByRole('alert')).toBeVisible();
  await check('billing success, a payment not confirmed');
  await page.goto(server.url + '/collections');
  await page.locator('[data-testid="collection-tile"][data-type="pro"]').first().click();
  await expect(page.locator('dialog[open]')).toBeVisible();
  await check('collections, Premium Collection dialog');
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
  const image = await png('#0ea5e9', 320, 200);
  const upload = await page.request.post(`${server.url}/api/boards/${boardId}/images`, {
    headers: { origin: server.url },
    multipart: { file: { name: 'offer.png', mimeType: 'image/png', buffer: Buffer.from(image.base64, 'base64') } },
  });
  expect(upload.status()).toBe(201);
  const ownId = ((await upload.json()) as WireCard).id;
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
      'demo board',
      async () => {
        await page.getByTestId('user-name').click();
        await page.getByRole('menuitem', { name: P(en.sidebar.menu.demoBoard) }).click();
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
  // A card: its viewer, its context menu, and an own card's editor (the cards where the first layout put them).
  const placed = await api.cards(boardId);
  const gem = placed.find((c) => c.id !== ownId)!;
  const own = placed.find((c) => c.id === ownId)!;
  const viewer = page.getByTestId('viewer');
  let point = await cardPoint(page, gem, 170, 80);
  await page.mouse.click(point.x, point.y);
  await expect(viewer).toBeVisible();
  await check('card viewer');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  point = await cardPoint(page, gem);
  await page.mouse.click(point.x, point.y, { button: 'right' });
  await expect(page.getByRole('menu')).toBeVisible();
  await check('card context menu');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  point = await cardPoint(page, own, 170, 80);
  await page.mouse.click(point.x, point.y);
  await viewer.getByTestId('edit-own-card').click();
  const editor = viewer.getByTestId('own-card-editor');
  await expect(editor).toBeVisible();
  await check('own card editor');
  await editor.getByRole('button', { name: P(en.dialogs.ownCard.cancel) }).click();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

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
  // Working links: the copy of the shared board, then the board the invitation joins, each opened with a toast.
  await page.goto(`${server.url}/share/${shareCode}`);
  await expect(page.getByTestId('toast')).toBeVisible();
  await expect(page).toHaveURL(server.url + '/');
  await check('share link, the copy opened');
  await page.goto(`${server.url}/invite/${invitation.code}`);
  await expect(page.locator(`.board-item.current[data-board-id="${shared.boardId}"]`)).toBeVisible();
  await check('invitation link, the board joined');

  await page.goto(server.url + '/collections');
  await expect(page.getByTestId('collection-tile').first()).toBeVisible();
  await check('collections');
  await page.goto(server.url + '/feature-search?genres=Casino');
  await expect(page.getByTestId('feature-card').first()).toBeVisible();
  await check('feature search');
  const feature = page.getByTestId('feature-card').first();
  await feature.hover();
  await feature.locator('.fs-carousel-image').first().click();
  await expect(page.locator('dialog[open]')).toBeVisible();
  await check('feature search, lightbox');
  await page.keyboard.press('Escape');
  await page.goto(server.url + '/account');
  await expect(page.getByTestId('session')).toBeVisible();
  await check('account');

  expect(screens).toEqual({});
});
