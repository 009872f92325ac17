import { describe, expect, it } from 'vitest';
import { sweepView } from '../../../web/lab/sweep';

const bounds = { x: 0, y: 0, width: 20000, height: 12000 };
const viewport = { width: 1400, height: 900 };

describe('benchmark sweep', () => {
  it('zooms in 1 → 2, out to 0.1, then crosses the board at 0.1', () => {
    expect(sweepView(0, bounds, viewport).zoom).toBeCloseTo(1, 6);
    expect(sweepView(0.2, bounds, viewport).zoom).toBeCloseTo(2, 6);
    expect(sweepView(0.55, bounds, viewport).zoom).toBeCloseTo(0.1, 6);
    const start = sweepView(0.55, bounds, viewport);
    const end = sweepView(1, bounds, viewport);
    expect(end.zoom).toBeCloseTo(0.1, 6);
    // Across: the board moves left and up under a fixed zoom.
    expect(end.offset.x).toBeLessThan(start.offset.x);
    expect(end.offset.y).toBeLessThan(start.offset.y);
  });

  it('runs from its source alone, as the board benchmark evaluates it in the app page', () => {
    const rebuilt = new Function(`return (${sweepView.toString()})`)() as typeof sweepView;
    for (const t of [0, 0.1, 0.3, 0.7, 1]) expect(rebuilt(t, bounds, viewport)).toEqual(sweepView(t, bounds, viewport));
  });
});
