/**
 * `npm run bench:search-features`: feature search on a generated 10,000-feature catalogue (issue: "Feature search
 * must stay fast on a 10,000-feature catalogue"), through the real app (HTTP handler, validation, SQLite), plus
 * the time to import that catalogue from CSV. Writes bench/results/feature-search.json and .md.
 *
 * Env: LOOT_BENCH_FEATURES=10000  LOOT_BENCH_ITERATIONS=200
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importCatalogue } from '../../api/catalogue/importer/import-catalogue';
import { createTestApp } from '../helpers/test-app';
import { generateRows, toCsv } from './feature-search-fixture';
import { benchResultsDir } from './bench-results';

const FEATURES = Number(process.env.LOOT_BENCH_FEATURES ?? 10_000);
const ITERATIONS = Number(process.env.LOOT_BENCH_ITERATIONS ?? 200);

type Case = { name: string; body: Record<string, unknown>; plan: 'paid' | 'free' };
const CASES: Case[] = [
  { name: 'category tag (Monetization)', body: { filters: { featureTags: ['Monetization'] } }, plan: 'paid' },
  { name: 'sub-tag (Offers)', body: { filters: { featureTags: ['Offers'] } }, plan: 'paid' },
  { name: 'qualified sub-tag (Meta:Other)', body: { filters: { featureTags: ['Meta:Other'] } }, plan: 'paid' },
  { name: 'three tags', body: { filters: { featureTags: ['Shop', 'Season Pass', 'Daily Quests'] } }, plan: 'paid' },
  { name: 'genre (Puzzle)', body: { filters: { genres: ['Puzzle'] } }, plan: 'paid' },
  {
    name: 'tier + tag (Midcore, LiveOps)',
    body: { filters: { genres: ['Midcore'], featureTags: ['LiveOps'] } },
    plan: 'paid',
  },
  { name: 'two games', body: { filters: { games: ['Generated Game 7', 'Generated Game 150'] } }, plan: 'paid' },
  {
    name: 'rare match (tag + game)',
    body: { filters: { featureTags: ['Cutscene'], games: ['Generated Game 3'] } },
    plan: 'paid',
  },
  {
    name: 'no match',
    body: { filters: { featureTags: ['Banner'], genres: ['Casino'], games: ['Generated Game 1'] } },
    plan: 'paid',
  },
  { name: 'free plan (capped), category tag', body: { filters: { featureTags: ['Core Gameplay'] } }, plan: 'free' },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const t = await createTestApp();
  try {
    const csv = path.join(t.dir, 'catalogue.csv');
    fs.writeFileSync(csv, toCsv(generateRows(FEATURES)));
    const importStart = performance.now();
    const report = await importCatalogue({ db: t.db, storageDir: t.config.storageDir, file: csv });
    const importMs = performance.now() - importStart;
    if (!report.ok) throw new Error(`import failed: ${JSON.stringify(report.rejected.slice(0, 3))}`);
    console.log(`imported ${report.rows} features in ${(importMs / 1000).toFixed(2)} s`);

    const cookies = {
      paid: (await t.signIn(undefined, { planId: 3 })).cookie,
      free: (await t.signIn(undefined, { planId: 1 })).cookie,
    };
    const results = [];
    for (const c of CASES) {
      const times: number[] = [];
      let first: { features: unknown[]; hasMore: boolean } | undefined;
      for (let i = 0; i < ITERATIONS + 10; i++) {
        const start = performance.now();
        const res = await t.call('POST', '/api/feature-search', { cookie: cookies[c.plan], json: c.body });
        const body = (await res.json()) as { features: unknown[]; hasMore: boolean };
        const ms = performance.now() - start;
        if (res.status !== 200) throw new Error(`${c.name}: HTTP ${res.status}`);
        first ??= body;
        if (i >= 10) times.push(ms);
      }
      times.sort((a, b) => a - b);
      results.push({
        name: c.name,
        plan: c.plan,
        firstPage: first!.features.length,
        hasMore: first!.hasMore,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        max: times[times.length - 1],
      });
    }

    // Walking every page of a broad search with the cursor.
    const walkStart = performance.now();
    let cursor: number | null = null;
    let pages = 0;
    let seen = 0;
    do {
      const res = await t.call('POST', '/api/feature-search', {
        cookie: cookies.paid,
        json: { filters: { featureTags: ['Core Gameplay', 'Monetization'] }, cursor, limit: 35 },
      });
      const page = (await res.json()) as { features: unknown[]; nextCursor: number | null };
      seen += page.features.length;
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== null);
    const walkMs = performance.now() - walkStart;

    const out = {
      when: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
      features: FEATURES,
      iterations: ITERATIONS,
      importSeconds: Number((importMs / 1000).toFixed(2)),
      cases: results.map((r) => ({
        ...r,
        p50: Number(r.p50.toFixed(2)),
        p95: Number(r.p95.toFixed(2)),
        max: Number(r.max.toFixed(2)),
      })),
      cursorWalk: {
        pages,
        features: seen,
        totalMs: Number(walkMs.toFixed(1)),
        perPageMs: Number((walkMs / pages).toFixed(2)),
      },
    };
    const dir = benchResultsDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'feature-search.json'), JSON.stringify(out, null, 2) + '\n');
    const md = [
      `# Feature search on ${FEATURES.toLocaleString('en-US')} features`,
      '',
      `${out.machine}; ${out.when}. POST /api/feature-search through the app (validation, session, SQLite), ${ITERATIONS} runs each after 10 warm-up runs; times in ms.`,
      `Importing the generated ${FEATURES.toLocaleString('en-US')}-row CSV took ${out.importSeconds} s.`,
      '',
      '| query | plan | first page | p50 | p95 | max |',
      '|---|---|---|---|---|---|',
      ...out.cases.map(
        (r) => `| ${r.name} | ${r.plan} | ${r.firstPage}${r.hasMore ? '+' : ''} | ${r.p50} | ${r.p95} | ${r.max} |`,
      ),
      '',
      `Cursor walk over every match of two categories: ${pages} pages, ${seen} features, ${out.cursorWalk.perPageMs} ms a page.`,
      '',
    ].join('\n');
    fs.writeFileSync(path.join(dir, 'feature-search.md'), md);
    console.log(md);
  } finally {
    await t.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
