import type { Page, Request } from '@playwright/test';
import { Api } from './board-fixtures';
import { expect, type LootServer } from './fixtures';
import { isLayoutSave } from './ops-fixtures';

/**
 * Helpers for the search panel flows: accounts on a chosen plan, the panel's locators, and a watch on the
 * query calls (POST /api/gemini/process) the page sends.
 */

let accounts = 0;

/** Registers and signs in a fresh user; `planId` 1 is the free plan (5 searches a month), 4 is unlimited. */
export async function signUpOnPlan(page: Page, server: LootServer, planId: number): Promise<Api> {
  const api = new Api(page.request, server);
  accounts += 1;
  await api.call('POST', '/api/auth/register', {
    email: `search-${process.pid}-${Date.now()}-${accounts}@example.com`,
    password: 'correct horse battery staple',
    firstName: 'Searcher',
  });
  if (planId !== 1) await api.call('PATCH', '/api/user/plan', { planId });
  return api;
}

export function searchBox(page: Page) {
  return page.getByRole('textbox', { name: 'Search query' });
}

export function landing(page: Page) {
  return page.getByTestId('search-landing');
}

export function indicator(page: Page) {
  return page.getByTestId('loot-indicator');
}

/**
 * Records every state the loot indicator shows on this page from now on, across navigations (an init script and a
 * MutationObserver): a check that comes late on a loaded machine, after the 3.5 s success has gone, still sees it.
 * Answers a function that reads the states recorded on the current page.
 */
export async function recordIndicator(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { lootIndicatorStates: string[] };
    w.lootIndicatorStates = [];
    const record = () => {
      const status = document.querySelector('[data-testid="loot-indicator"]')?.getAttribute('data-status');
      if (status && w.lootIndicatorStates.at(-1) !== status) w.lootIndicatorStates.push(status);
    };
    document.addEventListener('DOMContentLoaded', () =>
      new MutationObserver(record).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-status'] }),
    );
  });
  return () => page.evaluate(() => (window as unknown as { lootIndicatorStates?: string[] }).lootIndicatorStates ?? []);
}

export type QueryCall = { query: string; boardId: number };

/** Records every query the page sends, in order. */
export function watchQueries(page: Page): QueryCall[] {
  const calls: QueryCall[] = [];
  page.on('request', (req: Request) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/gemini/process') calls.push(req.postDataJSON() as QueryCall);
  });
  return calls;
}

/** Waits for the next query answer and returns its JSON (the flow's queryId among it). */
export async function nextQueryAnswer(page: Page) {
  const res = await page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/gemini/process');
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { success: boolean; message: string; queryId: number };
}

/**
 * Types a query into the panel, sends it with Enter, and returns the answer once it came back successful and the
 * panel says the board is filled.
 */
export async function submitQuery(page: Page, query: string) {
  await searchBox(page).fill(query);
  const answer = nextQueryAnswer(page);
  await searchBox(page).press('Enter');
  const json = await answer;
  expect(json.success, json.message).toBe(true);
  await expect(indicator(page)).toHaveAttribute('data-status', 'success', { timeout: 15_000 });
  return json;
}

/** Opens the board screen and waits for the landing search of the newest, empty 'Untitled' board. */
export async function openLanding(page: Page, server: LootServer) {
  await page.goto(server.url + '/');
  await expect(landing(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What references do you want to loot?' })).toBeVisible();
}

/** Opens a board that has content: waits for its first auto-layout save, then resets the view (spec: 'r'). */
export async function openFilledBoard(page: Page, server: LootServer) {
  const layout = page.waitForResponse((r) => isLayoutSave(r.request()));
  await page.goto(server.url + '/');
  await expect(page.getByTestId('search-compact')).toBeVisible();
  expect((await layout).ok()).toBe(true);
  await page.keyboard.press('r');
  await expect(page.getByTestId('zoom-percent')).toHaveText('100%');
}
