import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * axe-core over the page as it stands: no serious or critical violation. Each one is named
 * with its rule, its help text and the first elements it found, so a failure says what to fix.
 */
export async function expectNoSeriousAxeViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}: ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  // Soft: a run names every screen's violations at once; the test still fails.
  expect.soft(serious, `axe on ${screen}`).toEqual([]);
}

/**
 * No icon drawn with a font glyph on the page: with no emoji font installed an emoji (the
 * Free plan's lock) draws as an empty box, and arrows, stars, chevrons and the like depend on what fonts a
 * machine has. Flagged: any emoji, in text or in ::before / ::after; a shown element whose own text is only
 * symbols (a '×' button, a '▾' chevron); a symbol from the arrows-to-dingbats blocks set as a word beside a word
 * ('← Back'). Symbols inside running text ('1200 × 800', 'Ctrl (⌘ on a Mac)', 'GET /x → 200') and ∞ as a
 * number are text.
 */
export async function expectNoGlyphIcons(page: Page, screen: string) {
  const found = await page.evaluate(() => {
    const emoji = /\p{Extended_Pictographic}/u;
    const symbolsOnly = /^[\p{S}\u2039\u203A\s]+$/u;
    const symbol =
      '[\\u2190-\\u21FF\\u2300-\\u23FF\\u2500-\\u27BF\\u27F0-\\u27FF\\u2900-\\u297F\\u2B00-\\u2BFF\\u2039\\u203A]';
    const standalone = new RegExp(`(^|\\s)${symbol}\\s+\\p{L}|\\p{L}\\s+${symbol}(\\s|$)`, 'u');
    const hits: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el.closest('svg') || !el.checkVisibility()) continue;
      const own = Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (own && own !== '∞' && (emoji.test(own) || symbolsOnly.test(own) || standalone.test(own)))
        hits.push(`${el.tagName.toLowerCase()}: "${own}"`);
      for (const pseudo of ['::before', '::after']) {
        const content = getComputedStyle(el, pseudo).content;
        if (content && content !== 'none' && content !== 'normal' && /[\p{S}\p{Extended_Pictographic}]/u.test(content))
          hits.push(`${el.tagName.toLowerCase()}${pseudo}: ${content}`);
      }
    }
    return hits;
  });
  expect.soft(found, `glyph icons on ${screen}`).toEqual([]);
}

/** Both checks, on one screen. */
export async function expectAccessible(page: Page, screen: string) {
  await expectNoGlyphIcons(page, screen);
  await expectNoSeriousAxeViolations(page, screen);
}
