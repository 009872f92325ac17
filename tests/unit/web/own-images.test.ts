import { describe, expect, it } from 'vitest';
import { CARD_WIDTH_HORIZONTAL } from '#shared/constants';
import {
  gridPlacements,
  linkFromText,
  placeOwnCards,
  runLimited,
  sectionAtPoint,
  sourcesFrom,
} from '../../../web/logic/own-images';

describe('own images: web rules', () => {
  it('centres one card on the point and lays several out in a near-square grid', () => {
    const [one] = gridPlacements({ x: 1000, y: 500 }, 1);
    expect(one.x + CARD_WIDTH_HORIZONTAL / 2).toBe(1000);
    const four = gridPlacements({ x: 0, y: 0 }, 4);
    expect(new Set(four.map((p) => p.x)).size).toBe(2);
    expect(new Set(four.map((p) => p.y)).size).toBe(2);
    const five = gridPlacements({ x: 0, y: 0 }, 5);
    expect(new Set(five.map((p) => `${p.x},${p.y}`)).size).toBe(5);
  });

  it('places new cards inside the view and clear of other cards, where their placeholders then show', () => {
    const view = { x: 0, y: 0, width: 1400, height: 900 };
    // Dropped near the right edge: moved left so the whole card is in view.
    const [edge] = placeOwnCards({ x: 1380, y: 500 }, 1, view, []);
    expect(edge).toEqual({ x: 1400 - 16 - CARD_WIDTH_HORIZONTAL, y: 360 });
    // On top of a card: the nearest free spot instead, clear of it.
    const card = { x: 300, y: 300, width: 340, height: 280 };
    const [free] = placeOwnCards({ x: 470, y: 440 }, 1, view, [card]);
    expect(
      free.x >= card.x + card.width ||
        free.x + 340 <= card.x ||
        free.y >= card.y + card.height ||
        free.y + 280 <= card.y,
    ).toBe(true);
    // Several: none on another.
    const four = placeOwnCards({ x: 700, y: 450 }, 4, view, [card]);
    for (const [i, a] of four.entries())
      for (const b of four.slice(i + 1)) expect(Math.abs(a.x - b.x) >= 340 || Math.abs(a.y - b.y) >= 280).toBe(true);
    // Without a view (no engine yet): the grid where asked.
    expect(placeOwnCards({ x: 1000, y: 500 }, 1, null, [])).toEqual(gridPlacements({ x: 1000, y: 500 }, 1));
  });

  it('reads one http(s) link from text, nothing else', () => {
    expect(linkFromText(' https://example.com/a.png \n')).toBe('https://example.com/a.png');
    expect(linkFromText('# comment\r\nhttp://x.test/b.jpg')).toBe('http://x.test/b.jpg');
    for (const text of [
      'javascript:alert(1)',
      'ftp://x/a.png',
      'hello',
      'https://a.test/1\nhttps://a.test/2',
      '',
      null,
    ]) {
      expect(linkFromText(text)).toBeNull();
    }
  });

  it('takes files before a link and at most 50', () => {
    const files = Array.from({ length: 53 }, (_, i) => new File([new Uint8Array([i])], `${i}.png`));
    const many = sourcesFrom(files, 'https://example.com/x.png');
    expect(many.sources).toHaveLength(50);
    expect(many.dropped).toBe(3);
    expect(many.sources.every((s) => s.kind === 'file')).toBe(true);
    expect(sourcesFrom([], 'https://example.com/x.png').sources).toEqual([
      { kind: 'link', url: 'https://example.com/x.png' },
    ]);
    expect(sourcesFrom([], 'no link').sources).toEqual([]);
  });

  it('runs at most the limit at a time, and every item even when some fail', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await runLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      if (n === 2) throw new Error('refused');
      done.push(n);
    });
    expect(peak).toBe(3);
    expect(done.sort()).toEqual([1, 3, 4, 5, 6, 7]);
  });

  it('finds the topmost unlocked section under a point', () => {
    const sections = [
      { id: 1, position: { x: 0, y: 0 }, size: { width: 500, height: 500 } },
      { id: 2, position: { x: 100, y: 100 }, size: { width: 100, height: 100 } },
      { id: 3, position: { x: 120, y: 120 }, size: { width: 50, height: 50 }, locked: true },
    ];
    expect(sectionAtPoint(sections, { x: 130, y: 130 })?.id).toBe(2);
    expect(sectionAtPoint(sections, { x: 400, y: 400 })?.id).toBe(1);
    expect(sectionAtPoint(sections, { x: 600, y: 10 })).toBeNull();
  });
});
