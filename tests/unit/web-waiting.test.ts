import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, sourceFiles } from '../helpers/source-files';

/**
 * The web waits on events, not on the clock: nothing in web/ polls for app state or sleeps until it has probably
 * changed (ARCHITECTURE.md: wait on the engine's and the stores' events). Every timer and animation-frame call in
 * web/ is listed here with why it is about time itself (a toast's lifetime, a debounce, a retry's back-off), so a new
 * one that waits for state fails this test until it is rewritten on an event, or argued for here.
 */

type Allowed = { file: string; line: RegExp; why: string };

/** The timers that measure time, each matched by its source line. */
const ABOUT_TIME: Allowed[] = [
  {
    file: 'web/components/board/BoardCanvas.tsx',
    line: /timer = window\.setTimeout\(\(\) => \{/,
    why: 'the camera is saved 0.5 s after it stops moving (spec accounts §4): a debounce',
  },
  {
    file: 'web/components/board/board-controller.ts',
    line: /window\.setTimeout\(\(\) => done\(false\), timeoutMs\)/,
    why: 'bounds a wait answered by the engine’s contentChange event: past it the board was left',
  },
  {
    file: 'web/components/feedback/FeedbackDialog.tsx',
    line: /setTimeout\(\(\) => closeRef\.current\(\), CLOSE_AFTER_THANKS_MS\)/,
    why: 'the thanks stays up for a set time, then the dialog closes',
  },
  {
    file: 'web/components/search/LootIndicator.tsx',
    line: /setInterval\(\(\) => setTick\(\(t\) => t \+ 1\), DOTS_INTERVAL_MS\)/,
    why: 'the “looting” dots animate on a beat',
  },
  {
    file: 'web/components/search/LootIndicator.tsx',
    line: /setTimeout\(\(\) => setConfetti\(false\), CONFETTI_MS\)/,
    why: 'the confetti’s lifetime',
  },
  {
    file: 'web/components/search/LootIndicator.tsx',
    line: /setTimeout\(\(\) => setFading\(true\), SUCCESS_FADE_AT_MS\)/,
    why: 'the success badge fades after a set time',
  },
  {
    file: 'web/components/search/LootIndicator.tsx',
    line: /setTimeout\(onDone, SUCCESS_DONE_AT_MS\)/,
    why: 'the success badge’s lifetime',
  },
  {
    file: 'web/components/search/search-status.store.ts',
    line: /setTimeout\(\(\) => set\(\{ error: null \}\), SEARCH_ERROR_HIDE_MS\)/,
    why: 'a search error’s lifetime under the bar',
  },
  {
    file: 'web/components/card/CardHoverControls.tsx',
    line: /setTimeout\(\(\) => setShownId\(null\), LEAVE_GRACE_MS\)/,
    why: 'a grace period after the pointer leaves, so moving onto the controls keeps them',
  },
  {
    file: 'web/components/card/card-actions.ts',
    line: /setTimeout\(\(\) => URL\.revokeObjectURL\(url\), 10_000\)/,
    why: 'a download link’s object URL is freed after the browser has had time to start the download',
  },
  {
    file: 'web/data/export-download.ts',
    line: /setTimeout\(\(\) => URL\.revokeObjectURL\(url\), 60_000\)/,
    why: 'an export’s object URL is freed after the browser has had time to start the download',
  },
  {
    file: 'web/components/dialogs/ResetDialog.tsx',
    line: /window\.setTimeout\(\(\) => \{/,
    why: 'the reload waits long enough for the “reset” toast to be read',
  },
  {
    file: 'web/components/feature-search/GameSearch.tsx',
    line: /setTimeout\(\(\) => setOpen\(false\), DROPDOWN_CLOSE_DELAY_MS\)/,
    why: 'the dropdown closes a moment after focus leaves, so a click on an entry lands first',
  },
  {
    file: 'web/components/rating/use-rating-expiry.ts',
    line: /timer = setTimeout\(expire, RATING_PROMPT_MS\)/,
    why: 'the rating prompt leaves by itself after a minute',
  },
  {
    file: 'web/components/rating/use-rating-expiry.ts',
    line: /timer = setTimeout\(expire, RATING_PROMPT_GRACE_MS\)/,
    why: 'a prompt aimed at when its minute ends gets a grace period more, then the same minute’s check',
  },
  {
    file: 'web/components/toasts/use-toast-timer.ts',
    line: /setTimeout\(\(\) => expire\.current\(\), remaining\.current\)/,
    why: 'a toast’s lifetime',
  },
  {
    file: 'web/flows/search-flow.ts',
    line: /setTimeout\(\(\) => ctx\.navigate\(BILLING_PATH_FROM_LIMIT\), LIMIT_REDIRECT_DELAY_MS\)/,
    why: 'the limit toast is read before the billing page opens',
  },
  {
    file: 'web/pages/BillingSuccessPage.tsx',
    line: /setTimeout\(\(\) => navigate\('\/'\), PAYMENT_REDIRECT_MS\)/,
    why: 'the payment confirmation is read before the board opens',
  },
  {
    file: 'web/data/live-stream.ts',
    line: /timer = setTimeout\(open, reconnectDelay\(failures\+\+\)\)/,
    why: 'a lost event stream (a board’s or the user’s) reconnects after a back-off that grows with each failure',
  },
  {
    file: 'web/lab/dom-board.ts',
    line: /this\.pending = setTimeout\(\(\) => \{/,
    why: 'the DOM comparison board throttles its visible-set updates as the original product did',
  },
  {
    file: 'web/lab/engine-lab.ts',
    line: /const bound = setTimeout\(done, maxMs\)/,
    why: 'bounds the lab’s settle(), which the engine’s frameDrawn event answers',
  },
  {
    file: 'web/lab/engine-lab.ts',
    line: /setInterval\(\(\) => \{/,
    why: 'the lab’s stats overlay refreshes twice a second for a person to read',
  },
  {
    file: 'web/lab/sweep.ts',
    line: /requestAnimationFrame\(step\)/,
    why: 'the sweep measures frame times: one camera step per animation frame is what it times',
  },
];

const TIMER_CALL = /\b(?:window\.)?(setTimeout|setInterval|requestAnimationFrame)\s*\(/g;
/** A sleep: a promise that a timer resolves, awaited in place of the event it stands for. */
const SLEEP = /new Promise(?:<[^>]*>)?\s*\(\s*\(?\s*(\w+)[^)]*\)?\s*=>\s*(?:window\.)?setTimeout\(\s*\1\b/;

type Call = { file: string; line: number; text: string };

function timerCalls(): Call[] {
  return sourceFiles('web').flatMap((file) =>
    fs
      .readFileSync(path.join(repoRoot, file), 'utf8')
      .split('\n')
      .flatMap((text, i) => [...text.matchAll(TIMER_CALL)].map(() => ({ file, line: i + 1, text: text.trim() }))),
  );
}

describe('the web waits on events, not on the clock', () => {
  const calls = timerCalls();

  it('finds the timer calls it checks (a scan that finds none would pass everything)', () => {
    expect(calls.length).toBeGreaterThanOrEqual(ABOUT_TIME.length);
  });

  it('every timer or animation-frame call in web/ is one about time, listed with its reason', () => {
    const unlisted = calls.filter((c) => !ABOUT_TIME.some((a) => a.file === c.file && a.line.test(c.text)));
    expect(
      unlisted.map((c) => `${c.file}:${c.line}: ${c.text}`),
      'wait on the engine’s or the store’s event instead, or list it here with why it is about time',
    ).toEqual([]);
  });

  it('no listed reason outlives its timer', () => {
    const stale = ABOUT_TIME.filter((a) => !calls.some((c) => c.file === a.file && a.line.test(c.text)));
    expect(stale.map((a) => `${a.file}: ${a.line.source}`)).toEqual([]);
  });

  it('nothing in web/ sleeps: no awaited promise that a timer resolves', () => {
    const sleeps = sourceFiles('web').filter((file) => SLEEP.test(fs.readFileSync(path.join(repoRoot, file), 'utf8')));
    expect(sleeps).toEqual([]);
  });

  it('the sleep pattern recognises the sleeps it forbids', () => {
    expect(SLEEP.test('await new Promise((r) => setTimeout(r, 300));')).toBe(true);
    expect(SLEEP.test('await new Promise<void>((resolve) => window.setTimeout(resolve, 100));')).toBe(true);
    expect(SLEEP.test('const timer = window.setTimeout(() => done(false), timeoutMs);')).toBe(false);
  });
});
