import { describe, expect, it } from 'vitest';
import { percentile, renderMarkdown, summarise } from '../../bench/engine-report';

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
    expect(run).toMatchObject({ p50: 20, p95: 40, max: 40, engineP95: 4, engineNoBakeP95: 3, heapMB: 5, textures: 12, textureMB: 3 });
    const md = renderMarkdown({ date: '2026-01-01T00:00:00Z', chromium: '1', machine: 'm', mode: 'software', viewport: { width: 1, height: 1 }, frames: 4, runs: [run], cycles: [], seconds: 1 });
    expect(md).toContain('`SwiftShader`');
    expect(md).toContain('| 10,000 | engine | 20.0 | 40.0 | 40.0 | 40 | — | 3.0 (4.0) |');
  });
});
