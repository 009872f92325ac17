import { registerUser } from './account-fixtures';
import { seedBoard, toast, type WireSection } from './board-fixtures';
import { expect, test } from './fixtures';

type LockedSection = WireSection & { locked?: boolean };

/**
 * The owner's plan decides what everyone on a board sees: cancelling says what the member will lose, a member's
 * "Upgrade Plan to Unlock" on a free owner's locked section asks the owner (never the member's own checkout), the
 * owner hears it on whichever page of theirs is open (here the plan page, which shows no board), and when the owner upgrades the member's open board opens without a reload.
 */
test('cancelling says what the member loses; the member asks the free owner to upgrade from a locked section; the owner upgrades and the member’s board opens live', async ({
  page,
  server,
  browser,
}) => {
  const owner = await registerUser(page.request, server, { planId: 2, firstName: 'Olive' });
  const names = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta'];
  const seeded = await seedBoard(
    owner.api,
    'Team board',
    names,
    names.map((section) => ({ title: `${section} card`, section })),
  );
  const context = await browser.newContext();
  try {
    const memberPage = await context.newPage();
    const member = await registerUser(memberPage.request, server, { firstName: 'Vic' });
    const asked = await owner.api.call<{ invitation: { code: string } }>(
      'POST',
      `/api/boards/${seeded.boardId}/members`,
      { email: member.email, role: 'viewer' },
    );
    await member.api.call('POST', `/api/invitations/${asked.invitation.code}/accept`);
    // The owner cancels on the plan page: the dialog says what the member will lose, and the move then locks that.
    const { lockedSections } = await owner.api.call<{ lockedSections: number }>(
      'GET',
      '/api/billing/team-impact?planId=1',
    );
    expect(lockedSections).toBeGreaterThan(0);
    await page.goto(server.url + '/billing');
    await page.getByTestId('plan-Basic').getByRole('button', { name: 'Cancel' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel your Basic plan?' });
    await expect(cancel.getByTestId('team-impact')).toContainText(
      `1 member on 1 board will see ${lockedSections} sections locked.`,
    );
    await cancel.getByRole('button', { name: 'Cancel plan' }).click();
    const lockedNow = async () =>
      (await owner.api.call<LockedSection[]>('GET', `/api/sections?boardId=${seeded.boardId}`)).filter((s) => s.locked);
    await expect.poll(async () => (await lockedNow()).length).toBe(lockedSections);
    const locked = await lockedNow();
    // The owner stays on the plan page, a page with no board, which follows the user's own stream.
    await expect(page.getByRole('main')).toHaveAttribute('data-live', 'live');

    await memberPage.goto(server.url + '/');
    await memberPage.getByTestId('shared-boards').getByRole('button', { name: 'Team board by Olive' }).click();
    const canvas = memberPage.getByTestId('board-canvas');
    await expect(canvas).toHaveAttribute('data-cards', String(names.length - locked.length));
    const upgrade = memberPage
      .getByRole('group', { name: 'Premium Section' })
      .getByRole('button', { name: 'Upgrade Plan to Unlock' });
    await expect(upgrade).toHaveCount(locked.length);

    // The member's upgrade button says the owner's plan decides and asks the owner; it opens no plans of theirs.
    await upgrade.first().focus();
    await memberPage.keyboard.press('Enter');
    const dialog = memberPage.getByRole('dialog', { name: 'The board owner’s plan decides' });
    await expect(dialog).toContainText('Olive’s plan locks these sections for everyone on “Team board”.');
    await dialog.getByRole('button', { name: 'Ask Olive to upgrade' }).click();
    await expect(dialog.getByTestId('ask-owner-notice')).toHaveText(
      'Olive was asked to upgrade. The sections open for you as soon as they do.',
    );
    await expect(toast(page)).toContainText('Vic asks you to upgrade');
    await expect(toast(page)).toContainText('Team board');
    await expect(memberPage).toHaveURL(server.url + '/');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The owner upgrades: the member's open board loads again and every section is open.
    await owner.api.call('PATCH', '/api/user/plan', { planId: 2 });
    await expect(upgrade).toHaveCount(0);
    await expect(canvas).toHaveAttribute('data-cards', String(names.length));
  } finally {
    await context.close();
  }
});
