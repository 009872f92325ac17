import { describe, expect, it } from 'vitest';
import {
  centerOn,
  clampZoom,
  fitRect,
  panBy,
  screenToWorld,
  visibleWorldRect,
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

  it('fits a rectangle inside the viewport with padding', () => {
    const view = fitRect({ x: 0, y: 0, width: 4000, height: 1000 }, { width: 1000, height: 800 }, 50);
    expect(view.zoom).toBeCloseTo(900 / 4000);
    const topLeft = worldToScreen(view, { x: 0, y: 0 });
    expect(topLeft.x).toBeCloseTo(50);
  });
});
