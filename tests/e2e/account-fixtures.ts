import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Api } from './board-fixtures';
import type { LootServer } from './fixtures';

/**
 * Accounts for the account and discovery flows (billing, collections, feature search, share, feedback): a fresh
 * user per test, registered through the real API with the page's (or a second context's) cookies, on the plan
 * the test needs. Plan 1 is the free plan; the server runs in self-hosted mode, so PATCH /api/user/plan works.
 */
let accounts = 0;

export async function registerUser(
  request: APIRequestContext,
  server: LootServer,
  options: { planId?: number; firstName?: string; verified?: boolean } = {},
) {
  const api = new Api(request, server);
  accounts += 1;
  const email = `pages-${process.pid}-${Date.now()}-${accounts}@example.com`;
  await api.call('POST', '/api/auth/register', {
    email,
    password: 'correct horse battery staple',
    firstName: options.firstName ?? 'Pat',
  });
  // The address is proven as a person proves it, through the mailed link (here the server's log, no SMTP set).
  if (options.verified ?? true)
    await api.call('POST', '/api/auth/verify-email', { token: await mailedToken(server, email, '/verify-email/') });
  if (options.planId && options.planId !== 1) await api.call('PATCH', '/api/user/plan', { planId: options.planId });
  return { api, email };
}

/**
 * The token of the newest link to `prefix` mailed to `email`: without LOOT_SMTP_URL the server writes each mail to
 * its log as one line with the link. Waits for the line, which the server writes just after its answer.
 */
export async function mailedToken(server: LootServer, email: string, prefix: string): Promise<string> {
  const pattern = new RegExp(
    `Mail \\(not sent\\) to ${email.replace(/[.+]/g, '\\$&')}: [^"]*?${prefix}([A-Za-z0-9_-]{43})`,
    'g',
  );
  let token: string | undefined;
  await expect
    .poll(() => (token = [...server.logs().matchAll(pattern)].at(-1)?.[1]), { message: `a mail to ${email}` })
    .toBeTruthy();
  return token!;
}

/** Registers and signs the page in. */
export async function signUpAs(page: Page, server: LootServer, options: { planId?: number; firstName?: string } = {}) {
  return registerUser(page.request, server, options);
}

export type WireUser = {
  id: number;
  plan_id: number;
  usage_count: number;
  monthly_limit: number;
  usage_reset_date: string;
};

export function currentUser(api: Api) {
  return api.call<WireUser>('GET', '/api/current-user');
}

/**
 * A guest sent to sign in on localhost lands on the login page, which offers both ways in;
 * this takes the dev login, as a developer would.
 */
export async function continueAsDevUser(page: Page) {
  await page.waitForURL(/\/login\?returnTo=/);
  await page.getByRole('link', { name: 'Continue as dev user' }).click();
}
