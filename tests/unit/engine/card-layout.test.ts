import { describe, expect, it } from 'vitest';
import { cardLayout, cardPartAt } from '#engine/model/card-layout';
import { cardSize } from '#shared/card-geometry';
import { dropTargetPoint } from '#engine/model/drop-target';

describe('card geometry and layout', () => {
  it('uses the spec card sizes and drop reference point', () => {
    expect(cardSize('horizontal')).toEqual({ width: 340, height: 280 });
    expect(cardSize('vertical')).toEqual({ width: 207.5, height: 430 });
    expect(cardSize('anything else')).toEqual({ width: 340, height: 280 });
    expect(dropTargetPoint({ x: 10, y: 20 })).toEqual({ x: 170, y: 190 });
  });

  it('gives horizontal cards a 160 px gallery and vertical cards a 300 px gallery in a 175 px frame', () => {
    expect(cardLayout('horizontal', 'full').gallery.height).toBe(160);
    const tall = cardLayout('vertical', 'full').gallery;
    expect(tall.width).toBe(175);
    expect(tall.height).toBe(300);
  });

  it('keeps every part inside the card, in reading order', () => {
    for (const o of ['horizontal', 'vertical'] as const) {
      const l = cardLayout(o, 'full');
      const parts = [l.gallery, l.title, l.description!, l.gameLink!, l.chips!, l.findSimilar];
      for (let i = 0; i < parts.length; i++) {
        const p = parts[i];
        expect(p.x).toBeGreaterThanOrEqual(0);
        expect(p.y + p.height).toBeLessThanOrEqual(l.height);
        expect(p.x + p.width).toBeLessThanOrEqual(l.width);
        if (i > 0) expect(p.y).toBeGreaterThanOrEqual(parts[i - 1].y + parts[i - 1].height);
      }
    }
  });

  it('hits gallery buttons only when there is more than one image, the marker only when bookmarked', () => {
    const l = cardLayout('horizontal', 'full');
    const inPrev = { x: l.prevButton.x + 5, y: l.prevButton.y + 5 };
    const inMarker = { x: 12, y: 12 };
    const two = { images: ['a', 'b'], isBookmarked: true, gameLink: 'https://x' };
    const one = { images: ['a'], isBookmarked: false, gameLink: '' };
    expect(cardPartAt(l, inPrev, two)).toBe('prev');
    expect(cardPartAt(l, { x: l.nextButton.x + 5, y: l.nextButton.y + 5 }, two)).toBe('next');
    expect(cardPartAt(l, inPrev, one)).toBe('image');
    expect(cardPartAt(l, inMarker, two)).toBe('bookmark');
    expect(cardPartAt(l, inMarker, one)).toBe('image');
    expect(cardPartAt(l, { x: 170, y: l.findSimilar.y + 5 }, one)).toBe('findSimilar');
    expect(cardPartAt(l, { x: 20, y: l.gameLink!.y + 5 }, two)).toBe('gameLink');
    expect(cardPartAt(l, { x: 20, y: l.gameLink!.y + 5 }, one)).toBe('body');
    expect(cardPartAt(l, { x: 20, y: l.title.y + 5 }, two)).toBe('body');
  });
});
