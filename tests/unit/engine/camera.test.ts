import { describe, expect, it } from 'vitest';
import {
  centerOn,
  clampZoom,
  fitRect,
  normalizeView,
  panBy,
  revealRect,
  screenToWorld,
  visibleWorldRect,
  wheelZoom,
  worldToScreen,
  zoomAround,
} from '#engine/model/camera';

describe('camera', () => {
  it('maps world to screen and back (screen = world * zoom + offset)', () => {
    const view = { zoom: 0.5, offset: { x: 100, y: -40 } };
    expect(worldToScreen(view, { x: 200, y: 80 })).toEqual({ x: 200, y: 0 });
    expect(screenToWorld(view, { x: 200, y: 0 })).toEqual({ x: 200, y: 80 });
  });

  it('keeps the world point under the pointer when zooming around it', () => {
    let view = { zoom: 1, offset: { x: -350, y: 120 } };
    const anchor = { x: 640, y: 411 };
    const before = screenToWorld(view, anchor);
    for (const factor of [1.1, 1.1, 0.9, 1.1, 0.9, 0.9, 0.9]) {
      view = zoomAround(view, factor, anchor);
      const after = screenToWorld(view, anchor);
      expect(after.x).toBeCloseTo(before.x, 9);
      expect(after.y).toBeCloseTo(before.y, 9);
    }
  });

  it('clamps wheel zoom to 0.1–3 (spec) and leaves the view alone at a limit', () => {
    const atMax = { zoom: 3, offset: { x: 5, y: 5 } };
    expect(zoomAround(atMax, 1.1, { x: 10, y: 10 })).toBe(atMax);
    let view = { zoom: 1, offset: { x: 0, y: 0 } };
    for (let i = 0; i < 60; i++) view = zoomAround(view, 0.9, { x: 0, y: 0 });
    expect(view.zoom).toBe(0.1);
    expect(clampZoom(NaN)).toBe(1);
  });

  it('pans, centres and reports the visible world rectangle', () => {
    const view = panBy({ zoom: 2, offset: { x: 0, y: 0 } }, 30, -10);
    expect(view.offset).toEqual({ x: 30, y: -10 });
    expect(visibleWorldRect(view, { width: 800, height: 600 })).toEqual({ x: -15, y: 5, width: 400, height: 300 });
    const centred = centerOn({ x: 1000, y: 500 }, 1.2, { width: 800, height: 600 });
    expect(worldToScreen(centred, { x: 1000, y: 500 })).toEqual({ x: 400, y: 300 });
  });

  it('lets the wheel zoom in from below 0.1 where Fit left it, never further out', () => {
    const overview = { zoom: 0.004, offset: { x: 0, y: 0 } };
    expect(wheelZoom(overview, 0.9, { x: 0, y: 0 })).toBe(overview);
    expect(wheelZoom(overview, 1.1, { x: 0, y: 0 }).zoom).toBeCloseTo(0.0044);
    let view = { zoom: 1, offset: { x: 0, y: 0 } };
    for (let i = 0; i < 60; i++) view = wheelZoom(view, 0.9, { x: 0, y: 0 });
    expect(view.zoom).toBe(0.1);
    // A saved overview view is kept as it is.
    expect(normalizeView(overview).zoom).toBe(0.004);
  });

  it('fits a whole large board below the wheel range (it stopped at 0.1)', () => {
    const board = { x: 0, y: 50, width: 5000, height: 270_000 };
    const view = fitRect(board, { width: 1400, height: 900 });
    expect(view.zoom).toBeCloseTo(820 / 270_000, 6);
    expect(worldToScreen(view, { x: 2500, y: 50 + 135_000 })).toEqual({ x: 700, y: 450 });
  });

  it('reveals a rectangle with the smallest pan, keeping clear of the insets', () => {
    const view = { zoom: 0.5, offset: { x: 0, y: 0 } };
    const viewport = { width: 1000, height: 800 };
    const insets = { top: 160, right: 20, bottom: 20, left: 20 };
    expect(revealRect(view, { x: 200, y: 400, width: 340, height: 280 }, viewport, insets)).toBe(view);
    const right = revealRect(view, { x: 2400, y: 400, width: 340, height: 280 }, viewport, insets);
    expect(right.offset).toEqual({ x: 980 - 2740 * 0.5, y: 0 });
    const above = revealRect(view, { x: 200, y: -500, width: 340, height: 280 }, viewport, insets);
    expect(above.offset).toEqual({ x: 0, y: 160 + 500 * 0.5 });
    // Larger than the room: centred in it.
    const big = revealRect(
      { zoom: 1, offset: { x: 0, y: 0 } },
      { x: 0, y: 0, width: 3000, height: 100 },
      viewport,
      insets,
    );
    expect(worldToScreen(big, { x: 1500, y: 0 }).x).toBe(500);
  });

  it('fits a rectangle inside the viewport with padding', () => {
    const view = fitRect({ x: 0, y: 0, width: 4000, height: 1000 }, { width: 1000, height: 800 }, 50);
    expect(view.zoom).toBeCloseTo(900 / 4000);
    const topLeft = worldToScreen(view, { x: 0, y: 0 });
    expect(topLeft.x).toBeCloseTo(50);
  });
});
