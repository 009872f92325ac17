import type { Page } from '@playwright/test';
import { expect, startServer, test, type LootServer } from './fixtures';

/**
 * A sign-in or sign-up refused by its limit says when to try again, from the answer's Retry-After
 * (rounded up), not "Try again later". Its own server, allowing one sign-up an hour from the browser's address:
 * the account made here before the tests uses it up, and failed sign-ins count against no other test's account.
 * Every request goes from the browser (localhost may be 127.0.0.1 for it and ::1 for Node, two addresses).
 */
let server: LootServer;
const email = `throttled-${Date.now()}@example.com`;

/** A request from the page itself: the browser's own address, the one its form submissions come from. */
function postFromPage(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ([url, json]) =>
      (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json })).status,
    [server.url + path, JSON.stringify(body)] as const,
  );
}

test.beforeAll(async ({ browser }) => {
  // As long as the worker's own server may take to start (tests/e2e/fixtures.ts).
  test.setTimeout(300_000);
  server = await startServer({ LOOT_SIGNUP_LIMIT_PER_HOUR: '1' });
  const page = await browser.newPage();
  await page.goto(server.url + '/login');
  expect(await postFromPage(page, '/api/auth/register', { email, password: 'correct horse battery staple' })).toBe(201);
  await page.close();
});
test.afterAll(async () => {
  await server?.stop();
});

test.describe('limit messages say when', () => {
  test('sign-in after five failures: "Try again in 15 minutes."', async ({ page }) => {
    await page.goto(server.url + '/login');
    for (let i = 0; i < 5; i += 1)
      expect(await postFromPage(page, '/api/auth/login', { email, password: `wrong guess ${i}` })).toBe(401);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery staple');
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/auth/login'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const limited = await answer;
    expect(limited.status()).toBe(429);
    // The first failure leaves the 15-minute window a little under 15 minutes from now.
    const retryAfter = Number(limited.headers()['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    await expect(page.getByRole('alert')).toHaveText('Too many sign-in attempts. Try again in 15 minutes.');
  });

  test('sign-up past the hourly limit: "Try again in 1 hour."', async ({ page }) => {
    await page.goto(server.url + '/login');
    await page.getByRole('tab', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(`second-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery staple');
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/auth/register'));
    await page.getByRole('button', { name: 'Sign up' }).click();
    expect((await answer).status()).toBe(429);
    await expect(page.getByRole('alert')).toHaveText(
      'Too many sign-up attempts from this address. Try again in 1 hour.',
    );
  });
});
