/**
 * `npm run bench:board`: very large boards end to end on the real app — for 1,000 / 10,000 / 100,000
 * cards: demo creation time (npm run demo:board), the content API's payload (raw and gzip) and response time for
 * the whole board, then in headless Chromium the time to the first full frame and to every card loaded, the p95
 * frame time over the engine benchmark's sweep (web/lab/sweep.ts), the JS heap after load, and Organize Cards
 * (main-thread time, one save). Writes bench/results/board.json and bench/results/board.md.
 *
 * Env: LOOT_BENCH_SIZES=1000,10000,100000  LOOT_BENCH_FRAMES=240  LOOT_WEB_DIR=<built web> (skips the build)
 *      LOOT_BENCH_GPU=1 (real GPU: ANGLE on Vulkan, vsync and the frame-rate limit off)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { FIRST_PAGE_CARDS, NEXT_PAGE_CARDS } from '../../web/data/board-content';
import { sweepView } from '../../web/lab/sweep';
import { startServer, type LootServer } from '../e2e/fixtures';
import {
  frameSummary,
  renderBoardMarkdown,
  type ApiMeasure,
  type BoardBenchReport,
  type BoardRun,
  type BrowserMeasure,
} from './board-report';
import { benchResultsDir } from './bench-results';

const SIZES = (process.env.LOOT_BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const FRAMES = Number(process.env.LOOT_BENCH_FRAMES ?? 240);
const SECTIONS = 40;
const GPU = process.env.LOOT_BENCH_GPU === '1';
const VIEWPORT = { width: 1400, height: 900 };
const ROOT = path.resolve(import.meta.dirname, '../..');
const LEGACY_LIST_MAX = 10_000;

const BASE_ARGS = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--enable-precise-memory-info',
  '--js-flags=--expose-gc',
];
const SOFTWARE_ARGS = ['--enable-unsafe-swiftshader', '--use-angle=swiftshader'];
const GPU_ARGS = [
  '--use-angle=vulkan',
  '--enable-features=Vulkan',
  '--ignore-gpu-blocklist',
  '--enable-gpu-rasterization',
  '--disable-gpu-vsync',
  '--disable-frame-rate-limit',
];

function buildWeb(): string {
  if (process.env.LOOT_WEB_DIR) return path.resolve(process.env.LOOT_WEB_DIR);
  const out = path.join(os.tmpdir(), 'loot-board-bench-web');
  console.log(`building the web app into ${out}`);
  execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return out;
}

/** npm run demo:board against the server's data dir; answers the board id and the seconds it reported. */
function createDemoBoard(server: LootServer, cards: number): { boardId: number; seconds: number; wallSeconds: number } {
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'api/cli/demo-board.ts',
      '--cards',
      String(cards),
      '--sections',
      String(SECTIONS),
      '--email',
      'dev@localhost',
      '--progress',
      'json',
    ],
    {
      cwd: ROOT,
      env: { ...process.env, LOOT_DATA_DIR: server.dataDir },
      encoding: 'utf8',
      maxBuffer: 64 * 2 ** 20,
    },
  );
  if (run.status !== 0) throw new Error(`demo:board failed:\n${run.stdout}\n${run.stderr}`);
  const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { boardId: number; seconds: number };
  return { boardId: result.boardId, seconds: result.seconds, wallSeconds: (Date.now() - started) / 1000 };
}

type Got = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; ms: number };

/** Chromium's Accept-Encoding (it sends br to http://localhost too). */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** A GET as the browser sends it, keeping the compressed bytes. */
function get(url: string, headers: Record<string, string>): Promise<Got> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': BROWSER_ENCODINGS, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

function decoded(got: Got): Buffer {
  const encoding = got.headers['content-encoding'];
  if (encoding === 'gzip') return zlib.gunzipSync(got.body);
  if (encoding === 'br') return zlib.brotliDecompressSync(got.body);
  return got.body;
}

async function measureApi(server: LootServer, cookie: string, boardId: number, cards: number): Promise<ApiMeasure> {
  const started = performance.now();
  let cursor = 0;
  let pages = 0;
  let rawBytes = 0;
  let wireBytes = 0;
  let encoding = '';
  const cursors: number[] = [];
  let firstPageMs = 0;
  let firstEtag = '';
  for (;;) {
    const limit = pages === 0 ? FIRST_PAGE_CARDS : NEXT_PAGE_CARDS;
    const got = await get(`${server.url}/api/boards/${boardId}/content?cursor=${cursor}&limit=${limit}`, { cookie });
    if (got.status !== 200) throw new Error(`content page → ${got.status}`);
    cursors.push(cursor);
    encoding = String(got.headers['content-encoding'] ?? 'identity');
    const raw = decoded(got);
    if (pages === 0) {
      firstPageMs = got.ms;
      firstEtag = String(got.headers.etag ?? '');
    }
    pages += 1;
    rawBytes += raw.length;
    wireBytes += got.body.length;
    const page = JSON.parse(raw.toString('utf8')) as { nextCursor: number | null };
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  const fullMs = performance.now() - started;
  // The same pages gzipped (a client without brotli), not timed.
  let gzipBytes = 0;
  for (const [i, at] of cursors.entries()) {
    const limit = i === 0 ? FIRST_PAGE_CARDS : NEXT_PAGE_CARDS;
    gzipBytes += (
      await get(`${server.url}/api/boards/${boardId}/content?cursor=${at}&limit=${limit}`, {
        cookie,
        'accept-encoding': 'gzip',
      })
    ).body.length;
  }
  const again = await get(`${server.url}/api/boards/${boardId}/content?cursor=0&limit=${FIRST_PAGE_CARDS}`, {
    cookie,
    'if-none-match': firstEtag,
  });
  let legacyRawBytes: number | null = null;
  if (cards <= LEGACY_LIST_MAX)
    legacyRawBytes = decoded(await get(`${server.url}/api/cards?boardId=${boardId}`, { cookie })).length;
  return {
    pages,
    rawBytes,
    wireBytes,
    encoding,
    gzipBytes,
    fullMs,
    firstPageMs,
    notModifiedMs: again.ms,
    notModifiedStatus: again.status,
    legacyRawBytes,
  };
}

type PageEngine = {
  getStats(): { totalCards: number; renderer: string; lowSpec: boolean; engineMs: number[] };
  resetStats(): void;
  getBoardBounds(): { x: number; y: number; width: number; height: number };
  setView(v: unknown): void;
  getView(): unknown;
};

async function measureBrowser(
  browser: Browser,
  server: LootServer,
  boardId: number,
  cards: number,
): Promise<BrowserMeasure> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.request.get(`${server.url}/api/dev-login`);
  // The demo board is laid out by the server (its flag set), so opening it measures the load, not a first auto-layout.
  await context.addInitScript(() => {
    // tsx compiles this file with esbuild's keepNames: functions inside page.evaluate callbacks call __name.
    (window as unknown as { __name: <T>(fn: T) => T }).__name = (fn) => fn;
    localStorage.setItem('lootExposeEngine', '1');
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`page error (${cards}):`, e.message));
  await page.goto(`${server.url}/`);
  const timeout = 240_000;
  await page.waitForFunction(() => performance.getEntriesByName('loot:board-complete').length > 0, null, {
    timeout,
    polling: 100,
  });
  await page.waitForFunction(() => performance.getEntriesByName('loot:board-drawn').length > 0, null, {
    timeout,
    polling: 100,
  });
  const marks = await page.evaluate(() => {
    const drawn = performance.getEntriesByName('loot:board-drawn')[0] as PerformanceMark;
    const complete = performance.getEntriesByName('loot:board-complete')[0] as PerformanceMark;
    return {
      drawn: drawn.startTime,
      drawnCards: (drawn.detail as { cards: number }).cards,
      complete: complete.startTime,
    };
  });
  await page.waitForTimeout(3000);

  const load = await page.evaluate(() => {
    const w = window as unknown as { __lootBoardEngine: PageEngine; gc?: () => void };
    w.gc?.();
    const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
    const stats = w.__lootBoardEngine.getStats();
    return {
      heap: memory?.usedJSHeapSize ?? null,
      cards: stats.totalCards,
      renderer: stats.renderer,
      lowSpec: stats.lowSpec,
    };
  });

  const sweep = await page.evaluate(
    async ({ frames, sweepSource }) => {
      const engine = (window as unknown as { __lootBoardEngine: PageEngine }).__lootBoardEngine;
      const view = new Function(`return (${sweepSource})`)() as (t: number, b: unknown, v: unknown) => unknown;
      const host = document.querySelector<HTMLElement>('[data-testid="board-canvas"]')!;
      const bounds = engine.getBoardBounds();
      const viewport = { width: host.clientWidth, height: host.clientHeight };
      const before = engine.getView();
      engine.resetStats();
      const frameMs: number[] = [];
      await new Promise<void>((resolve) => {
        let i = 0;
        let last = 0;
        const step = (now: number) => {
          if (i > 0) frameMs.push(now - last);
          last = now;
          if (i >= frames) return resolve();
          engine.setView(view(i / (frames - 1), bounds, viewport));
          i++;
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
      const engineMs = engine.getStats().engineMs;
      engine.setView(before);
      return { frameMs, engineMs };
    },
    { frames: FRAMES, sweepSource: sweepView.toString() },
  );
  await page.waitForTimeout(1500);

  // Organize Cards: main-thread time from the click until the save answered and the board settled.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const metric = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    return { task: get('TaskDuration'), script: get('ScriptDuration') };
  };
  // Organize is one board.organize intent through the ops door: the server lays the board out inside the write.
  const isOpsBatch = (method: string, url: string) => method === 'POST' && /\/api\/boards\/\d+\/ops$/.test(url);
  const saves: number[] = [];
  page.on('request', (r) => {
    if (isOpsBatch(r.method(), r.url())) saves.push((JSON.parse(r.postData() ?? '{}').ops ?? []).length);
  });
  const before = await metric();
  const started = Date.now();
  const saved = page.waitForResponse((r) => isOpsBatch(r.request().method(), r.url()), { timeout: 120_000 });
  const syncMs = await page.evaluate(() => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Organize Cards')!;
    const t = performance.now();
    button.click();
    return performance.now() - t;
  });
  const response = await saved;
  if (!response.ok()) throw new Error(`organize → ${response.status()}`);
  const wallMs = Date.now() - started;
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300)))),
  );
  const after = await metric();
  await context.close();
  return {
    firstFullFrameMs: marks.drawn,
    cardsAtFirstFrame: marks.drawnCards,
    allCardsMs: marks.complete,
    engineCards: load.cards,
    frameMs: sweep.frameMs,
    engineMs: sweep.engineMs,
    heapBytes: load.heap,
    lowSpec: load.lowSpec,
    renderer: load.renderer,
    organize: {
      syncMs,
      mainThreadMs: after.task - before.task,
      scriptMs: after.script - before.script,
      wallMs,
      requests: saves.length,
      items: saves[0] ?? 0,
    },
  };
}

async function main() {
  const started = Date.now();
  const webDir = buildWeb();
  const server = await startServer({ LOOT_WEB_DIR: webDir });
  const browser = await chromium.launch({
    executablePath: process.env.LOOT_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [...BASE_ARGS, ...(GPU ? GPU_ARGS : SOFTWARE_ARGS)],
  });
  try {
    // The dev user on the self-hosted top plan: the free plan's section lock would hide cards.
    const login = await browser.newContext();
    await login.request.get(`${server.url}/api/dev-login`);
    const plan = await login.request.fetch(`${server.url}/api/user/plan`, {
      method: 'PATCH',
      headers: { origin: server.url, 'content-type': 'application/json' },
      data: JSON.stringify({ planId: 4 }),
    });
    if (!plan.ok()) throw new Error(`plan switch → ${plan.status()}`);
    const cookie = (await login.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    // One page load before measuring, so every size finds the browser's caches as a returning user does (the
    // first measured load would otherwise also pay for compiling the app's code).
    const warm = await login.newPage();
    await warm.goto(`${server.url}/`);
    await warm.getByTestId('board-canvas').waitFor({ state: 'attached' });
    await warm.waitForTimeout(2000);
    await login.close();

    const runs: BoardRun[] = [];
    for (const cards of SIZES) {
      const demo = createDemoBoard(server, cards);
      console.log(
        `${String(cards).padStart(6)} cards: created in ${demo.seconds.toFixed(1)} s (${demo.wallSeconds.toFixed(1)} s with process start)`,
      );
      const api = await measureApi(server, cookie, demo.boardId, cards);
      console.log(
        `        API: ${api.pages} pages, ${(api.rawBytes / 2 ** 20).toFixed(1)} MB raw, ${(api.wireBytes / 2 ** 20).toFixed(2)} MB ${api.encoding}, ${(api.gzipBytes / 2 ** 20).toFixed(1)} MB gzip, ${Math.round(api.fullMs)} ms; 304 in ${api.notModifiedMs.toFixed(1)} ms (${api.notModifiedStatus})`,
      );
      const browserMeasure = await measureBrowser(browser, server, demo.boardId, cards);
      const run: BoardRun = {
        cards,
        sections: SECTIONS,
        createSeconds: demo.seconds,
        createWallSeconds: demo.wallSeconds,
        api,
        browser: browserMeasure,
      };
      const f = frameSummary(run);
      const b = browserMeasure;
      console.log(
        `        browser: first full frame ${Math.round(b.firstFullFrameMs ?? NaN)} ms (${b.cardsAtFirstFrame} cards), all ${b.engineCards} cards ${Math.round(b.allCardsMs ?? NaN)} ms; ` +
          `sweep p50 ${f.p50.toFixed(1)} p95 ${f.p95.toFixed(1)} ms; heap ${((b.heapBytes ?? NaN) / 2 ** 20).toFixed(0)} MB; ` +
          `organize ${Math.round(b.organize.mainThreadMs)} ms main thread (${b.organize.syncMs.toFixed(0)} ms sync), ${b.organize.requests} save of ${b.organize.items} items; ${b.renderer}`,
      );
      runs.push(run);
    }
    const report: BoardBenchReport = {
      date: new Date().toISOString(),
      chromium: browser.version(),
      machine: `${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      mode: GPU ? 'gpu' : 'software',
      viewport: VIEWPORT,
      frames: FRAMES,
      runs,
      seconds: (Date.now() - started) / 1000,
    };
    const dir = benchResultsDir();
    fs.mkdirSync(dir, { recursive: true });
    const suffix = GPU ? '-gpu' : '';
    fs.writeFileSync(path.join(dir, `board${suffix}.json`), JSON.stringify(report, null, 2));
    fs.writeFileSync(path.join(dir, `board${suffix}.md`), renderBoardMarkdown(report));
    console.log(`\n${renderBoardMarkdown(report)}\n(${Math.round(report.seconds)} s)`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
