import { describe, expect, it } from 'vitest';
import { VisibleRegion } from '#engine/model/visible-region';

describe('VisibleRegion', () => {
  const viewport = { x: 0, y: 0, width: 1400, height: 900 };

  it('queries the viewport plus a quarter of it on each side, capped at the spec margin of 800 units', () => {
    const region = new VisibleRegion();
    expect(region.queryRect(viewport)).toEqual({ x: -350, y: -225, width: 2100, height: 1350 });
    const far = region.queryRect({ x: 0, y: 0, width: 14000, height: 9000 });
    expect(far).toEqual({ x: -800, y: -800, width: 15600, height: 10600 });
  });

  it('rebuilds only when the viewport leaves its margin, the level changes, or the view shrinks a lot', () => {
    const region = new VisibleRegion();
    expect(region.needsRebuild(viewport, 'full')).toBe(true);
    region.commit(viewport, 'full');
    expect(region.needsRebuild({ ...viewport, x: 100, y: 50 }, 'full')).toBe(false);
    expect(region.needsRebuild({ ...viewport, x: 400 }, 'full')).toBe(true);
    expect(region.needsRebuild(viewport, 'thumb')).toBe(true);
    expect(region.needsRebuild({ x: 500, y: 300, width: 400, height: 250 }, 'full')).toBe(true);
  });

  it('keeps a set that holds the whole board while the camera pans (a board fitted whole)', () => {
    const region = new VisibleRegion();
    const whole = { x: 0, y: 0, width: 460_000, height: 300_000 };
    const board = { x: 100, y: 50, width: 5000, height: 270_000 };
    region.commit(whole, 'dot', board);
    expect(region.needsRebuild({ ...whole, x: 40_000, y: -30_000 }, 'dot')).toBe(false);
    expect(region.needsRebuild(whole, 'thumb-small')).toBe(true);
    // A set built for part of the board rebuilds as before.
    region.commit(viewport, 'dot', board);
    expect(region.needsRebuild({ ...viewport, x: 400 }, 'dot')).toBe(true);
  });
});
