import { describe, expect, it } from 'vitest';
import {
  cyclesVerdict,
  medianRun,
  percentile,
  renderMarkdown,
  summarise,
  type CycleResult,
} from '../../bench/engine-report';

describe('engine benchmark report', () => {
  it('computes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile([3, 1, 2], 100)).toBe(3);
    expect(percentile([], 50)).toBeNaN();
  });

  it('summarises a run and renders the table with the renderer string', () => {
    const run = summarise({
      cards: 10000,
      renderer: 'engine',
      gpu: 'SwiftShader',
      sweep: { frames: 4, frameMs: [10, 20, 30, 40] },
      stats: { engineMs: [1, 2, 3, 4], bakeMs: [0, 1, 0, 3], textures: { count: 12, bytes: 3 * 2 ** 20 } },
      heap: 5 * 2 ** 20,
      maxRendered: 300,
      seconds: 9,
    });
    expect(run).toMatchObject({
      p50: 20,
      p95: 40,
      max: 40,
      engineP95: 4,
      engineNoBakeP95: 3,
      heapMB: 5,
      textures: 12,
      textureMB: 3,
    });
    const md = renderMarkdown({
      date: '2026-01-01T00:00:00Z',
      chromium: '1',
      machine: 'm',
      mode: 'software',
      viewport: { width: 1, height: 1 },
      frames: 4,
      runs: [run],
      cycles: [],
      seconds: 1,
    });
    expect(md).toContain('`SwiftShader`');
    expect(md).toContain('| 10,000 | engine | 20.0 | 40.0 | 40.0 | 40 | — | 3.0 (4.0) |');
  });

  it("states whether the 10,000-card p95 is at most one fifth of the DOM renderer's", () => {
    const run = (renderer: string, frameMs: number[]) =>
      summarise({
        cards: 10000,
        renderer,
        gpu: 'g',
        sweep: { frames: frameMs.length, frameMs },
        stats: null,
        heap: null,
        maxRendered: 1,
        seconds: 1,
      });
    const report = (engineMs: number) =>
      renderMarkdown({
        date: '2026-01-01T00:00:00Z',
        chromium: '1',
        machine: 'm',
        mode: 'software',
        viewport: { width: 1, height: 1 },
        frames: 1,
        runs: [run('engine webgl', [engineMs]), run('dom', [250])],
        cycles: [],
        seconds: 1,
      });
    expect(report(50)).toContain("10,000 cards: engine p95 0.20 × the DOM renderer's (target ≤ 0.20: met)");
    expect(report(66.7)).toContain("10,000 cards: engine p95 0.27 × the DOM renderer's (target ≤ 0.20: not met)");
  });

  it('compares the heap and textures after the last unload with the first measured cycle, not the warm-up', () => {
    const cycle = (n: number, heapMB: number, textures: number): CycleResult => ({
      cycle: n,
      cards: 10000,
      loaded: { heap: 20 * 2 ** 20, textures: { count: 90, bytes: 1 } },
      unloaded: { heap: heapMB * 2 ** 20, textures: { count: textures, bytes: 0 } },
    });
    expect(cyclesVerdict([cycle(0, 8, 0), cycle(1, 10, 0), cycle(2, 10.5, 0), cycle(3, 10.9, 0)])).toBe(
      'After unload, cycle 3 against cycle 1: heap +9.0%, textures 0 (was 0) (target within 10%: met).',
    );
    expect(cyclesVerdict([cycle(1, 10, 0), cycle(2, 10.5, 0), cycle(3, 11.2, 0)])).toContain('heap +12.0%');
    expect(cyclesVerdict([cycle(1, 10, 0), cycle(3, 11.2, 0)])).toContain('(target within 10%: not met)');
    expect(cyclesVerdict([cycle(1, 10, 0), cycle(3, 10, 3)])).toContain(
      'textures 3 (was 0) (target within 10%: not met)',
    );
    expect(cyclesVerdict([cycle(0, 8, 0), cycle(1, 10, 0)])).toBeNull();
  });

  it('reports a repeated variant by its median-p95 run and lists every run', () => {
    const run = (renderer: string, p95: number) =>
      summarise({
        cards: 10000,
        renderer,
        gpu: 'g',
        sweep: { frames: 1, frameMs: [p95] },
        stats: null,
        heap: null,
        maxRendered: 1,
        seconds: 1,
      });
    const engine = medianRun([run('engine webgl', 83.4), run('engine webgl', 33.3), run('engine webgl', 50)]);
    expect(engine.p95).toBe(50);
    expect(engine.p95Runs).toEqual([83.4, 33.3, 50]);
    expect(medianRun([run('dom', 300)])).not.toHaveProperty('p95Runs');
    const md = renderMarkdown({
      date: '2026-01-01T00:00:00Z',
      chromium: '1',
      machine: 'm',
      mode: 'software',
      viewport: { width: 1, height: 1 },
      frames: 1,
      runs: [engine, medianRun([run('dom', 250), run('dom', 300), run('dom', 216.7)])],
      cycles: [],
      seconds: 1,
    });
    expect(md).toContain("engine p95 0.20 × the DOM renderer's (target ≤ 0.20: met)");
    expect(md).toContain('p95 of every run: 10,000 engine webgl 83.4 / 33.3 / 50.0; 10,000 dom 250.0 / 300.0 / 216.7');
  });
});
