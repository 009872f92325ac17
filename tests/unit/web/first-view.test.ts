import { describe, expect, it } from 'vitest';
import { FRAME_MIN_ZOOM, frameView, VIEW_TOP_CLEARANCE_PX } from '../../../web/logic/camera-math';
import { openingRect, resultsRect } from '../../../web/components/board/frame-results';
import type { Card, Section } from '../../../web/data/wire';

const canvas = { width: 1160, height: 900 };
const screenOf = (view: ReturnType<typeof frameView>, r: { x: number; y: number; width: number; height: number }) => ({
  x: r.x * view.zoom + view.offset.x,
  y: r.y * view.zoom + view.offset.y,
  width: r.width * view.zoom,
  height: r.height * view.zoom,
});

describe('frameView (first view)', () => {
  it('fits a section below the floating chrome at zoom ≤ 1', () => {
    const rect = { x: 1295, y: 50, width: 760, height: 370 };
    const view = frameView(rect, canvas);
    expect(view.zoom).toBe(1);
    const s = screenOf(view, rect);
    expect(s.y).toBeGreaterThanOrEqual(VIEW_TOP_CLEARANCE_PX);
    expect(s.x).toBeGreaterThanOrEqual(0);
    expect(s.x + s.width).toBeLessThanOrEqual(canvas.width);
  });
  it('zooms out to fit a wide section, but not below the readable zoom: then it shows the top-left part', () => {
    const wide = { x: 0, y: 50, width: 1500, height: 520 };
    const v1 = frameView(wide, canvas);
    expect(v1.zoom).toBeLessThan(1);
    expect(v1.zoom).toBeGreaterThanOrEqual(FRAME_MIN_ZOOM);
    const s1 = screenOf(v1, wide);
    expect(s1.x + s1.width).toBeLessThanOrEqual(canvas.width);
    const huge = { x: 3000, y: 2000, width: 6000, height: 4000 };
    const v2 = frameView(huge, canvas);
    expect(v2.zoom).toBe(FRAME_MIN_ZOOM);
    const s2 = screenOf(v2, huge);
    expect(s2.y).toBe(VIEW_TOP_CLEARANCE_PX);
    expect(s2.x).toBeGreaterThan(0);
  });
});

const card = (id: number, sectionId: number | null, x: number, y: number) =>
  ({ id, sectionId, orientation: 'horizontal', position: { x, y } }) as unknown as Card;
const section = (id: number, x: number, y: number, locked = false) =>
  ({ id, position: { x, y }, size: { width: 400, height: 370 }, locked }) as unknown as Section;

describe('resultsRect', () => {
  it('is the first open section (top row, then left) holding the given cards; locked sections never', () => {
    const sections = [section(1, 0, 50, true), section(2, 900, 50), section(3, 460, 50), section(4, 0, 500)];
    const cards = [card(10, 2, 925, 115), card(11, 3, 485, 115), card(12, 4, 25, 565)];
    expect(resultsRect(cards, sections, null)).toEqual({ x: 460, y: 50, width: 400, height: 370 });
    expect(resultsRect(cards, sections, [10, 12])).toEqual({ x: 900, y: 50, width: 400, height: 370 });
    expect(resultsRect(cards, sections, [99])).toBeNull();
  });
  it('without sections, is the first row of the cards', () => {
    const cards = [card(1, null, 0, 500), card(2, null, 370, 500), card(3, null, 0, 810)];
    expect(resultsRect(cards, [], null)).toEqual({ x: 0, y: 500, width: 710, height: 280 });
  });
});

describe('openingRect (a board opens on visible content)', () => {
  const at = (id: number, x: number, y: number, locked = false) =>
    ({
      id,
      boardId: 1,
      title: `S${id}`,
      color: '#FDE2E4',
      position: { x, y },
      size: { width: 840, height: 450 },
      locked,
    }) as Section;
  it('leaves Reset View alone when the top-left section is open', () => {
    expect(openingRect([at(1, 0, 50), at(2, 900, 50, true)])).toBeNull();
    expect(openingRect([])).toBeNull();
  });
  it('opens on the first open section, top row first, when the top-left one is a locked placeholder', () => {
    expect(openingRect([at(2, 900, 50), at(1, 0, 50, true), at(3, 0, 600)])).toEqual({
      x: 900,
      y: 50,
      width: 840,
      height: 450,
    });
    expect(openingRect([at(1, 0, 50, true), at(2, 0, 600), at(3, 900, 50, true)])).toEqual({
      x: 0,
      y: 600,
      width: 840,
      height: 450,
    });
    expect(openingRect([at(1, 0, 50, true)])).toBeNull();
  });
});
