import { describe, expect, it } from 'vitest';
import { LOCKED_SLOT_GAP, LOCKED_SLOT_HEIGHT, LOCKED_SLOT_WIDTH } from '#shared/constants';
import { LOCKED_SECTION_SIZE, layoutBoard } from '#shared/layout';
import { lockedSlotRects, SECTION_HEADER_HEIGHT, upgradeButtonRect } from '#engine/model/section-layout';
import type { EngineSection } from '#engine/types';

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const locked = (width: number, height: number): EngineSection => ({
  id: 1,
  title: 'x',
  color: '#fff',
  position: { x: 0, y: 0 },
  size: { width, height },
  locked: true,
});

describe('locked-section placeholder', () => {
  it('is laid out at its placeholder size: three full slots and the button, not a squashed strip', () => {
    const out = layoutBoard({ cards: [], sections: [{ id: 1 }, { id: 2, size: LOCKED_SECTION_SIZE }] });
    expect(out.sections[1].size).toEqual(LOCKED_SECTION_SIZE);
    const slots = lockedSlotRects(locked(LOCKED_SECTION_SIZE.width, LOCKED_SECTION_SIZE.height));
    expect(slots).toHaveLength(3);
    for (const s of slots) expect(s).toMatchObject({ width: LOCKED_SLOT_WIDTH, height: LOCKED_SLOT_HEIGHT });
    expect(slots[1].x - (slots[0].x + slots[0].width)).toBe(LOCKED_SLOT_GAP);
  });

  it('fills a large section with rows of slots, and never draws a slot across the upgrade button', () => {
    for (const [w, h] of [
      [400, 100],
      [400, 200],
      [840, 450],
      [1500, 900],
      [1500, 520],
      [250, 1000],
    ]) {
      const s = locked(w, h);
      const button = upgradeButtonRect(s);
      for (const slot of lockedSlotRects(s)) {
        expect(overlap(slot, button), `${w}×${h}`).toBe(false);
        expect(slot.y).toBeGreaterThanOrEqual(SECTION_HEADER_HEIGHT);
        expect(slot.x + slot.width).toBeLessThanOrEqual(w);
      }
    }
    expect(lockedSlotRects(locked(400, 100))).toEqual([]);
    expect(lockedSlotRects(locked(1500, 900)).length).toBe(10); // 5 columns × 2 rows
  });
});
