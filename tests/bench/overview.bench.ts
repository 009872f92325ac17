/**
 * `npm run bench:overview`: what a zoomed-out overview costs in low-spec mode (low-spec showed
 * flat colour blocks at Zoom to Fit). On the engine lab page (web/lab/engine.html), low-spec on, for each board
 * size and each zoom (0.24 and 0.12: a small board fitted; 'fit': the whole board, below 0.1 on a large one):
 * the time until every card in view is drawn at rest, and a 120-frame pan at that zoom (frame intervals, engine
 * JS per frame, textures). Several builds compare side by side, alternating in one browser:
 * LOOT_OVERVIEW_WEB_DIRS=before:/tmp/web-a,after:/tmp/web-b (default: the current tree, built).
 *
 * Env: LOOT_BENCH_SIZES=2000,10000  LOOT_BENCH_REPEATS=2  LOOT_BENCH_FRAMES=120 (pan frames)  LOOT_BENCH_GPU=1 (real GPU, vsync off)
 * Writes bench/results/overview.json and overview.md.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { percentile } from './engine-report';
import { serveStatic } from './engine-static-server';
import { benchResultsDir } from './bench-results';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SIZES = (process.env.LOOT_BENCH_SIZES ?? '2000,10000').split(',').map(Number);
const REPEATS = Math.max(1, Number(process.env.LOOT_BENCH_REPEATS ?? 2));
const GPU = process.env.LOOT_BENCH_GPU === '1';
const ZOOMS: (number | 'fit')[] = [0.24, 0.12, 'fit'];
const PAN_FRAMES = Number(process.env.LOOT_BENCH_FRAMES ?? 120);
const VIEWPORT = { width: 1400, height: 900 };
const ARGS = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--no-first-run',
  ...(GPU
    ? [
        '--use-angle=vulkan',
        '--enable-features=Vulkan',
        '--ignore-gpu-blocklist',
        '--disable-gpu-vsync',
        '--disable-frame-rate-limit',
      ]
    : ['--enable-unsafe-swiftshader', '--use-angle=swiftshader']),
];

type Builds = { name: string; dir: string }[];
type Sample = {
  build: string;
  cards: number;
  zoom: string;
  lod: string;
  drawnMs: number;
  panP50: number;
  panP95: number;
  engineP95: number;
  textureMB: number;
  drawn: number;
};

function builds(): Builds {
  const spec = process.env.LOOT_OVERVIEW_WEB_DIRS;
  if (spec)
    return spec
      .split(',')
      .map((part) => ({ name: part.split(':')[0], dir: path.resolve(part.split(':').slice(1).join(':')) }));
  const out = path.join(os.tmpdir(), 'loot-overview-bench-web');
  execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return [{ name: 'current', dir: out }];
}

/** One scenario on an open lab page: the view at `zoom` over the board's middle, drawn, then panned. */
async function measure(page: Page, zoom: number | 'fit'): Promise<Omit<Sample, 'build' | 'cards' | 'zoom'>> {
  const raw = await page.evaluate(
    async ({ zoom, frames }) => {
      type Stats = {
        lod: string;
        bakeBacklog: number;
        imagesLoading: number;
        renderedCards: number;
        engineMs: number[];
        textures: { bytes: number };
      };
      const engine = (
        window as unknown as {
          __lootEngine: {
            zoomToFit(): void;
            getView(): { zoom: number; offset: { x: number; y: number } };
            setView(v: unknown): void;
            getBoardBounds(): { x: number; y: number; width: number; height: number };
            getStats(): Stats;
            resetStats(): void;
          };
        }
      ).__lootEngine;
      const size = { width: window.innerWidth, height: window.innerHeight };
      const b = engine.getBoardBounds();
      const start = performance.now();
      if (zoom === 'fit') engine.zoomToFit();
      else
        engine.setView({
          zoom,
          offset: { x: size.width / 2 - (b.x + b.width / 2) * zoom, y: size.height / 2 - (b.y + b.height / 2) * zoom },
        });
      // Drawn: the engine's backlog of bakes and image loads is empty (checked every frame, 60 s at most).
      await new Promise<number>((r) => requestAnimationFrame(r));
      await new Promise((r) => setTimeout(r, 200));
      for (;;) {
        const s = engine.getStats();
        if ((s.bakeBacklog === 0 && s.imagesLoading === 0) || performance.now() - start > 60_000) break;
        await new Promise<number>((r) => requestAnimationFrame(r));
      }
      const drawnMs = performance.now() - start;
      const at = engine.getView();
      const drawn = engine.getStats().renderedCards;
      engine.resetStats();
      const intervals: number[] = [];
      let last = await new Promise<number>((r) => requestAnimationFrame(r));
      for (let i = 0; i < frames; i++) {
        // A hand's pan: 12 px a frame to the right, then back.
        const dx = (i < frames / 2 ? 1 : -1) * 12;
        const v = engine.getView();
        engine.setView({ zoom: v.zoom, offset: { x: v.offset.x + dx, y: v.offset.y } });
        const now = await new Promise<number>((r) => requestAnimationFrame(r));
        intervals.push(now - last);
        last = now;
      }
      const s = engine.getStats();
      engine.setView(at);
      return { lod: s.lod, drawnMs, intervals, engineMs: s.engineMs, textureMB: s.textures.bytes / 1048576, drawn };
    },
    { zoom, frames: PAN_FRAMES },
  );
  const { intervals, engineMs, ...rest } = raw;
  return {
    ...rest,
    panP50: percentile(intervals, 50),
    panP95: percentile(intervals, 95),
    engineP95: percentile(engineMs, 95),
  };
}

async function main() {
  const list = builds();
  const servers = await Promise.all(list.map((b) => serveStatic(b.dir)));
  const browser = await chromium.launch({
    executablePath: process.env.LOOT_CHROMIUM ?? '/usr/bin/chromium',
    args: ARGS,
  });
  const samples: Sample[] = [];
  let rendererName = '';
  try {
    for (const cards of SIZES) {
      for (let repeat = 0; repeat < REPEATS; repeat++) {
        // Alternating builds, and which goes first, so a load change on the machine falls on both.
        const order = list.map((b, i) => ({ b, url: servers[i].url }));
        if (repeat % 2 === 1) order.reverse();
        for (const { b, url } of order) {
          const page = await browser.newPage({ viewport: VIEWPORT });
          await page.goto(`${url}/lab/engine.html?cards=${cards}&lowSpec=1`);
          await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 120_000 });
          rendererName = await page.evaluate(
            () =>
              (window as unknown as { __lootEngine: { getStats(): { renderer: string } } }).__lootEngine.getStats()
                .renderer,
          );
          for (const zoom of ZOOMS) {
            const r = await measure(page, zoom);
            samples.push({ build: b.name, cards, zoom: String(zoom), ...r });
            console.log(
              `${b.name} ${cards} cards zoom ${zoom}: ${r.lod}, drawn in ${r.drawnMs.toFixed(0)} ms, pan p50 ${r.panP50.toFixed(1)} / p95 ${r.panP95.toFixed(1)} ms, engine JS p95 ${r.engineP95.toFixed(1)} ms, ${r.textureMB.toFixed(1)} MB, ${r.drawn} cards`,
            );
          }
          await page.close();
        }
      }
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.close()));
  }
  const rows = new Map<string, Sample[]>();
  for (const s of samples)
    rows.set(`${s.cards}|${s.zoom}|${s.build}`, [...(rows.get(`${s.cards}|${s.zoom}|${s.build}`) ?? []), s]);
  const median = (xs: number[]) => percentile(xs, 50);
  const lines = [
    `Low-spec overview, ${new Date().toISOString().slice(0, 10)}, ${rendererName}, ${VIEWPORT.width}×${VIEWPORT.height}, ${REPEATS} runs each (medians), load average ${os.loadavg()[0].toFixed(1)}`,
    '',
    '| cards | zoom | build | level | drawn at rest ms | pan p50 ms | pan p95 ms | engine JS p95 ms | texture MB |',
    '|---:|---:|---|---|---:|---:|---:|---:|---:|',
    ...[...rows.values()].map((g) => {
      const s = g[0];
      return `| ${s.cards.toLocaleString('en-US')} | ${s.zoom} | ${s.build} | ${s.lod} | ${median(g.map((x) => x.drawnMs)).toFixed(0)} | ${median(g.map((x) => x.panP50)).toFixed(1)} | ${median(g.map((x) => x.panP95)).toFixed(1)} | ${median(g.map((x) => x.engineP95)).toFixed(1)} | ${median(g.map((x) => x.textureMB)).toFixed(1)} |`;
    }),
  ];
  const dir = benchResultsDir();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'overview.json'), JSON.stringify({ renderer: rendererName, samples }, null, 2));
  fs.writeFileSync(path.join(dir, 'overview.md'), lines.join('\n') + '\n');
  console.log(lines.join('\n'));
}

await main();
