import { mailedToken, registerUser } from './account-fixtures';
import { seedBoard } from './board-fixtures';
import { expect, test, type LootServer } from './fixtures';

/**
 * Accounts a person can trust, in the browser: an invitation mailed to an address with no account leads to sign-up
 * with the address filled in and the board and inviter named; the sidebar asks to confirm the address, the mailed
 * link confirms it, and only then does the invitation show and open, a toast naming the board and who invited. A
 * signed-out invitation link names them on sign-in and sign-up too. A forgotten password is set again from the mailed link, and the session left
 * signed in elsewhere ends. The server runs without LOOT_SMTP_URL, so each mail is one line of its log, as an
 * operator would read it.
 */

/** The newest link in the server's log that was mailed to `email` and leads to `prefix`. */
async function mailedLink(server: LootServer, email: string, prefix: string): Promise<string> {
  return `${server.url}${prefix}${await mailedToken(server, email, prefix)}`;
}

test.describe('account mail', () => {
  test('sign up from an invitation, confirm the address, then accept the invitation', async ({
    page,
    server,
    browser,
  }) => {
    const owner = await registerUser(page.request, server, { planId: 4, firstName: 'Olive' });
    const seeded = await seedBoard(owner.api, 'Mailed board', ['Shops'], [{ title: 'Gem Shop', section: 'Shops' }]);
    const email = `newcomer-${process.pid}-${Date.now()}@example.com`;
    await owner.api.call('POST', `/api/boards/${seeded.boardId}/members`, { email, role: 'editor' });

    const context = await browser.newContext();
    const invitee = await context.newPage();
    try {
      // The invitation's mail: no account has this address, so its link is sign-up with the address filled in.
      const pattern = new RegExp(`Mail \\(not sent\\) to ${email.replace(/[.+]/g, '\\$&')}: ([^"]*?) (http\\S+?)"`);
      let line: RegExpMatchArray | null = null;
      await expect.poll(() => (line = pattern.exec(server.logs()))).toBeTruthy();
      const [, subject, link] = line!;
      expect(subject).toBe('Loot: Olive (' + owner.email + ') invited you to “Mailed board”');
      await invitee.goto(link);
      // Sign-up says what it is for: the board and who invites.
      await expect(invitee.getByTestId('invitation-note')).toHaveText(
        'Olive invited you to the board “Mailed board”. Create an account to join it.',
      );
      const signUp = invitee.getByRole('form', { name: 'Create an account' });
      await expect(signUp.getByLabel('Email')).toHaveValue(email);
      await signUp.getByLabel('Password').fill('another good password');
      await signUp.getByRole('button', { name: 'Sign up' }).click();

      // Signed in, back on the invitation: it cannot be accepted until the address is confirmed, and the page
      // says which board waits for it.
      await expect(invitee.getByTestId('invite-error')).toContainText('Confirm your email address');
      await expect(
        invitee.getByRole('heading', { name: 'Confirm your email address to join “Mailed board”' }),
      ).toBeVisible();
      await invitee.getByRole('button', { name: 'Go to Home' }).click();
      const notice = invitee.getByTestId('verify-notice');
      await expect(notice).toContainText(`Confirm your email address ${email}`);
      await expect(invitee.getByTestId('invitations')).toHaveCount(0);

      await invitee.goto(await mailedLink(server, email, '/verify-email/'));
      await expect(invitee.getByTestId('verify-done')).toHaveText(`Your address ${email} is confirmed.`);
      await invitee.getByRole('link', { name: 'Go to Home' }).click();
      await expect(notice).toHaveCount(0);
      const invitation = invitee.getByTestId('invitations').locator(`[data-board-id="${seeded.boardId}"]`);
      await invitation.getByRole('button', { name: 'Accept the invitation to Mailed board' }).click();
      await expect(invitee.getByTestId('toast')).toContainText('You joined “Mailed board”: Olive invited you');
      await expect(invitee.getByTestId('shared-boards')).toContainText('Mailed board');

      // The link was spent: opening it again says so in words.
      await invitee.goto(await mailedLink(server, email, '/verify-email/'));
      await expect(invitee.getByTestId('verify-error')).toHaveText(
        'This link was already used. Ask for a new one if you still need it.',
      );
    } finally {
      await context.close();
    }
  });

  test('a signed-out invitation link names the board and who invites on sign-in and sign-up, and the toast after joining', async ({
    page,
    server,
    browser,
  }) => {
    const owner = await registerUser(page.request, server, { planId: 4, firstName: 'Olive' });
    const seeded = await seedBoard(owner.api, 'Linked board', ['Shops'], [{ title: 'Gem Shop', section: 'Shops' }]);
    const { code } = await owner.api.call<{ code: string }>('POST', `/api/boards/${seeded.boardId}/invitations`, {
      role: 'editor',
      maxUses: 1,
    });

    const visitor = await browser.newContext();
    const late = await browser.newContext();
    try {
      const guest = await visitor.newPage();
      await guest.goto(`${server.url}/invite/${code}`);
      await guest.waitForURL(/\/login\?returnTo=/);
      const note = guest.getByTestId('invitation-note');
      await expect(note).toHaveText('Olive invited you to the board “Linked board”. Sign in to join it.');
      await guest.getByRole('tab', { name: 'Create an account' }).click();
      await expect(note).toHaveText('Olive invited you to the board “Linked board”. Create an account to join it.');
      const signUp = guest.getByRole('form', { name: 'Create an account' });
      await signUp.getByLabel('Email').fill(`linked-${process.pid}-${Date.now()}@example.com`);
      await signUp.getByLabel('Password').fill('another good password');
      await signUp.getByRole('button', { name: 'Sign up' }).click();

      // Back on the link, signed in: the board is joined and the toast names it and who invited.
      await expect(guest.getByTestId('toast')).toContainText('You joined “Linked board”: Olive invited you');
      await expect(guest.getByTestId('shared-boards')).toContainText('Linked board');

      // The one use is spent: someone else following the link is told so before signing in, without the board.
      const second = await late.newPage();
      await second.goto(`${server.url}/invite/${code}`);
      await second.waitForURL(/\/login\?returnTo=/);
      await expect(second.getByTestId('invitation-note')).toHaveText(
        'This invitation has been used as many times as it allows: ask the board’s owner for a new one.',
      );
      await expect(second.getByTestId('invitation-note')).not.toContainText('Linked board');
    } finally {
      await visitor.close();
      await late.close();
    }
  });

  test('forgot password: the mailed link sets a new one and the session left elsewhere is signed out', async ({
    page,
    server,
    browser,
  }) => {
    const { email } = await registerUser(page.request, server, { firstName: 'Fern' });
    await page.goto(server.url);
    await expect(page.getByTestId('user-name')).toHaveText('Fern');

    const context = await browser.newContext();
    const other = await context.newPage();
    try {
      await other.goto(`${server.url}/login`);
      await other.getByRole('button', { name: 'Forgot password?' }).click();
      const form = other.getByRole('form', { name: 'Set a new password' });
      await form.getByLabel('Email').fill(email);
      await form.getByRole('button', { name: 'Send the link' }).click();
      await expect(other.getByTestId('forgot-answer')).toHaveText(
        'If an account uses this address, a link to set a new password is on its way. It works for 1 hour.',
      );

      await other.goto(await mailedLink(server, email, '/reset-password/'));
      const reset = other.getByRole('form', { name: 'Choose a new password' });
      await reset.getByLabel('New password').fill('another good password');
      await reset.getByRole('button', { name: 'Save and sign in' }).click();
      await expect(other.getByTestId('user-name')).toHaveText('Fern');

      // The first browser's session ended with the reset.
      expect((await page.request.get(`${server.url}/api/current-user`)).status()).toBe(401);
    } finally {
      await context.close();
    }
  });

  test('the account page lists the sessions and signs out everywhere else', async ({ page, server, browser }) => {
    const { email } = await registerUser(page.request, server, { firstName: 'Sol' });
    const context = await browser.newContext();
    const other = await context.newPage();
    try {
      const signedIn = await other.request.post(`${server.url}/api/auth/login`, {
        headers: { origin: server.url },
        data: { email, password: 'correct horse battery staple' },
      });
      expect(signedIn.ok()).toBe(true);
      await page.goto(server.url);
      await page.getByTestId('user-name').click();
      await page.getByRole('menuitem', { name: 'Account and sessions' }).click();
      const sessions = page.getByTestId('sessions');
      await expect(sessions.getByTestId('session')).toHaveCount(2);
      await expect(sessions.getByTestId('session').filter({ hasText: 'This session' })).toHaveCount(1);
      await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
      await expect(sessions.getByTestId('session')).toHaveCount(1);
      expect((await other.request.get(`${server.url}/api/current-user`)).status()).toBe(401);
      expect((await page.request.get(`${server.url}/api/current-user`)).status()).toBe(200);
    } finally {
      await context.close();
    }
  });
});
