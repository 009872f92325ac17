import type { Browser } from '@playwright/test';
import { seedBoard, toast } from './board-fixtures';
import { continueAsDevUser, registerUser, signUpAs } from './account-fixtures';
import { expect, test, type LootServer } from './fixtures';

/** Sharing (spec accounts §2 /share/{code}, §4 Sharing, §8 Share toasts). */

async function ownerWithSharedBoard(page: import('@playwright/test').Page, server: LootServer) {
  const { api } = await signUpAs(page, server, { planId: 4, firstName: 'Owner' });
  const seeded = await seedBoard(
    api,
    'Reference pack',
    ['Offers', 'Events'],
    [
      { title: 'Starter offer', section: 'Offers' },
      { title: 'Piggy bank', section: 'Offers' },
      { title: 'Season event', section: 'Events' },
      { title: 'Loose card' },
    ],
  );
  return { api, seeded };
}

/** A second person in their own browser context, signed up on a paid plan (so no section is locked for them). */
async function recipient(browser: Browser, server: LootServer) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { api } = await registerUser(context.request, server, { planId: 4, firstName: 'Friend' });
  return { context, page, api };
}

test.describe('share links', () => {
  test('Share Board copies a link; a second user opening it gets a copy and the original is unchanged', async ({
    page,
    server,
    browser,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const { api, seeded } = await ownerWithSharedBoard(page, server);
    await page.goto(server.url + '/');
    await expect(page.getByTestId('board-canvas')).toBeVisible();
    await page.getByRole('button', { name: 'Share Board' }).click();
    await expect(toast(page)).toContainText('Copied!');
    await expect(toast(page)).toContainText('Share link copied to clipboard');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${server.url}/share/[A-Za-z0-9_-]{22,}$`));
    const owned = await api.call<{ id: number; isShared: number }[]>('GET', '/api/boards');
    expect(owned.find((b) => b.id === seeded.boardId)!.isShared).toBe(1);
    const originalCards = (await api.cards(seeded.boardId)).map((c) => c.title).sort();

    const friend = await recipient(browser, server);
    await friend.page.goto(link);
    await expect(friend.page.getByText('Board copied successfully')).toBeVisible();
    await expect(friend.page.getByText('The shared board has been added to your account')).toBeVisible();
    await expect(friend.page).toHaveURL(server.url + '/');
    const theirs = await friend.api.boards();
    const copy = theirs.find((b) => b.title === 'Reference pack (from Owner)');
    expect(copy, JSON.stringify(theirs)).toBeDefined();
    expect(copy!.id).not.toBe(seeded.boardId);
    await expect(friend.page.getByRole('navigation', { name: 'Boards' }).locator('[aria-current="true"]')).toHaveText(
      'Reference pack (from Owner)',
    );
    expect((await friend.api.cards(copy!.id)).map((c) => c.title).sort()).toEqual(originalCards);

    // The recipient edits their copy; the owner's board does not change, and the recipient cannot reach it.
    await friend.api.call('PATCH', `/api/boards/${copy!.id}`, { title: 'My copy' });
    const copiedCard = (await friend.api.cards(copy!.id))[0];
    await friend.api.call('DELETE', `/api/cards/${copiedCard.id}`);
    const ownerBoards = await api.boards();
    expect(ownerBoards.find((b) => b.id === seeded.boardId)!.title).toBe('Reference pack');
    expect((await api.cards(seeded.boardId)).map((c) => c.title).sort()).toEqual(originalCards);
    const foreign = await friend.context.request.fetch(`${server.url}/api/cards?boardId=${seeded.boardId}`);
    expect(foreign.status()).toBe(404);
    await friend.context.close();
  });

  test('a clipboard that refuses the link gives Copy failed; the board is shared all the same', async ({
    page,
    server,
  }) => {
    const { api, seeded } = await ownerWithSharedBoard(page, server);
    await page.addInitScript(() => {
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    });
    await page.goto(server.url + '/');
    await expect(page.getByTestId('board-canvas')).toBeVisible();
    await page.getByRole('button', { name: 'Share Board' }).click();
    await expect(toast(page)).toContainText('Copy failed');
    await expect(toast(page)).toContainText('Please copy the link manually');
    // The link is right there to copy by hand, selected.
    const field = page.getByRole('dialog', { name: 'Share board' }).getByTestId('share-link');
    await expect(field).toHaveValue(new RegExp(`^${server.url}/share/[A-Za-z0-9_-]{22,}$`));
    await expect(field).toHaveAttribute('readonly', '');
    expect(
      await field.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0)),
    ).toBe(await field.inputValue());
    const owned = await api.call<{ id: number; isShared: number }[]>('GET', '/api/boards');
    expect(owned.find((b) => b.id === seeded.boardId)!.isShared).toBe(1);
  });

  test('unsharing breaks the old link: Share Link Error with the spec text and Go to Home', async ({
    page,
    server,
    browser,
  }) => {
    const { api, seeded } = await ownerWithSharedBoard(page, server);
    const shared = await api.call<{ shareCode: string }>('PATCH', `/api/boards/${seeded.boardId}`, { isShared: 1 });
    const link = `${server.url}/share/${shared.shareCode}`;
    await api.call('PATCH', `/api/boards/${seeded.boardId}`, { isShared: 0 });

    const friend = await recipient(browser, server);
    await friend.page.goto(link);
    await expect(friend.page.getByRole('heading', { name: 'Share Link Error' })).toBeVisible();
    await expect(friend.page.getByTestId('share-error')).toHaveText(
      'This share link is invalid or the board is no longer shared',
    );
    await expect(
      friend.page.getByText('This could happen if the link is invalid, expired, or the board is no longer shared.'),
    ).toBeVisible();
    expect((await friend.api.boards()).some((b) => b.title.startsWith('Reference pack'))).toBe(false);
    await friend.page.getByRole('button', { name: 'Go to Home' }).click();
    await expect(friend.page).toHaveURL(server.url + '/');
    await friend.context.close();
  });

  test('a guest opening a link signs in, comes back and gets the copy; a link without a code is invalid', async ({
    page,
    server,
    browser,
  }) => {
    const { api, seeded } = await ownerWithSharedBoard(page, server);
    const shared = await api.call<{ shareCode: string }>('PATCH', `/api/boards/${seeded.boardId}`, { isShared: 1 });

    const context = await browser.newContext();
    const guest = await context.newPage();
    await guest.goto(`${server.url}/share/${shared.shareCode}`);
    // On localhost the login page offers the dev login, which returns to the share link.
    await continueAsDevUser(guest);
    await expect(guest.getByText('Board copied successfully')).toBeVisible();
    await expect(guest).toHaveURL(server.url + '/');
    const boards = (await (await context.request.get(server.url + '/api/boards')).json()) as { title: string }[];
    expect(boards.some((b) => b.title === 'Reference pack (from Owner)')).toBe(true);

    await guest.goto(`${server.url}/share`);
    await expect(guest.getByRole('heading', { name: 'Share Link Error' })).toBeVisible();
    await expect(guest.getByTestId('share-error')).toHaveText('Invalid share link');
    await context.close();
  });

  test('the share dialog shows the link, copies it, and Stop sharing revokes it; sharing again makes a new link', async ({
    page,
    server,
    browser,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const { api, seeded } = await ownerWithSharedBoard(page, server);
    await page.goto(server.url + '/');
    await expect(page.getByTestId('board-canvas')).toBeVisible();
    await page.getByRole('button', { name: 'Share Board' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share board' });
    const link = await dialog.getByTestId('share-link').inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/share/[A-Za-z0-9_-]{22,}$`));
    await page.evaluate(() => navigator.clipboard.writeText('something else'));
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(toast(page)).toContainText('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // One recipient, one copy per board: opening it twice lands on the same board, named after the original and its owner.
    const friend = await recipient(browser, server);
    await friend.page.goto(link);
    await expect(friend.page).toHaveURL(server.url + '/');
    await friend.page.goto(link);
    await expect(friend.page).toHaveURL(server.url + '/');
    await expect(friend.page.getByRole('navigation', { name: 'Boards' }).locator('[aria-current="true"]')).toHaveText(
      'Reference pack (from Owner)',
    );
    const [copy] = (await friend.api.boards()).filter((b) => b.title.startsWith('Reference pack'));
    expect(copy.title).toBe('Reference pack (from Owner)');

    // Stop sharing: the dialog closes, the board is no longer shared, and the old link fails.
    await dialog.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText('Sharing stopped');
    const owned = await api.call<{ id: number; isShared: number }[]>('GET', '/api/boards');
    expect(owned.find((b) => b.id === seeded.boardId)!.isShared).toBe(0);
    await friend.page.goto(link);
    await expect(friend.page.getByRole('heading', { name: 'Share Link Error' })).toBeVisible();

    // Sharing again makes a new link that works, and leads the friend to the copy they have.
    await page.getByRole('button', { name: 'Share Board' }).click();
    const again = await page.getByRole('dialog', { name: 'Share board' }).getByTestId('share-link').inputValue();
    expect(again).not.toBe(link);
    await friend.page.goto(again);
    await expect(friend.page).toHaveURL(server.url + '/');
    await expect(friend.page.getByRole('navigation', { name: 'Boards' }).locator('[aria-current="true"]')).toHaveText(
      'Reference pack (from Owner)',
    );
    const copies = (await friend.api.boards()).filter((b) => b.title.startsWith('Reference pack'));
    expect(copies.map(({ id, title }) => ({ id, title }))).toEqual([{ id: copy.id, title: copy.title }]);
    await friend.context.close();
  });

  test('a malformed link shows the Share Link Error page with a sentence, never validator text', async ({
    browser,
    server,
  }) => {
    const friend = await recipient(browser, server);
    await friend.page.goto(`${server.url}/share/short`);
    await expect(friend.page.getByRole('heading', { name: 'Share Link Error' })).toBeVisible();
    await expect(friend.page.getByTestId('share-error')).toHaveText(
      'This share link is invalid or the board is no longer shared',
    );
    await expect(
      friend.page.getByText('This could happen if the link is invalid, expired, or the board is no longer shared.'),
    ).toBeVisible();
    await friend.context.close();
  });
});
