import { describe, expect, it } from 'vitest';
import { MotionResolution } from '#engine/model/motion-resolution';

describe('MotionResolution', () => {
  it('keeps full resolution while moving frames are fast, and when the camera rests', () => {
    const m = new MotionResolution();
    let t = 0;
    for (let i = 0; i < 30; i++) expect(m.resolutionFor(2, true, false, (t += 16))).toBe(2);
    expect(m.resolutionFor(2, false, false, (t += 16))).toBe(2);
  });

  it('halves the resolution while moving once moving frames average over 28 ms, and restores it at rest', () => {
    const m = new MotionResolution();
    let t = 0;
    const seen: number[] = [];
    for (let i = 0; i < 10; i++) seen.push(m.resolutionFor(1, true, false, (t += 60)));
    expect(seen[0]).toBe(1);
    expect(seen.at(-1)).toBe(0.5);
    expect(m.resolutionFor(1, false, false, (t += 60))).toBe(1);
    // Slow once, slow for the session: the next gesture starts at reduced resolution.
    expect(m.resolutionFor(1, true, false, (t += 5000))).toBe(0.5);
  });

  it('does not count the pause between two gestures as a slow frame', () => {
    const m = new MotionResolution();
    expect(m.resolutionFor(1, true, false, 0)).toBe(1);
    expect(m.resolutionFor(1, true, false, 2000)).toBe(1);
    expect(m.slow).toBe(false);
  });

  it('draws moving frames at reduced resolution from the start in low-spec mode', () => {
    const m = new MotionResolution();
    expect(m.resolutionFor(1, true, true, 0)).toBe(0.5);
    expect(m.resolutionFor(1, false, true, 16)).toBe(1);
  });

  it('draws moving frames at reduced resolution from the first one once known slow (a software rasteriser)', () => {
    const m = new MotionResolution();
    m.startSlow();
    expect(m.resolutionFor(2, false, false, 0)).toBe(2);
    expect(m.resolutionFor(2, true, false, 16)).toBe(1);
    expect(m.resolutionFor(2, false, false, 32)).toBe(2);
  });
});
