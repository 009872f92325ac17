import { describe, expect, it } from 'vitest';
import {
  bakePixelSize,
  bakesWhileMoving,
  cardScreenWidth,
  decodeWidthCap,
  LOD_CARD_PX,
  LOD_SPECS,
  selectLod,
} from '#engine/model/lod';

describe('levels of detail', () => {
  it("is chosen by the card's width on screen: full card while its text reads, thumbnails down to ~24 px, then blocks", () => {
    expect(cardScreenWidth(0.6)).toBeCloseTo(204);
    expect(selectLod(1, false)).toBe('full');
    // At 60% the description, game link and chips are still drawn.
    expect(selectLod(0.6, false)).toBe('full');
    expect(LOD_SPECS[selectLod(0.6, false)].detail).toBe('full');
    expect(selectLod(0.5, false)).toBe('thumb');
    expect(selectLod(0.25, false)).toBe('thumb-small');
    // Zoom to Fit on a 20-card board (about 23%) and the smallest zoom (10%, a 34 px card): real thumbnails.
    expect(selectLod(0.23, false)).toBe('thumb-small');
    expect(selectLod(0.1, false)).toBe('thumb-small');
    expect(selectLod(0.07, false)).toBe('dot');
    expect(selectLod(2, false)).toBe('full-2x');
    expect(LOD_CARD_PX.dot).toBe(24);
  });

  it('is coarser in low-spec mode: blocks below a 48 px card, one thumbnail size, no 2× bakes', () => {
    // Zoom to Fit on a small board (24%) shows thumbnails in low-spec too, not flat blocks.
    expect(selectLod(0.24, true)).toBe('thumb-small');
    expect(selectLod(0.15, true)).toBe('thumb-small');
    expect(selectLod(0.12, true)).toBe('dot');
    expect(selectLod(0.4, true)).toBe('thumb-small');
    expect(selectLod(0.6, true)).toBe('thumb-small');
    expect(selectLod(0.7, true)).toBe('full');
    expect(selectLod(2.5, true)).toBe('full');
  });

  it('asks for the storage variant that matches the shown size', () => {
    expect(LOD_SPECS['thumb-small'].imageWidth).toBe(96);
    expect(LOD_SPECS.full.imageWidth).toBe(320);
    expect(LOD_SPECS['full-2x'].imageWidth).toBe(0);
    expect(decodeWidthCap(LOD_SPECS['full-2x'], 324, 1)).toBe(648);
    expect(bakePixelSize(LOD_SPECS.thumb, 340, 280, 1)).toEqual({ width: 188, height: 154 });
    expect(bakePixelSize(LOD_SPECS.full, 207.5, 430, 2)).toEqual({ width: 415, height: 860 });
  });

  it('bakes thumbnails while the camera moves only on a fast machine; full cards always; dots never', () => {
    expect(bakesWhileMoving('thumb', false)).toBe(true);
    expect(bakesWhileMoving('thumb-small', false)).toBe(true);
    expect(bakesWhileMoving('thumb', true)).toBe(false);
    expect(bakesWhileMoving('thumb-small', true)).toBe(false);
    expect(bakesWhileMoving('full', true)).toBe(true);
    expect(bakesWhileMoving('full-2x', true)).toBe(true);
    expect(bakesWhileMoving('dot', false)).toBe(false);
  });
});
