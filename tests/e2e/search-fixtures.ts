import type { Page, Request } from '@playwright/test';
import { Api } from './board-fixtures';
import { expect, type LootServer } from './fixtures';
import { isLayoutSave, layoutRunsEnded } from './ops-fixtures';

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

type IndicatorRecord = { states: string[]; texts: Record<string, string>; last: string | null };

/**
 * Browser side: records each state the loot indicator moves to (with what it said then) in `window.lootIndicator`.
 * A MutationObserver sees every state, however briefly shown, so a check that comes late on a loaded machine, after
 * the 3.5 s success has gone, still sees it. Installing again clears the record but keeps the state shown now, so
 * a success still on screen from an earlier query is not taken for the next one's.
 */
function recordIndicatorStates() {
  const w = window as unknown as { lootIndicator?: IndicatorRecord };
  if (w.lootIndicator) {
    w.lootIndicator.states = [];
    w.lootIndicator.texts = {};
    return;
  }
  const record: IndicatorRecord = { states: [], texts: {}, last: null };
  w.lootIndicator = record;
  const look = () => {
    const shown = document.querySelector('[data-testid="loot-indicator"]');
    const status = shown?.getAttribute('data-status') ?? null;
    if (status === record.last) return;
    record.last = status;
    if (status === null) return;
    record.states.push(status);
    record.texts[status] = shown!.textContent ?? '';
  };
  const observe = () => {
    look();
    new MutationObserver(look).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-status'],
    });
  };
  if (document.body) observe();
  else document.addEventListener('DOMContentLoaded', observe);
}

function readIndicatorRecord(page: Page): Promise<IndicatorRecord> {
  return page.evaluate(
    () =>
      (window as unknown as { lootIndicator?: IndicatorRecord }).lootIndicator ?? { states: [], texts: {}, last: null },
  );
}

/**
 * Records every state the loot indicator shows on this page from now on, across navigations (an init script).
 * Answers a function that reads the states recorded on the current page.
 */
export async function recordIndicator(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(recordIndicatorStates);
  return async () => (await readIndicatorRecord(page)).states;
}

/**
 * Watches the loot indicator on the page as it is now, from this moment (start it before the query is sent).
 * `succeeded()` waits until the indicator has shown success since then and answers what it said.
 */
export async function watchIndicator(page: Page) {
  await page.evaluate(recordIndicatorStates);
  return {
    async succeeded(timeout = 15_000): Promise<string> {
      await expect.poll(async () => (await readIndicatorRecord(page)).states, { timeout }).toContain('success');
      return (await readIndicatorRecord(page)).texts.success;
    },
  };
}

export type QueryCall = { query: string; boardId: number };

/** Records every query the page sends, in order. */
export function watchQueries(page: Page): QueryCall[] {
  const calls: QueryCall[] = [];
  page.on('request', (req: Request) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/gemini/process')
      calls.push(req.postDataJSON() as QueryCall);
  });
  return calls;
}

/** Waits for the next query answer and returns its JSON (the flow's queryId among it). */
export async function nextQueryAnswer(page: Page) {
  const res = await page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/gemini/process',
  );
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { success: boolean; message: string; queryId: number };
}

/**
 * Types a query into the panel, sends it with Enter, and returns the answer once it came back successful and the
 * panel says the board is filled.
 */
export async function submitQuery(page: Page, query: string) {
  await searchBox(page).fill(query);
  const shown = await watchIndicator(page);
  const answer = nextQueryAnswer(page);
  await searchBox(page).press('Enter');
  const json = await answer;
  expect(json.success, json.message).toBe(true);
  await shown.succeeded();
  await resultsFramed(page);
  return json;
}

/**
 * Waits until the search flow has framed the new results (web/flows/search-flow.ts: it asks for the framing in an
 * animation frame as it shows success). A frame asked for now runs after that one, the browser keeping their
 * order, so a camera command the test gives next (Reset View) is not overridden by the framing.
 */
async function resultsFramed(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
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
  await layoutRunsEnded(page);
  await page.keyboard.press('r');
  await expect(page.getByTestId('zoom-percent')).toHaveText('100%');
}
