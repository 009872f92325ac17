import { devLogin, expect, startServer, test, type LootServer } from './fixtures';

/** The web shell: a fresh server, dev-login, the first 'Untitled' board listed, and the 404 page. */
test.describe('web shell', () => {
  test('a guest sees a Sign in button', async ({ page, server }) => {
    await page.goto(server.url + '/');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('dev-login signs in, the user is named and one Untitled board is created once', async ({ page }) => {
    // A fresh server of its own: the worker's shared server may already hold the dev user's boards from other specs.
    const server: LootServer = await startServer();
    try {
      await devLogin(page, server);
      await page.goto(server.url + '/');
      const boards = page.getByRole('navigation', { name: 'Boards' });
      await expect(boards.getByRole('button', { name: 'Untitled', exact: true })).toBeVisible();
      await expect(page.getByTestId('user-name')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);

      // Reloading must not create a second board: the server holds exactly one.
      await page.reload();
      await expect(boards.getByRole('button', { name: 'Untitled', exact: true })).toBeVisible();
      const list = await page.request.get(server.url + '/api/boards');
      expect(list.ok()).toBe(true);
      const rows = (await list.json()) as { title: string }[];
      expect(rows.map((b) => b.title)).toEqual(['Untitled']);
    } finally {
      await server.stop();
    }
  });

  test('on localhost, Sign in opens the login page with both the dev login and email / password', async ({
    page,
    server,
  }) => {
    await page.goto(server.url + '/');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(server.url + '/login?returnTo=%2F');
    await expect(page.getByRole('link', { name: 'Continue as dev user' })).toHaveAttribute(
      'href',
      '/api/dev-login?returnTo=%2F',
    );
    await expect(page.getByText('or with email and password')).toBeVisible();
    // The email form is right there: an account made through it comes back to the board screen.
    await page.getByRole('tab', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(`both-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByLabel('First name (optional)').fill('Grace');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(server.url + '/');
    await expect(page.getByTestId('user-name')).toHaveText('Grace');
  });

  test('an unknown path shows the 404 page', async ({ page, server }) => {
    await page.goto(server.url + '/nope');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });

  test('the login page signs up, signs in and honours a same-site returnTo only', async ({ page, server }) => {
    const email = `shell-${Date.now()}@example.com`;
    await page.goto(server.url + '/login?returnTo=' + encodeURIComponent('//evil.example/x'));
    await page.getByRole('tab', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByLabel('First name (optional)').fill('Ada');
    await page.getByRole('button', { name: 'Sign up' }).click();
    // A foreign returnTo falls back to the board screen on this origin.
    await expect(page).toHaveURL(server.url + '/');
    await expect(page.getByTestId('user-name')).toHaveText('Ada');

    await page.context().clearCookies();
    await page.goto(server.url + '/login?returnTo=' + encodeURIComponent('/nope?x=1'));
    await expect(page.getByRole('link', { name: 'Continue as dev user' })).toHaveAttribute(
      'href',
      '/api/dev-login?returnTo=%2Fnope%3Fx%3D1',
    );
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong password here');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(server.url + '/nope?x=1');
  });

  test('sign-up refusals read as sentences, never validator text', async ({ page, server }) => {
    await page.goto(server.url + '/login');
    await page.getByRole('tab', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(`short-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('abc');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters.');

    // The server's answer is a sentence too (an email taken, here).
    const email = `taken-${Date.now()}@example.com`;
    await page.request.post(server.url + '/api/auth/register', {
      data: { email, password: 'correct horse battery staple' },
      headers: { origin: server.url },
    });
    await page.context().clearCookies();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('another good password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert')).toHaveText('An account with this email already exists');
    await expect(page.getByRole('alert')).not.toContainText(':');
  });
});
