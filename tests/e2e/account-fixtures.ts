import type { APIRequestContext, Page } from '@playwright/test';
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
  options: { planId?: number; firstName?: string } = {},
) {
  const api = new Api(request, server);
  accounts += 1;
  const email = `pages-${process.pid}-${Date.now()}-${accounts}@example.com`;
  await api.call('POST', '/api/auth/register', {
    email,
    password: 'correct horse battery staple',
    firstName: options.firstName ?? 'Pat',
  });
  if (options.planId && options.planId !== 1) await api.call('PATCH', '/api/user/plan', { planId: options.planId });
  return { api, email };
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
