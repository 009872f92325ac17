/** Turns the engine benchmark's raw samples into the numbers and the markdown table the README quotes. */
import { SWEEP_DESCRIPTION } from '../../web/lab/sweep';

export type RunResult = {
  cards: number;
  renderer: string;
  gpu: string;
  frames: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Engine JS per frame (index query, LOD, pool, bakes), p95; null for the DOM renderer. */
  engineP95: number | null;
  /** The same without baking card textures (index query, LOD, pool, layout): the issue's "engine JS per frame". */
  engineNoBakeP95: number | null;
  heapMB: number | null;
  textures: number | null;
  textureMB: number | null;
  /** The engine's texture byte budget (images + baked cards), when it reported one. */
  textureBudgetMB?: number | null;
  maxRenderedCards: number;
  /** CPU milliseconds per frame used by all of Chromium's processes (the GPU is the CPU with software WebGL). */
  cpuMsPerFrame: number | null;
  seconds: number;
  /** When the variant was run several times: every run's p95, in run order (this row is the median run). */
  p95Runs?: number[];
};

export type CycleResult = {
  /** 0 is the warm-up cycle: V8 compiles and optimises the engine's code during it, so its heap is not compared. */
  cycle: number;
  cards: number;
  loaded: { heap: number | null; textures: { count: number; bytes: number } };
  unloaded: { heap: number | null; textures: { count: number; bytes: number } };
};

export type BenchReport = {
  date: string;
  chromium: string;
  machine: string;
  mode: 'gpu' | 'software';
  viewport: { width: number; height: number };
  frames: number;
  runs: RunResult[];
  /** The board of users' own large images, against the texture budget. */
  ownImages?: {
    cards: number;
    size: { width: number; height: number };
    textureMB: number | null;
    budgetMB: number | null;
    originalRequests: number;
  } | null;
  cycles: CycleResult[];
  seconds: number;
};

/**
 * One row for a variant run several times: the run whose p95 is the median (the lower middle for an even
 * count), carrying every run's p95. A single run is returned as it is.
 */
export function medianRun(runs: readonly RunResult[]): RunResult {
  if (runs.length === 1) return runs[0];
  const sorted = [...runs].sort((a, b) => a.p95 - b.p95 || (a.cpuMsPerFrame ?? 0) - (b.cpuMsPerFrame ?? 0));
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], p95Runs: runs.map((r) => r.p95) };
}

export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

type Raw = {
  cards: number;
  renderer: string;
  gpu: string;
  sweep: { frames: number; frameMs: number[] };
  stats: { engineMs: number[]; bakeMs?: number[]; textures: { count: number; bytes: number } } | null;
  heap: number | null;
  maxRendered: number;
  cpuMs?: number | null;
  seconds: number;
};

export function summarise(raw: Raw): RunResult {
  const f = raw.sweep.frameMs;
  return {
    cards: raw.cards,
    renderer: raw.renderer,
    gpu: raw.gpu,
    frames: raw.sweep.frames,
    p50: percentile(f, 50),
    p95: percentile(f, 95),
    p99: percentile(f, 99),
    max: Math.max(...f),
    engineP95: raw.stats ? percentile(raw.stats.engineMs, 95) : null,
    engineNoBakeP95: raw.stats
      ? percentile(
          raw.stats.engineMs.map((ms, i) => ms - (raw.stats!.bakeMs?.[i] ?? 0)),
          95,
        )
      : null,
    heapMB: raw.heap === null ? null : raw.heap / 2 ** 20,
    textures: raw.stats ? raw.stats.textures.count : null,
    textureMB: raw.stats ? raw.stats.textures.bytes / 2 ** 20 : null,
    maxRenderedCards: raw.maxRendered,
    cpuMsPerFrame: raw.cpuMs == null || raw.sweep.frames === 0 ? null : raw.cpuMs / raw.sweep.frames,
    seconds: raw.seconds,
  };
}

const fmt = (n: number | null, digits = 1) => (n === null || Number.isNaN(n) ? '—' : n.toFixed(digits));

export function renderMarkdown(r: BenchReport): string {
  const gpus = [...new Set(r.runs.map((x) => x.gpu))].join('; ');
  const lines = [
    `Measured ${r.date.slice(0, 10)} with \`npm run bench:engine\` (${r.mode === 'gpu' ? 'real GPU, vsync off' : 'software WebGL'}): ${r.machine}, Chromium ${r.chromium}, viewport ${r.viewport.width}×${r.viewport.height}, ${r.frames}-frame pan and zoom sweep (${SWEEP_DESCRIPTION}).`,
    `WebGL renderer: \`${gpus}\`.`,
    '',
    '| cards | renderer | p50 ms | p95 ms | p99 ms | max ms | Chromium CPU ms / frame | engine JS p95 ms (with bakes) | max cards drawn | JS heap MB | textures | texture MB |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.runs.map(
      (x) =>
        `| ${x.cards.toLocaleString('en-US')} | ${x.renderer} | ${fmt(x.p50)} | ${fmt(x.p95)} | ${fmt(x.p99)} | ${fmt(x.max, 0)} | ${fmt(x.cpuMsPerFrame)} | ${x.engineP95 === null ? '—' : `${fmt(x.engineNoBakeP95)} (${fmt(x.engineP95)})`} | ${x.maxRenderedCards} | ${fmt(x.heapMB)} | ${x.textures ?? '—'} | ${fmt(x.textureMB)} |`,
    ),
  ];
  const ratios = [...new Set(r.runs.map((x) => x.cards))].flatMap((cards) => {
    const engine = r.runs.find((x) => x.cards === cards && x.renderer.startsWith('engine'));
    const dom = r.runs.find((x) => x.cards === cards && x.renderer === 'dom');
    if (!engine || !dom) return [];
    const cpu =
      engine.cpuMsPerFrame !== null && dom.cpuMsPerFrame
        ? `, CPU per frame ${(engine.cpuMsPerFrame / dom.cpuMsPerFrame).toFixed(2)} ×`
        : '';
    const ratio = engine.p95 / dom.p95;
    // At 10,000 cards our p95 is at most one fifth of the DOM renderer's, in the same run.
    const target = cards === 10000 ? ` (target ≤ 0.20: ${ratio <= 0.2 ? 'met' : 'not met'})` : '';
    return [
      `${cards.toLocaleString('en-US')} cards: engine p95 ${ratio.toFixed(2)} × the DOM renderer's${target}${cpu}`,
    ];
  });
  if (ratios.length) lines.push('', ratios.join('; ') + '.');
  const repeated = r.runs.filter((x) => x.p95Runs && x.p95Runs.length > 1);
  if (repeated.length) {
    const each = repeated.map(
      (x) => `${x.cards.toLocaleString('en-US')} ${x.renderer} ${x.p95Runs!.map((p) => p.toFixed(1)).join(' / ')}`,
    );
    lines.push(
      '',
      `Run ${repeated[0].p95Runs!.length} times, engine and DOM alternating; each row is the run with the median p95 (p95 of every run: ${each.join('; ')}).`,
    );
  }
  if (r.mode === 'software') {
    lines.push(
      '',
      "Reading these numbers: with software WebGL (SwiftShader) every WebGL frame is shaded on the CPU, and so is Chromium's raster of the DOM renderer's card elements, so both columns are CPU-bound here; frame intervals are whole multiples of the 16.7 ms display interval and move with whatever else the machine runs, the CPU column much less. The GPU targets need `LOOT_BENCH_GPU=1 npm run bench:engine` on a machine with a GPU.",
    );
  }
  if (r.ownImages) {
    const o = r.ownImages;
    lines.push(
      '',
      `Own images: ${o.cards} cards, each its own ${o.size.width} × ${o.size.height} image stored with 96 / 320 px variants: texture memory after the sweep ${fmt(o.textureMB)} MB of a ${fmt(o.budgetMB)} MB budget; ${o.originalRequests} requests for the full-size originals (the board draws the variants).`,
    );
  }
  if (r.cycles.length) {
    lines.push(
      '',
      `Load / sweep / unload cycles (engine, ${r.cycles[0].cards.toLocaleString('en-US')} cards):`,
      '',
      '| cycle | heap MB loaded | heap MB unloaded | textures loaded | textures unloaded | texture MB loaded |',
      '|---:|---:|---:|---:|---:|---:|',
    );
    for (const c of r.cycles) {
      lines.push(
        `| ${c.cycle === 0 ? '0 (warm-up)' : c.cycle} | ${fmt(c.loaded.heap && c.loaded.heap / 2 ** 20)} | ${fmt(c.unloaded.heap && c.unloaded.heap / 2 ** 20)} | ${c.loaded.textures.count} | ${c.unloaded.textures.count} | ${fmt(c.loaded.textures.bytes / 2 ** 20)} |`,
      );
    }
    const verdict = cyclesVerdict(r.cycles);
    if (verdict) lines.push('', verdict);
  }
  lines.push('', `Whole run: ${r.seconds.toFixed(0)} s.`);
  return lines.join('\n') + '\n';
}

/**
 * Heap and texture count back within 10% after three load / unload cycles — the last measured cycle's
 * unloaded state against the first's (the warm-up cycle 0 is not a baseline).
 */
export function cyclesVerdict(cycles: readonly CycleResult[]): string | null {
  const measured = cycles.filter((c) => c.cycle > 0);
  const first = measured[0];
  const last = measured[measured.length - 1];
  if (!first || !last || first === last || first.unloaded.heap === null || last.unloaded.heap === null) return null;
  const heapGrowth = last.unloaded.heap / first.unloaded.heap - 1;
  const baseTextures = first.unloaded.textures.count;
  const textureGrowth = last.unloaded.textures.count - baseTextures;
  const texturesOk = textureGrowth <= Math.max(0, baseTextures * 0.1);
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
  return (
    `After unload, cycle ${last.cycle} against cycle ${first.cycle}: heap ${pct(heapGrowth)}, textures ${last.unloaded.textures.count} (was ${baseTextures}) ` +
    `(target within 10%: ${heapGrowth <= 0.1 && texturesOk ? 'met' : 'not met'}).`
  );
}
