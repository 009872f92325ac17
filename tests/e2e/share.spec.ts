import type { Browser, Page } from '@playwright/test';
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

const LINK = (server: LootServer) => new RegExp(`^${server.url}/share/[A-Za-z0-9_-]{22,}$`);

/** The toolbar's Share Board: the dialog, once its copy-link part has read the board's share state. */
async function openShareDialog(page: Page) {
  await page.getByRole('toolbar', { name: 'Board controls' }).getByRole('button', { name: 'Share Board' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share board' });
  const copyPart = dialog.getByRole('region', { name: 'Anyone with the link gets their own copy' });
  await expect(copyPart.getByRole('button', { name: /^(Create copy link|Copy link)$/ })).toBeVisible();
  await expect(dialog.getByTestId('member-row').first()).toBeVisible();
  return { dialog, copyPart };
}

/** Every request but a read the page sends to the API from now on (method and path). */
function recordWrites(page: Page) {
  const writes: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' && url.pathname.startsWith('/api/'))
      writes.push(`${request.method()} ${url.pathname}`);
  });
  return writes;
}

const shareState = (api: { call: <T>(method: string, url: string) => Promise<T> }, boardId: number) =>
  api.call<{ isShared: number; shareCode: string | null }>('GET', `/api/boards/${boardId}/share`);

test.describe('share links', () => {
  test('opening Share Board writes nothing and leaves the clipboard alone; Create copy link shares, Copy link copies, and a second user gets a copy', async ({
    page,
    server,
    browser,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const { api, seeded } = await ownerWithSharedBoard(page, server);
    await page.goto(server.url + '/');
    await expect(page.getByTestId('board-canvas')).toBeVisible();
    await expect(page.getByTestId('board-canvas')).toHaveAttribute('data-live', 'live');
    await page.evaluate(() => navigator.clipboard.writeText('untouched'));

    // Opening the dialog reads and nothing more: no write, the board not shared, the clipboard as it was.
    const writes = recordWrites(page);
    const { dialog, copyPart } = await openShareDialog(page);
    await expect(copyPart).toContainText('Whoever opens this link and signs in gets a separate copy of the board');
    await expect(dialog.getByRole('region', { name: 'People on this board' })).toBeVisible();
    await expect(dialog.getByTestId('share-link')).toHaveCount(0);
    expect(writes).toEqual([]);
    expect(await shareState(api, seeded.boardId)).toEqual(expect.objectContaining({ isShared: 0, shareCode: null }));
    const listed = await api.call<{ id: number; isShared: number }[]>('GET', '/api/boards');
    expect(listed.find((b) => b.id === seeded.boardId)!.isShared).toBe(0);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('untouched');

    // Create copy link shares the board and shows the link; still nothing on the clipboard.
    await copyPart.getByRole('button', { name: 'Create copy link' }).click();
    await expect(toast(page)).toContainText('Share link generated');
    const field = copyPart.getByTestId('share-link');
    await expect(field).toHaveValue(LINK(server));
    const link = await field.inputValue();
    expect(writes).toEqual([`PATCH /api/boards/${seeded.boardId}`]);
    expect(await shareState(api, seeded.boardId)).toEqual(expect.objectContaining({ isShared: 1 }));
    expect(link.endsWith(`/share/${(await shareState(api, seeded.boardId)).shareCode}`)).toBe(true);
    await expect(copyPart.getByRole('button', { name: 'Copy link', exact: true })).toBeFocused();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('untouched');

    // Copy link puts it on the clipboard.
    await copyPart.getByRole('button', { name: 'Copy link', exact: true }).click();
    await expect(toast(page).filter({ hasText: 'Copied!' })).toContainText('Share link copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // Opened again, the dialog shows the same link, read without writing.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    writes.length = 0;
    const again = await openShareDialog(page);
    await expect(again.copyPart.getByTestId('share-link')).toHaveValue(link);
    expect(writes).toEqual([]);
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

  test('a clipboard that refuses the link gives Copy failed and selects the link to copy by hand', async ({
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
    const { copyPart } = await openShareDialog(page);
    await copyPart.getByRole('button', { name: 'Create copy link' }).click();
    const field = copyPart.getByTestId('share-link');
    await expect(field).toHaveValue(LINK(server));
    await copyPart.getByRole('button', { name: 'Copy link', exact: true }).click();
    await expect(toast(page).filter({ hasText: 'Copy failed' })).toContainText('Please copy the link manually');
    // The link is right there to copy by hand, selected.
    await expect(field).toHaveAttribute('readonly', '');
    await expect
      .poll(() =>
        field.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0)),
      )
      .toBe(await field.inputValue());
    expect((await shareState(api, seeded.boardId)).isShared).toBe(1);
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

  test('Stop sharing the copy link turns the link off and keeps the dialog; a new copy link is a new link', async ({
    page,
    server,
    browser,
  }) => {
    const { api, seeded } = await ownerWithSharedBoard(page, server);
    await page.goto(server.url + '/');
    await expect(page.getByTestId('board-canvas')).toBeVisible();
    const { dialog, copyPart } = await openShareDialog(page);
    await copyPart.getByRole('button', { name: 'Create copy link' }).click();
    const field = copyPart.getByTestId('share-link');
    await expect(field).toHaveValue(LINK(server));
    const link = await field.inputValue();
    await expect(copyPart).toContainText('Stopping turns this link off; copies people already made stay theirs.');

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

    // Stop sharing the copy link: the dialog stays, offering a new link; the board is no longer shared and the old
    // link fails; the people part is untouched.
    await copyPart.getByRole('button', { name: 'Stop sharing the copy link' }).click();
    await expect(toast(page)).toContainText('Sharing stopped');
    await expect(field).toHaveCount(0);
    await expect(copyPart.getByRole('button', { name: 'Create copy link' })).toBeFocused();
    await expect(dialog.getByTestId('member-row')).toHaveCount(1);
    expect(await shareState(api, seeded.boardId)).toEqual(expect.objectContaining({ isShared: 0, shareCode: null }));
    await friend.page.goto(link);
    await expect(friend.page.getByRole('heading', { name: 'Share Link Error' })).toBeVisible();
    // The friend's copy stays theirs.
    expect((await friend.api.boards()).some((b) => b.id === copy.id)).toBe(true);

    // A new copy link is a new code that works, and leads the friend to the copy they have.
    await copyPart.getByRole('button', { name: 'Create copy link' }).click();
    await expect(field).toHaveValue(LINK(server));
    const again = await field.inputValue();
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
