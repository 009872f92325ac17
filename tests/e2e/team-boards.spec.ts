import type { Browser, Page } from '@playwright/test';
import { registerUser } from './account-fixtures';
import {
  cameraOf,
  cardPoint,
  hoverCard,
  openBoard,
  seedBoard,
  signUp,
  toast,
  type WireSection,
} from './board-fixtures';
import { exposeEngine, inspectCard } from './engine-fixtures';
import { expect, test, type LootServer } from './fixtures';

/**
 * Team boards in the web: the owner manages people in the share dialog; a board shared with someone
 * shows under "Shared with me" with its owner's name; a viewer's canvas is read-only; a removed member's board
 * closes with a message; an invitation link is accepted on /invite/:code; a member leaves.
 */

/** A second (or third) person: their own browser context, signed up on the free plan. */
async function person(browser: Browser, server: LootServer, firstName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { api, email } = await registerUser(page.request, server, { firstName });
  return { context, page, api, email };
}

/** The world position of a card as the page's engine draws it (screen rectangle back through the camera). */
async function cardWorld(page: Page, cardId: number) {
  const { zoom, offset } = await cameraOf(page);
  const rect = (await inspectCard(page, cardId))!.screenRect;
  return { x: Math.round((rect.x - offset.x) / zoom), y: Math.round((rect.y - offset.y) / zoom) };
}

function sharedBoards(page: Page) {
  return page.getByTestId('shared-boards');
}

async function openShareDialog(page: Page) {
  await page.getByRole('toolbar', { name: 'Board controls' }).getByRole('button', { name: 'Share Board' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share board' });
  await expect(dialog.getByTestId('member-row').first()).toBeVisible();
  return dialog;
}

test.describe('team boards', () => {
  test('an owner invites a viewer, whose board is read-only, changes their role and removes them; a link brings a third person, who leaves', async ({
    page,
    server,
    browser,
  }) => {
    // Three people's browsers drive one board through some hundred steps: about a minute on a loaded machine, so
    // the default 60 s left no margin.
    test.setTimeout(120_000);
    const owner = await registerUser(page.request, server, { planId: 4, firstName: 'Olive' });
    const seeded = await seedBoard(
      owner.api,
      'Team board',
      ['Shops'],
      [
        { title: 'Gem Shop', section: 'Shops' },
        { title: 'Coin Pack', section: 'Shops' },
      ],
    );
    const vic = await person(browser, server, 'Vic');
    const tess = await person(browser, server, 'Tess');
    try {
      await openBoard(page, server);
      // Where the first layout put them.
      const gem = (await owner.api.card(seeded.boardId, seeded.cards['Gem Shop'].id))!;
      const section = (await owner.api.call<WireSection[]>('GET', `/api/sections?boardId=${seeded.boardId}`)).find(
        (x) => x.title === 'Shops',
      )!;

      // The owner invites Vic (an existing account) as a viewer through the dialog: an invitation, not a member yet.
      let dialog = await openShareDialog(page);
      await dialog.getByLabel('Email', { exact: true }).fill(vic.email);
      await dialog.getByLabel('Role for the invited person').selectOption('viewer');
      await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
      await expect(dialog.getByTestId('people-notice')).toHaveText(
        `${vic.email} was invited: they join once they accept the invitation.`,
      );
      await expect(dialog.getByTestId('pending-invitation')).toHaveText(new RegExp(`${vic.email} · Viewer`));
      await expect(dialog.locator('[data-testid="member-row"]', { hasText: vic.email })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Close' }).click();

      // Vic sees the invitation in the sidebar, and not the board, until Vic accepts it.
      await exposeEngine(vic.page);
      await vic.page.goto(server.url + '/');
      const invitations = vic.page.getByTestId('invitations');
      await expect(invitations.getByRole('heading', { name: 'Invitations' })).toBeVisible();
      const invitation = invitations.locator(`[data-board-id="${seeded.boardId}"]`);
      await expect(invitation).toContainText('Team board · Viewer');
      await expect(invitation).toContainText('from Olive');
      await expect(sharedBoards(vic.page).locator(`[data-board-id="${seeded.boardId}"]`)).toHaveCount(0);
      await invitation.getByRole('button', { name: 'Accept the invitation to Team board' }).click();
      await expect(invitations).toHaveCount(0);

      // Vic sees it under "Shared with me" with the owner's name, opens it: read-only.
      const shared = sharedBoards(vic.page);
      await expect(shared.getByRole('heading', { name: 'Shared with me' })).toBeVisible();
      const item = shared.locator(`[data-board-id="${seeded.boardId}"]`);
      await expect(item).toContainText('Team board');
      await expect(item).toContainText('by Olive');
      await item.getByRole('button', { name: 'Team board by Olive' }).click();
      const canvas = vic.page.getByTestId('board-canvas');
      await expect.poll(async () => (await inspectCard(vic.page, gem.id)) !== null).toBe(true);
      await expect(canvas).toHaveAttribute('data-live', 'live');
      await expect(vic.page.getByTestId('viewer-note')).toHaveText('You can view this board');
      await expect(vic.page.getByRole('button', { name: 'Organize Cards' })).toHaveCount(0);

      // A drag on a card pans the board instead: the card stays where it was, on the screen's engine and the server.
      const before = await cardWorld(vic.page, gem.id);
      const offsetBefore = (await cameraOf(vic.page)).offset;
      const grab = await cardPoint(vic.page, gem);
      await vic.page.mouse.move(grab.x, grab.y);
      await vic.page.mouse.down();
      await vic.page.mouse.move(grab.x + 120, grab.y + 60, { steps: 6 });
      await expect.poll(async () => (await cameraOf(vic.page)).offset.x).not.toBe(offsetBefore.x);
      await expect(canvas).toHaveAttribute('data-editing', 'false');
      await vic.page.mouse.up();
      expect(await cardWorld(vic.page, gem.id)).toEqual(before);
      expect((await owner.api.card(seeded.boardId, gem.id))!.position).toEqual(gem.position);

      // A selection offers no Delete, and the Delete key leaves it (and the card) alone; Ctrl+Z does nothing either.
      const onGem = await cardPoint(vic.page, gem);
      await vic.page.keyboard.down('Shift');
      await vic.page.mouse.click(onGem.x, onGem.y);
      await vic.page.keyboard.up('Shift');
      const selectionBar = vic.page.getByTestId('selection-bar');
      await expect(selectionBar).toContainText('1 card selected');
      await expect(selectionBar.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      await vic.page.keyboard.press('Delete');
      await vic.page.keyboard.press('Control+z');
      await expect(selectionBar).toContainText('1 card selected');
      expect(await inspectCard(vic.page, gem.id)).not.toBeNull();
      await vic.page.keyboard.press('Escape');
      await expect(selectionBar).toHaveCount(0);

      // No menus that write: the card's hover bar has no Move or Delete, a section's menu offers export only.
      await hoverCard(vic.page, gem);
      const controls = vic.page.getByTestId('card-controls');
      await expect(controls.getByRole('button', { name: 'Copy text' })).toBeVisible();
      await expect(controls.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      await expect(controls.getByRole('button', { name: 'Move' })).toHaveCount(0);
      const inSection = await cardPoint(vic.page, section, 20, 10);
      await vic.page.mouse.click(inSection.x, inSection.y, { button: 'right' });
      const sectionMenu = vic.page.getByTestId('section-menu');
      await expect(sectionMenu.getByRole('menuitem', { name: 'Export' })).toBeVisible();
      await expect(sectionMenu.getByRole('menuitem')).toHaveCount(1);
      await vic.page.keyboard.press('Escape');

      // Vic opens the dialog too: the people, read-only, and no share-copy link.
      dialog = await openShareDialog(vic.page);
      await expect(dialog.getByTestId('share-link')).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Invite', exact: true })).toHaveCount(0);
      await expect(dialog.locator('[data-testid="member-row"]', { hasText: owner.email })).toContainText('Owner');

      // Leave asks first, in a dialog over this one; Cancel keeps Vic on the board with the dialog still open.
      await dialog.getByRole('button', { name: 'Leave board' }).click();
      const vicLeave = vic.page.getByRole('dialog', { name: 'Leave “Team board”?' });
      await expect(vicLeave).toBeVisible();
      await vicLeave.getByRole('button', { name: 'Cancel' }).click();
      await expect(vicLeave).toHaveCount(0);
      await expect(sharedBoards(vic.page)).toHaveCount(1);

      // A viewer may copy the board to their own boards: the copy opens, theirs to change.
      await dialog.getByRole('button', { name: 'Copy to my boards' }).click();
      await expect(toast(vic.page).filter({ hasText: 'Copied to your boards' })).toBeVisible();
      const copy = vic.page.locator('.board-item.current');
      await expect(copy).toContainText('Team board');
      await expect(copy).not.toHaveAttribute('data-board-id', String(seeded.boardId));
      await expect(vic.page.getByTestId('viewer-note')).toHaveCount(0);
      const copyId = Number(await copy.getAttribute('data-board-id'));
      expect((await vic.api.cards(copyId)).map((c) => c.title).sort()).toEqual(['Coin Pack', 'Gem Shop']);
      // Back on the shared board, live again.
      await item.getByRole('button', { name: 'Team board by Olive' }).click();
      await expect(vic.page.getByTestId('viewer-note')).toBeVisible();
      await expect(canvas).toHaveAttribute('data-live', 'live');

      // The owner makes Vic an editor, then removes them: Vic's board closes with the message.
      dialog = await openShareDialog(page);
      await dialog.getByLabel(`Role of Vic`).selectOption('editor');
      await expect(dialog.locator('[data-testid="member-row"]', { hasText: vic.email })).toHaveAttribute(
        'data-role',
        'editor',
      );
      const vicBoards = await vic.api.call<{ id: number; role: string }[]>('GET', '/api/boards');
      expect(vicBoards.find((b) => b.id === seeded.boardId)?.role).toBe('editor');
      // Vic's open board hears it (the stream's role event): editable now, without a reload.
      await expect(toast(vic.page).filter({ hasText: 'You can now edit “Team board”' })).toBeVisible();
      await expect(vic.page.getByTestId('viewer-note')).toHaveCount(0);
      // Removing asks first, in a dialog over this one: Escape and Cancel each keep Vic, and the share dialog stays.
      const vicRow = dialog.locator('[data-testid="member-row"]', { hasText: vic.email });
      const confirmRemove = page.getByRole('dialog', { name: 'Remove Vic from this board?' });
      const removeVic = dialog.getByRole('button', { name: 'Remove from board: Vic' });
      await removeVic.click();
      await expect(confirmRemove).toContainText('Vic loses access to this board at once.');
      await expect(confirmRemove.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(confirmRemove).toHaveCount(0);
      await expect(dialog).toBeVisible();
      await expect(vicRow).toHaveCount(1);
      await removeVic.click();
      await confirmRemove.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirmRemove).toHaveCount(0);
      await expect(vicRow).toHaveCount(1);
      const members = await owner.api.call<{ members: { userId: number }[] }>(
        'GET',
        `/api/boards/${seeded.boardId}/members`,
      );
      expect(members.members).toHaveLength(2);
      await removeVic.click();
      await confirmRemove.getByRole('button', { name: 'Remove from board' }).click();
      await expect(vicRow).toHaveCount(0);
      await expect(toast(vic.page).filter({ hasText: 'You no longer have access to “Team board”' })).toBeVisible();
      await expect(vic.page.locator(`[data-board-id="${seeded.boardId}"]`)).toHaveCount(0);
      await expect(vic.page.locator('.board-item.current')).toHaveAttribute('data-board-id', String(copyId));

      // An invitation link (editor, one use) made in the dialog brings Tess in on /invite/:code.
      await dialog.getByLabel('Role for whoever opens the link').selectOption('editor');
      // The field's label is shown whole, over the field (not a placeholder cut by a number field's width).
      const maxUses = dialog.getByLabel('Max uses (optional)');
      await expect(maxUses).not.toHaveAttribute('placeholder');
      const usesLabel = dialog.locator('label', { hasText: 'Max uses (optional)' });
      await expect(usesLabel.locator('input[type="number"]')).toHaveCount(1);
      expect(await usesLabel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const [labelBox, dialogBox] = [await usesLabel.boundingBox(), await dialog.boundingBox()];
      expect(labelBox!.x + labelBox!.width).toBeLessThanOrEqual(dialogBox!.x + dialogBox!.width);
      await maxUses.fill('1');
      await dialog.getByRole('button', { name: 'Create link' }).click();
      const link = await dialog.getByTestId('invitation-link').inputValue();
      expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{16,64}$/);
      await expect(dialog.getByTestId('invitation-link-row')).toHaveCount(1);
      await tess.page.goto(link);
      await expect(tess.page).toHaveURL(server.url + '/');
      const tessItem = sharedBoards(tess.page).locator(`[data-board-id="${seeded.boardId}"]`);
      await expect(tessItem).toHaveClass(/current/);
      await expect(tessItem).toHaveAttribute('data-role', 'editor');
      await expect(tess.page.getByTestId('viewer-note')).toHaveCount(0);

      // The link is used up: Vic gets the server's message.
      await vic.page.goto(link);
      await expect(vic.page.getByTestId('invite-error')).not.toBeEmpty();
      await expect(vic.page.getByRole('heading', { name: 'Invitation error' })).toBeVisible();

      // Tess leaves, after saying so in the app's dialog (Cancel first keeps her on the board): the board leaves her
      // list, and the owner's dialog no longer lists her.
      const confirmLeave = tess.page.getByRole('dialog', { name: 'Leave “Team board”?' });
      await tessItem.getByRole('button', { name: 'Leave Team board' }).click();
      await confirmLeave.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirmLeave).toHaveCount(0);
      await expect(sharedBoards(tess.page)).toHaveCount(1);
      await tessItem.getByRole('button', { name: 'Leave Team board' }).click();
      await expect(confirmLeave).toContainText('You will lose access until the owner invites you again.');
      await confirmLeave.getByRole('button', { name: 'Leave', exact: true }).click();
      await expect(toast(tess.page).filter({ hasText: 'You left “Team board”' })).toBeVisible();
      await expect(sharedBoards(tess.page)).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Close' }).click();
      dialog = await openShareDialog(page);
      await expect(dialog.getByTestId('member-row')).toHaveCount(1);
      expect((await tess.api.call<{ id: number }[]>('GET', '/api/boards')).map((b) => b.id)).not.toContain(
        seeded.boardId,
      );
    } finally {
      await vic.context.close();
      await tess.context.close();
    }
  });

  test("an unknown address gets a pending invitation the owner revokes; a plan's member limit and a bad link show the server's message", async ({
    page,
    server,
  }) => {
    const owner = await registerUser(page.request, server, { planId: 4, firstName: 'Olive' });
    await seedBoard(owner.api, 'Team board', ['Shops'], [{ title: 'Gem Shop', section: 'Shops' }]);
    await openBoard(page, server);
    let dialog = await openShareDialog(page);
    const stranger = `nobody-${Date.now()}@example.com`;
    await dialog.getByLabel('Email', { exact: true }).fill(stranger);
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(dialog.getByTestId('people-notice')).toHaveText(
      `${stranger} was invited: they join once they accept the invitation.`,
    );
    const pending = dialog.getByTestId('pending-invitation');
    await expect(pending).toHaveText(new RegExp(`${stranger} · Editor`));
    await dialog.getByRole('button', { name: `Withdraw invitation of ${stranger}` }).click();
    await expect(pending).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // On the free plan (one person per board: the owner) the server refuses, and the dialog says its words.
    await owner.api.call('PATCH', '/api/user/plan', { planId: 1 });
    dialog = await openShareDialog(page);
    await dialog.getByLabel('Email', { exact: true }).fill(stranger);
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(dialog.getByTestId('people-error')).toHaveText(
      'This board has reached its plan’s limit of 1 person: the owner can upgrade to add more.',
    );
    await expect(pending).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A link that is no invitation code at all.
    await page.goto(server.url + '/invite/not-a-code');
    await expect(page.getByRole('heading', { name: 'Invitation error' })).toBeVisible();
    await expect(page.getByTestId('invite-error')).not.toBeEmpty();
  });
});

test.describe('a Russian browser', () => {
  test.use({ locale: 'ru-RU' });

  test("reads an invitation link's line whole in Russian: a plural, and the date as Russian writes it", async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server, 'Анна');
    const { boardId } = await seedBoard(api, 'Доска', ['Shops'], [{ title: 'Gem Shop', section: 'Shops' }]);
    await api.call('POST', `/api/boards/${boardId}/invitations`, { role: 'viewer' });
    await openBoard(page, server);
    await page
      .getByRole('toolbar', { name: 'Управление доской' })
      .getByRole('button', { name: 'Поделиться доской' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Поделиться доской' }).getByTestId('invitation-link-row')).toHaveText(
      /^Читатель · использована 0 раз, без ограничений · до \d{1,2} [а-я]+\.? \d{4} г\.\s*Отключить ссылку$/,
    );
  });
});
