/**
 * `npm run bench:engine`: the board engine against the DOM renderer the original product used, on generated
 * boards of 1,000 / 10,000 / 100,000 cards, with the same scripted pan and zoom sweep in headless Chromium
 * (web/lab/engine.html). Writes bench/results/engine.json and bench/results/engine.md.
 *
 * Env: LOOT_BENCH_SIZES=1000,10000,100000  LOOT_BENCH_FRAMES=240  LOOT_WEB_DIR=<built web> (skips the build)
 *      LOOT_BENCH_REPEATS=3 (runs of each renderer at 10,000 cards, the size the issue's DOM ratio is set for)
 *      LOOT_BENCH_GPU=1 (real GPU: ANGLE on Vulkan, vsync and the frame-rate limit off)
 *      LOOT_BENCH_CANVAS=1 (also the engine on Pixi's Canvas 2D renderer)
 *      LOOT_BENCH_OWN=0 (skips the row of 500 own 4,000 × 3,000 images)
 *      DISPLAY set (e.g. under xvfb-run): Chromium runs headful on that display instead of headless
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserServer, type Page } from '@playwright/test';
import { treeCpuMs } from './engine-cpu';
import { OWN_BENCH_IMAGES, OWN_BENCH_SIZE, prepareOwnImages } from './engine-own-images';
import { serveStatic } from './engine-static-server';
import {
  medianRun,
  renderMarkdown,
  summarise,
  type BenchReport,
  type CycleResult,
  type RunResult,
} from './engine-report';
import { benchResultsDir } from './bench-results';

const SIZES = (process.env.LOOT_BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const FRAMES = Number(process.env.LOOT_BENCH_FRAMES ?? 240);
const GPU = process.env.LOOT_BENCH_GPU === '1';
/** LOOT_BENCH_OWN=0 skips the own-images row. */
const OWN = process.env.LOOT_BENCH_OWN !== '0';
/** Frame intervals on a shared 2-core machine move by a display interval from run to run: the target size is run several times. */
const REPEATS = Math.max(1, Number(process.env.LOOT_BENCH_REPEATS ?? 3));
const REPEATED_SIZE = 10000;
const VIEWPORT = { width: 1400, height: 900 };
/**
 * Per board size, in one run: the engine (WebGL; also Canvas 2D with LOOT_BENCH_CANVAS=1), the engine in low-spec
 * mode on the same board (what low-spec changes, measured side by side), and the DOM renderer.
 */
const VARIANTS: Variant[] = [
  { renderer: 'engine', gl: 'webgl' },
  { renderer: 'engine', gl: 'webgl', lowSpec: true },
  ...(process.env.LOOT_BENCH_CANVAS === '1' ? [{ renderer: 'engine', gl: 'canvas' } as Variant] : []),
  { renderer: 'dom' },
];
const ROOT = path.resolve(import.meta.dirname, '../..');

const BASE_ARGS = [
  ...(process.env.LOOT_BENCH_HEADLESS_ARG ? [process.env.LOOT_BENCH_HEADLESS_ARG] : []),
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--no-first-run',
  '--enable-precise-memory-info',
  '--js-flags=--expose-gc',
];
const SOFTWARE_ARGS = [
  '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader',
  ...(process.env.LOOT_BENCH_EXTRA_ARGS ?? '').split(' ').filter(Boolean),
];
const GPU_ARGS = [
  '--use-angle=vulkan',
  '--enable-features=Vulkan',
  '--ignore-gpu-blocklist',
  '--enable-gpu-rasterization',
  '--disable-gpu-vsync',
  '--disable-frame-rate-limit',
];

type Lab = {
  sweep(frames: number): Promise<{ frames: number; frameMs: number[]; wallMs: number }>;
  settle(ms?: number): Promise<void>;
  toSweepStart(): void;
  memory(): number | null;
  load(n: number, seed?: number): void;
  unload(): void;
  renderedCards(): number;
};

function buildWeb(): string {
  if (process.env.LOOT_WEB_DIR) return path.resolve(process.env.LOOT_WEB_DIR);
  const out = path.join(os.tmpdir(), 'loot-engine-bench-web');
  console.log(`building the web app into ${out}`);
  execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return out;
}

type Variant = { renderer: 'engine' | 'dom'; lowSpec?: boolean; gl?: 'webgl' | 'canvas'; own?: boolean };

async function openLab(browser: Browser, url: string, cards: number, v: Variant): Promise<Page> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  page.on('pageerror', (e) => console.error(`page error (${v.renderer} ${cards}):`, e.message));
  await page.goto(
    `${url}/lab/engine.html?cards=${cards}&renderer=${v.renderer}&lowSpec=${v.lowSpec ? 1 : 0}&gl=${v.gl ?? 'webgl'}${v.own ? '&own=1' : ''}`,
  );
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 120_000 });
  // Settled where the sweep starts: every renderer begins with its first view drawn, as a user would.
  await page.evaluate(() => {
    const lab = (window as unknown as { __lootLab: Lab }).__lootLab;
    lab.toSweepStart();
    return lab.settle(8000);
  });
  return page;
}

async function webglRenderer(page: Page): Promise<string> {
  return page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    const info = gl?.getExtension('WEBGL_debug_renderer_info');
    return gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : 'unknown';
  });
}

let server: BrowserServer | null = null;

/** Requests for own originals (not variants): the engine should ask for the 96 / 320 px variants only. */
function originalRequests(requested: Map<string, number>): number {
  let n = 0;
  for (const [p, count] of requested) if (p.startsWith('/api/storage/own/') && p.endsWith('.jpg')) n += count;
  return n;
}

function label(v: Variant): string {
  if (v.renderer === 'dom') return 'dom';
  return `engine ${v.gl ?? 'webgl'}${v.lowSpec ? ' low-spec' : ''}${v.own ? ` own ${OWN_BENCH_SIZE.width}×${OWN_BENCH_SIZE.height}` : ''}`;
}

async function runOne(browser: Browser, url: string, cards: number, v: Variant): Promise<RunResult> {
  const started = Date.now();
  const page = await openLab(browser, url, cards, v);
  const pid = server?.process().pid ?? 0;
  const cpuBefore = pid ? treeCpuMs(pid) : 0;
  const result = await page.evaluate(async (frames) => {
    const w = window as unknown as { __lootLab: Lab; __lootEngine?: { resetStats(): void; getStats(): any } };
    w.__lootEngine?.resetStats();
    let maxRendered = 0;
    const poll = setInterval(() => (maxRendered = Math.max(maxRendered, w.__lootLab.renderedCards())), 50);
    const sweep = await w.__lootLab.sweep(frames);
    clearInterval(poll);
    const stats = w.__lootEngine?.getStats() ?? null;
    const budgetBytes: number | null = stats?.textures?.budgetBytes ?? null;
    const heap = w.__lootLab.memory();
    return { sweep, stats, heap, maxRendered, budgetBytes };
  }, FRAMES);
  const cpuMs = pid ? treeCpuMs(pid) - cpuBefore : null;
  const gpu = await webglRenderer(page);
  await page.close();
  // Let Chromium finish tearing the page down before the next run starts timing.
  await new Promise((r) => setTimeout(r, 2000));
  const run = summarise({ cards, renderer: label(v), gpu, ...result, cpuMs, seconds: (Date.now() - started) / 1000 });
  run.textureBudgetMB = result.budgetBytes === null ? null : result.budgetBytes / 2 ** 20;
  console.log(
    `${String(cards).padStart(6)} ${run.renderer.padEnd(17)} p50 ${run.p50.toFixed(1)} ms  p95 ${run.p95.toFixed(1)} ms  max ${run.max.toFixed(0)} ms  CPU ${run.cpuMsPerFrame?.toFixed(1) ?? '—'} ms/frame  (${run.seconds.toFixed(0)} s)`,
  );
  return run;
}

/**
 * A warm-up cycle, then three load / sweep / unload cycles: heap and textures after each unload should come
 * back to the first measured one. In the warm-up V8 compiles and optimises the engine's code; measured by heap
 * snapshot, that code and its feedback are most of the heap growth between the first two cycles.
 */
async function cycles(browser: Browser, url: string, cards: number): Promise<CycleResult[]> {
  const page = await openLab(browser, url, cards, { renderer: 'engine' });
  const out: CycleResult[] = [];
  for (let i = 0; i <= 3; i++) {
    const r = await page.evaluate(
      async ({ cards, seed }) => {
        const w = window as unknown as { __lootLab: Lab; __lootEngine: { getStats(): any } };
        const lab = w.__lootLab;
        if (seed > 0) lab.load(cards, seed);
        lab.toSweepStart();
        await lab.settle(5000);
        await lab.sweep(60);
        await lab.settle(3000);
        const loaded = { heap: lab.memory(), textures: w.__lootEngine.getStats().textures };
        lab.unload();
        await lab.settle(3000);
        // Evictions are spread over frames: give the reaper a moment.
        await new Promise((r) => setTimeout(r, 500));
        const unloaded = { heap: lab.memory(), textures: w.__lootEngine.getStats().textures };
        return { loaded, unloaded };
      },
      { cards, seed: i },
    );
    out.push({ cycle: i, cards, ...r });
  }
  await page.close();
  return out;
}

async function main() {
  const webDir = buildWeb();
  if (OWN) await prepareOwnImages(webDir);
  const http = await serveStatic(webDir);
  // Launched as a server so its process id is known: the CPU it uses is measured per frame.
  server = await chromium.launchServer({
    executablePath: process.env.LOOT_CHROMIUM ?? '/usr/bin/chromium',
    headless: !process.env.DISPLAY,
    args: [...BASE_ARGS, ...(GPU ? GPU_ARGS : SOFTWARE_ARGS)],
  });
  const browser = await chromium.connect(server.wsEndpoint());
  const started = Date.now();
  const runs: RunResult[] = [];
  try {
    for (const cards of SIZES) {
      const repeats = cards === REPEATED_SIZE ? REPEATS : 1;
      const byVariant = VARIANTS.map(() => [] as RunResult[]);
      // Alternating renderers, so a slow spell of the machine falls on both.
      for (let i = 0; i < repeats; i++) {
        for (const [k, v] of VARIANTS.entries()) byVariant[k].push(await runOne(browser, http.url, cards, v));
      }
      runs.push(...byVariant.map(medianRun));
    }
    let ownImages: BenchReport['ownImages'] = null;
    if (OWN) {
      // A board of 500 own 4,000 × 3,000 images stays within the texture budget, drawn from the variants.
      const before = originalRequests(http.requested);
      const run = await runOne(browser, http.url, OWN_BENCH_IMAGES, { renderer: 'engine', gl: 'webgl', own: true });
      runs.push(run);
      ownImages = {
        cards: OWN_BENCH_IMAGES,
        size: OWN_BENCH_SIZE,
        textureMB: run.textureMB,
        budgetMB: run.textureBudgetMB ?? null,
        originalRequests: originalRequests(http.requested) - before,
      };
      console.log(
        `own images: ${run.textureMB?.toFixed(1)} MB of textures, budget ${run.textureBudgetMB?.toFixed(1)} MB, ${ownImages.originalRequests} requests for 4000×3000 originals`,
      );
    }
    const cycleResults = await cycles(browser, http.url, Math.min(10000, Math.max(...SIZES)));
    const report: BenchReport = {
      date: new Date().toISOString(),
      chromium: browser.version(),
      machine: `${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      mode: GPU ? 'gpu' : 'software',
      viewport: VIEWPORT,
      frames: FRAMES,
      runs,
      ownImages,
      cycles: cycleResults,
      seconds: (Date.now() - started) / 1000,
    };
    const dir = benchResultsDir();
    fs.mkdirSync(dir, { recursive: true });
    const suffix = GPU ? '-gpu' : '';
    fs.writeFileSync(path.join(dir, `engine${suffix}.json`), JSON.stringify(report, null, 2));
    fs.writeFileSync(path.join(dir, `engine${suffix}.md`), renderMarkdown(report));
    console.log(`\n${renderMarkdown(report)}`);
  } finally {
    await browser.close();
    await server.close();
    await http.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
