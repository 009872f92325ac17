import { describe, expect, it } from 'vitest';
import { HOVER_TOOLBAR, hoverToolbarButton, hoverToolbarWidth } from '../../../web/logic/hover-toolbar';

describe('hover toolbar fit (never wider than its card)', () => {
  it('measures six buttons, their gaps, padding and border', () => {
    expect(hoverToolbarWidth(30)).toBe(6 * 30 + 5 * 2 + 2 * 4);
  });

  it('uses full buttons on a card at 100%, small ones at 50%, none on a smaller card', () => {
    expect(hoverToolbarButton(340, 14)).toBe(30);
    expect(hoverToolbarButton(170, 7)).toBe(22);
    expect(hoverToolbarButton(340 * 0.4, 14 * 0.4)).toBeNull();
  });

  it('always fits inside the card with its insets, at every zoom', () => {
    for (let zoom = 0.1; zoom <= 3; zoom += 0.01) {
      for (const cardWidth of [340, 207.5]) {
        const width = cardWidth * zoom;
        const inset = 14 * zoom;
        const button = hoverToolbarButton(width, inset);
        if (button !== null) expect(hoverToolbarWidth(button)).toBeLessThanOrEqual(width - 2 * inset);
        else expect(hoverToolbarWidth(HOVER_TOOLBAR.sizes.at(-1)!)).toBeGreaterThan(width - 2 * inset);
      }
    }
  });
});
