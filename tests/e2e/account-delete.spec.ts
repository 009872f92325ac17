import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { loadConfig } from '../../api/config';
import { keysOf } from '../../api/services/own-images.service';
import { createObjectStore } from '../../api/storage/storage-for';
import { registerUser } from './account-fixtures';
import { expectAccessible } from './a11y-fixtures';
import { e2eBackend } from './backend';
import { seedBoard } from './board-fixtures';
import { expect, test, type LootServer } from './fixtures';

const PASSWORD = 'correct horse battery staple';

/** The server's own storage, opened as the server opens it: its folder on SQLite, the run's bucket on PostgreSQL. */
function storageOf(server: LootServer) {
  const env =
    e2eBackend() === 'postgres'
      ? (JSON.parse(process.env.LOOT_E2E_S3_ENV!) as Record<string, string>)
      : { LOOT_STORAGE_DIR: process.env.LOOT_E2E_STORAGE_DIR ?? path.join(os.tmpdir(), 'loot-e2e-storage') };
  return createObjectStore(loadConfig({ LOOT_DATA_DIR: server.dataDir, LOOT_SEED_CATALOGUE: '0', ...env }));
}

/**
 * Leaving, in the browser: the person downloads their data from /account, then deletes the account behind the
 * dialog that asks for the password (a wrong one is refused in words). Their member, looking at the board, sees it
 * leave their sidebar; signing in again is refused; their uploaded image is gone from the storage (the folder on
 * SQLite, the bucket on PostgreSQL).
 */
test('download my data, then delete the account: sign-in refused, storage empty for that user', async ({
  page,
  server,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await registerUser(page.request, server, { planId: 4, firstName: 'Olive' });
  const seeded = await seedBoard(owner.api, 'Leaving board', ['Shops'], [{ title: 'Gem Shop', section: 'Shops' }]);
  // An image only this test uploads (its colour and size are this run's), so its stored file is this user's alone.
  const png = await sharp({
    create: {
      width: 101 + (Date.now() % 97),
      height: 77,
      channels: 3,
      background: `#${Date.now().toString(16).slice(-6)}`,
    },
  })
    .png()
    .toBuffer();
  const uploaded = await page.request.post(`${server.url}/api/boards/${seeded.boardId}/images`, {
    headers: { origin: server.url },
    multipart: { file: { name: 'stall.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.status()).toBe(201);
  const imageUrl: string = (await uploaded.json()).images[0];
  const store = storageOf(server);
  for (const key of keysOf(imageUrl)) expect(await store.has(key)).toBe(true);

  const context = await browser.newContext();
  const memberPage = await context.newPage();
  try {
    const member = await registerUser(memberPage.request, server, { firstName: 'Mo' });
    const invited = await owner.api.call<{ invitation: { code: string } }>(
      'POST',
      `/api/boards/${seeded.boardId}/members`,
      { email: member.email, role: 'viewer' },
    );
    await member.api.call('POST', `/api/invitations/${invited.invitation.code}/accept`);
    await memberPage.goto(server.url + '/');
    const sharedItem = memberPage.getByTestId('shared-boards').locator(`[data-board-id="${seeded.boardId}"]`);
    await sharedItem.getByRole('button', { name: 'Leaving board by Olive' }).click();
    await expect(memberPage.getByTestId('board-canvas')).toHaveAttribute('data-live', 'live');

    // The data: one zip with the board's brief and JSON and the uploaded image.
    await page.goto(server.url + '/account');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^loot-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
    const folder = `boards/${seeded.boardId}-Leaving-board`;
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'account.json',
        `${folder}/brief.md`,
        `${folder}/board.json`,
        `images/${path.posix.basename(imageUrl)}`,
      ]),
    );
    expect(Buffer.from(files[`${folder}/brief.md`]).toString()).toContain('Gem Shop');

    // The dialog asks for the password; Enter submits, a wrong one is refused and nothing is deleted.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByTestId('delete-account-dialog');
    const passwordField = dialog.getByLabel('Your password');
    await expect(passwordField).toBeFocused();
    await expectAccessible(page, 'account page, delete dialog open');
    await passwordField.fill('not my password');
    await passwordField.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('The current password is not right.');
    await passwordField.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(memberPage.getByTestId('shared-boards').locator(`[data-board-id="${seeded.boardId}"]`)).toHaveCount(1);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByLabel('Your password').press('Enter');
    await page.waitForURL(/\/login/);

    // The member's sidebar loses the board while they look at it.
    await expect(memberPage.locator(`[data-board-id="${seeded.boardId}"]`)).toHaveCount(0);

    // Signing in again is refused; the old session is dead.
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(owner.email);
    await signIn.getByLabel('Password').fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect((await page.request.get(`${server.url}/api/current-user`)).status()).toBe(401);

    // Storage holds nothing of theirs: the image and its variants are gone.
    for (const key of keysOf(imageUrl)) expect(await store.has(key)).toBe(false);
  } finally {
    await context.close();
  }
});
