import { describe, expect, it } from 'vitest';
import { bakePixelSize, bakesWhileMoving, decodeWidthCap, LOD_SPECS, selectLod } from '../../../engine/model/lod';

describe('levels of detail', () => {
  it('shows the full card at zoom 0.7 and above, thumbnails below, dots below 0.25', () => {
    expect(selectLod(1, false)).toBe('full');
    expect(selectLod(0.7, false)).toBe('full');
    expect(selectLod(0.69, false)).toBe('thumb');
    expect(selectLod(0.3, false)).toBe('thumb-small');
    expect(selectLod(0.24, false)).toBe('dot');
    expect(selectLod(2, false)).toBe('full-2x');
  });

  it('is coarser in low-spec mode', () => {
    expect(selectLod(0.3, true)).toBe('dot');
    expect(selectLod(0.6, true)).toBe('thumb-small');
    expect(selectLod(2.5, true)).toBe('full');
  });

  it('asks for the storage variant that matches the shown size', () => {
    expect(LOD_SPECS['thumb-small'].imageWidth).toBe(96);
    expect(LOD_SPECS.full.imageWidth).toBe(320);
    expect(LOD_SPECS['full-2x'].imageWidth).toBe(0);
    expect(decodeWidthCap(LOD_SPECS['full-2x'], 324, 1)).toBe(648);
    expect(bakePixelSize(LOD_SPECS.thumb, 340, 280, 1)).toEqual({ width: 204, height: 168 });
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
