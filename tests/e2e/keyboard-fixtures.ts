import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Where keyboard focus is, seen from a dialog: on a control inside it, in the browser's own UI (nothing in the
 * page focused: with a modal open, Chromium's Tab order steps out to its toolbar between the dialog's last
 * control and its first, and page content stays out of reach), or on something else, named for the message.
 */
export async function focusRelativeTo(dialog: Locator): Promise<'inside' | 'browser' | string> {
  return dialog.evaluate((d) => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'browser';
    return d.contains(active) ? 'inside' : `outside: ${active.outerHTML.slice(0, 120)}`;
  });
}

/**
 * A modal a keyboard can use: it opens with focus inside; Tab and Shift+Tab, pressed past
 * both ends, never reach the page behind it and come back inside; Escape closes it; focus returns to the
 * control that opened it (when one is given: a dialog opened from the canvas has none).
 */
export async function expectKeyboardDialog(page: Page, dialog: Locator, returnTo?: Locator) {
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusRelativeTo(dialog), 'focus moves into the dialog as it opens').toBe('inside');
  for (const key of ['Tab', 'Shift+Tab']) {
    const places: string[] = [];
    // At least 14 presses, and on until focus has passed the end and come back (a dialog's content may still be
    // loading as it opens: the share dialog's people), up to a bound.
    const cameBack = () => places.indexOf('browser') >= 0 && places.lastIndexOf('inside') > places.indexOf('browser');
    for (let i = 0; i < 80 && (i < 14 || !cameBack()); i++) {
      await page.keyboard.press(key);
      places.push(await focusRelativeTo(dialog));
    }
    expect(
      places.filter((p) => p !== 'inside' && p !== 'browser'),
      `${key} left the dialog`,
    ).toEqual([]);
    expect(places.lastIndexOf('inside'), `${key} comes back into the dialog: ${places.join(', ')}`).toBeGreaterThan(
      places.indexOf('browser'),
    );
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  if (returnTo) await expect(returnTo).toBeFocused();
}
