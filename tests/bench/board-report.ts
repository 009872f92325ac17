/** The board benchmark's numbers (tests/bench/board.bench.ts) and the markdown table the README quotes. */
import { percentile } from './engine-report';

export type ApiMeasure = {
  pages: number;
  rawBytes: number;
  /** As sent to Chromium (its Accept-Encoding), and the encoding used. */
  wireBytes: number;
  encoding: string;
  gzipBytes: number;
  /** The whole board read page by page, as the web app reads it. */
  fullMs: number;
  firstPageMs: number;
  /** The first page again with If-None-Match: a 304. */
  notModifiedMs: number;
  notModifiedStatus: number;
  /** GET /api/cards?boardId (full cards, no paging), for comparison; null when not measured. */
  legacyRawBytes: number | null;
};

export type BrowserMeasure = {
  /** From navigation start: the first full frame with cards, and every card in the engine. */
  firstFullFrameMs: number | null;
  cardsAtFirstFrame: number | null;
  allCardsMs: number | null;
  engineCards: number;
  frameMs: number[];
  engineMs: number[];
  heapBytes: number | null;
  lowSpec: boolean;
  renderer: string;
  organize: { syncMs: number; mainThreadMs: number; scriptMs: number; wallMs: number; requests: number; items: number };
};

export type BoardRun = {
  cards: number;
  sections: number;
  createSeconds: number;
  createWallSeconds: number;
  api: ApiMeasure;
  browser: BrowserMeasure;
};

export type BoardBenchReport = {
  date: string;
  chromium: string;
  machine: string;
  mode: 'gpu' | 'software';
  viewport: { width: number; height: number };
  frames: number;
  runs: BoardRun[];
  seconds: number;
};

const mb = (bytes: number | null) => (bytes === null ? '—' : (bytes / 2 ** 20).toFixed(bytes < 2 ** 20 ? 2 : 1));
const ms = (v: number | null) =>
  v === null || Number.isNaN(v) ? '—' : v < 10 ? v.toFixed(1) : Math.round(v).toLocaleString('en-US');

export function frameSummary(run: BoardRun) {
  const f = run.browser.frameMs;
  return {
    p50: percentile(f, 50),
    p95: percentile(f, 95),
    max: f.length ? Math.max(...f) : NaN,
    engineP95: percentile(run.browser.engineMs, 95),
  };
}

export function renderBoardMarkdown(report: BoardBenchReport): string {
  const renderers = [...new Set(report.runs.map((r) => r.browser.renderer))];
  const lines = [
    `Board benchmark (\`npm run bench:board\`), ${report.date.slice(0, 16).replace('T', ' ')} UTC — ${report.mode}, Chromium ${report.chromium}, ${report.machine}, viewport ${report.viewport.width}×${report.viewport.height}, sweep ${report.frames} frames.`,
    `WebGL renderer: ${renderers.join('; ')}. Low-spec mode: ${[...new Set(report.runs.map((r) => (r.browser.lowSpec ? 'on (auto)' : 'off')))].join(', ')}.`,
    '',
    '| cards | demo creation | API pages | payload raw / brotli / gzip | full board API | first full frame | all cards loaded | sweep p50 / p95 / max | engine JS p95 | JS heap | Organize main thread (sync) | Organize save |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const run of report.runs) {
    const f = frameSummary(run);
    const b = run.browser;
    lines.push(
      `| ${run.cards.toLocaleString('en-US')} | ${run.createSeconds.toFixed(1)} s | ${run.api.pages} | ${mb(run.api.rawBytes)} / ${mb(run.api.wireBytes)} / ${mb(run.api.gzipBytes)} MB | ${ms(run.api.fullMs)} ms (304: ${ms(run.api.notModifiedMs)} ms) | ${ms(b.firstFullFrameMs)} ms | ${ms(b.allCardsMs)} ms | ${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.max)} ms | ${ms(f.engineP95)} ms | ${mb(b.heapBytes)} MB | ${ms(b.organize.mainThreadMs)} ms (${ms(b.organize.syncMs)} ms) | ${b.organize.requests} request, ${b.organize.items.toLocaleString('en-US')} items, ${ms(b.organize.wallMs)} ms |`,
    );
  }
  lines.push(
    '',
    'First full frame and all cards loaded are measured from navigation start (page load, sign-in check, board list, first content page, first frame with every card in view drawn). ' +
      'Payload: every content page, JSON as built, as sent to Chromium (brotli), and gzipped for a client without brotli; the full board API time is every page read in turn as the web app reads them' +
      (report.runs.some((r) => r.api.legacyRawBytes !== null)
        ? `; the uncompacted GET /api/cards list was ${report.runs
            .filter((r) => r.api.legacyRawBytes !== null)
            .map((r) => `${mb(r.api.legacyRawBytes)} MB at ${r.cards.toLocaleString('en-US')}`)
            .join(', ')}.`
        : '.'),
    'Organize main thread: Chromium main-thread task time (CDP Performance TaskDuration) from the click until the save answered and the board settled; sync: the click handler alone (layout and cache update).',
  );
  return lines.join('\n') + '\n';
}
