/**
 * `npm run bench:search`: the offline query engine's quality and speed (issue 6, "Measured quality and speed").
 *
 * Quality: every query of tests/search/judged.json (and, reported apart, of the held-out tests/search/judged-holdout.json) through the offline engine on the demo catalogue; the first
 * 10 of its cards in board order are scored against the judgments (precision@10, precision@10 capped at the
 * number of relevant features, nDCG@10 with graded gains), over the queries that have relevant features. Also
 * (issue 19): how many of those return nothing (target 0), how many of the queries judged to match nothing
 * return nothing, and the share of queries where every card's stated reason is true of the card, checked
 * against the catalogue's own facts (its tag, its game's genre and tier, its game, its text).
 * Speed: POST /api/gemini/process through the real app (session, validation, planning, ranking, grouping, and
 * the write transaction with the usage count and the query row), on the demo catalogue and on a generated
 * 100,000-feature catalogue (the demo catalogue's games and features repeated under new game names, so words and
 * tags have realistic spreads). Writes bench/results/search.json and bench/results/search.md.
 *
 * Env: LOOT_BENCH_FEATURES=100000  LOOT_BENCH_ITERATIONS=300
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCatalogueDir, type CatalogueData } from '../../api/catalogue/catalogue-files';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../api/catalogue/load-catalogue';
import { excludedFeatures, loadGameIndex, offlinePlan, runPlan } from '../../api/search/engine';
import { wordStem } from '../../api/search/reasons';
import { foldText } from '../../api/search/text';
import type { CardReason } from '../../shared/schemas/card';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { cappedPrecisionAtK, judgmentKey, mean, ndcgAtK, percentile, precisionAtK, type JudgedSet } from './search-metrics';

const FEATURES = Number(process.env.LOOT_BENCH_FEATURES ?? 100_000);
const ITERATIONS = Number(process.env.LOOT_BENCH_ITERATIONS ?? 300);
const WARMUP = 30;
const ROOT = path.resolve(import.meta.dirname, '../..');
const judged = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/search/judged.json'), 'utf8')) as JudgedSet;
/** Queries judged before a round of ranking work and never tuned on: whether the tuning generalises. */
const holdout = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/search/judged-holdout.json'), 'utf8')) as JudgedSet;

type QueryQuality = {
  query: string;
  p10: number;
  p10capped: number;
  ndcg10: number;
  relevant: number;
  cards: number;
  /** Every reason on every card is true of that card. */
  reasonsTrue: boolean;
  top10: string[];
};

type FeatureFacts = { id: number; game: string; feature: string; tag: string; genre: string; tier: string; text: string };

/** A stated reason checked against the catalogue row, independently of how the engine chose it. */
function reasonIsTrue(r: CardReason, f: FeatureFacts): boolean {
  if (r.kind === 'tag') return r.value === f.tag;
  if (r.kind === 'genre') return r.value === f.genre;
  if (r.kind === 'tier') return r.value === f.tier;
  if (r.kind === 'game') return r.value === f.game;
  return foldText(f.text).includes(wordStem(r.value));
}

async function measureQuality(t: TestApp, set: JudgedSet = judged): Promise<QueryQuality[]> {
  const games = await loadGameIndex(t.db);
  const facts = new Map(
    (
      t.db.$client
        .prepare(
          `select f.id, g.name game, f.feature_screen_name feature, f.primary_tag || '/' || f.secondary_tag tag, g.genre || '/' || g.subgenre genre,
                  g.tier, f.feature_screen_name || ' ' || f.short_description || ' ' || f.detailed_description text
             from features f join games g on g.id = f.game_id`,
        )
        .all() as FeatureFacts[]
    ).map((r) => [r.id, r]),
  );
  return Promise.all(set.queries.map(async (q) => {
    const grades = new Map(q.relevant.map((r) => [judgmentKey(r.game, r.feature), r.grade]));
    const result = await runPlan(t.db, offlinePlan(q.query, games), games, await excludedFeatures(t.db, q.query));
    const ranked = result.rankedIds.map((id) => judgmentKey(facts.get(id)!.game, facts.get(id)!.feature));
    const cards = result.sections.flatMap((s) => s.features);
    return {
      query: q.query,
      p10: precisionAtK(ranked, grades),
      p10capped: cappedPrecisionAtK(ranked, grades),
      ndcg10: ndcgAtK(ranked, grades),
      relevant: grades.size,
      cards: cards.length,
      reasonsTrue: cards.every((c) => c.reasons.length > 0 && c.reasons.every((r) => reasonIsTrue(r, facts.get(c.id)!))),
      top10: ranked.slice(0, 10).map((k) => `${(grades.get(k) ?? 0) > 0 ? '✓' : '✗'} ${k.replace('\u0000', ' / ')}`),
    };
  }));
}

type Latency = {
  catalogue: string;
  features: number;
  games: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** This process's CPU time per request (user + system): the work itself, whatever else the machine runs. */
  cpuP50: number;
  cpuP95: number;
  meanCards: number;
  /** 1-minute load average while measuring (the machine's other work shows in the wall-clock numbers). */
  loadAverage: number;
};

async function measureLatency(t: TestApp, label: string): Promise<Latency> {
  const { cookie } = await t.signIn(undefined, { monthlyLimit: -1, planId: 3 });
  const queries = judged.queries.map((q) => q.query);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const loads: number[] = [];
  let cards = 0;
  let boardId = 0;
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    // A fresh board every 20 searches: boards grow the way a designer's do, without one board of 9,000 cards.
    if (i % 20 === 0) {
      const res = await t.call('POST', '/api/boards', { cookie, json: { title: `Bench ${i}` } });
      boardId = ((await res.json()) as { id: number }).id;
    }
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    const res = await t.call('POST', '/api/gemini/process', { cookie, json: { query: queries[i % queries.length], boardId } });
    const body = (await res.json()) as { success: boolean; message: string };
    const elapsed = performance.now() - started;
    const cpu = process.cpuUsage(cpuStart);
    // A query judged to match nothing answers 200 with success false, like any empty search.
    if (res.status !== 200) throw new Error(`search failed: ${res.status} ${JSON.stringify(body)}`);
    if (i >= WARMUP) {
      times.push(elapsed);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
      if (i % 25 === 0) loads.push(os.loadavg()[0]);
      cards += Number(/Added (\d+)/.exec(body.message)?.[1] ?? 0);
    }
  }
  const count = (table: string) => (t.db.$client.prepare(`select count(*) n from ${table}`).get() as { n: number }).n;
  return {
    catalogue: label,
    features: count('features'),
    games: count('games'),
    requests: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: Math.max(...times),
    cpuP50: percentile(cpuTimes, 50),
    cpuP95: percentile(cpuTimes, 95),
    meanCards: cards / times.length,
    loadAverage: mean(loads),
  };
}

const BRANDS = ['Super', 'Pocket', 'Tiny', 'Epic', 'Wild', 'Lucky', 'Magic', 'Mighty', 'Happy', 'Sunny', 'Cosmic', 'Turbo', 'Golden', 'Crystal', 'Neon', 'Jolly', 'Brave', 'Swift', 'Frosty', 'Rocket', 'Velvet', 'Pixel', 'Echo', 'Lunar', 'Maple'];

/** The demo catalogue repeated under new game names until it holds `target` features (deterministic). */
function generatedCatalogue(base: CatalogueData, target: number): CatalogueData {
  const games = [...base.games];
  const features = [...base.features];
  for (let copy = 0; features.length < target; copy++) {
    const brand = `${BRANDS[copy % BRANDS.length]}${copy >= BRANDS.length ? ` ${Math.floor(copy / BRANDS.length) + 1}` : ''}`;
    for (const g of base.games) games.push({ ...g, name: `${brand} ${g.name}`, isTop: false, isNew: false });
    for (const f of base.features) {
      if (features.length >= target) break;
      features.push({ ...f, game: `${brand} ${f.game}` });
    }
  }
  const used = new Set(features.map((f) => f.game));
  return { games: games.filter((g) => used.has(g.name)), features, collections: [] };
}

type QualitySummary = {
  p10: number;
  p10capped: number;
  ndcg10: number;
  judged: number;
  emptyWithRelevant: number;
  expectNothing: number;
  nothingReturned: number;
  reasonsTrueShare: number;
  queries: QueryQuality[];
};

function markdown(report: { date: string; machine: string; quality: QualitySummary; holdout: QualitySummary; latency: Latency[] }): string {
  const f2 = (n: number) => n.toFixed(2);
  const ms = (n: number) => n.toFixed(1);
  const lines = [
    `Measured ${report.date} with \`npm run bench:search\` on ${report.machine}, Node ${process.version}. Offline engine (no LLM).`,
    '',
    `**Quality** on ${report.quality.queries.length} judged designer queries (tests/search/judged.json), demo catalogue: precision@10 **${f2(report.quality.p10)}**, precision@10 capped at the number of relevant features **${f2(report.quality.p10capped)}**, nDCG@10 **${f2(report.quality.ndcg10)}** (means over the ${report.quality.judged} queries with relevant features; grades 2 exact / 1 acceptable). Queries with relevant features that returned nothing: **${report.quality.emptyWithRelevant}**. Queries judged to match nothing that returned nothing: ${report.quality.nothingReturned} of ${report.quality.expectNothing}. Queries where every card's stated reason is true of the card: **${(report.quality.reasonsTrueShare * 100).toFixed(1)}%**.`,
    '',
    `**Held-out queries** (tests/search/judged-holdout.json, ${report.holdout.queries.length} queries judged before the last ranking work and never tuned on): precision@10 ${f2(report.holdout.p10)}, capped **${f2(report.holdout.p10capped)}**, nDCG@10 **${f2(report.holdout.ndcg10)}** (over ${report.holdout.judged} with relevant features); returned nothing with relevant features: ${report.holdout.emptyWithRelevant}; judged to match nothing and returned nothing: ${report.holdout.nothingReturned} of ${report.holdout.expectNothing}.`,
    '',
    '**Latency**, query → board written (POST /api/gemini/process through the app: session, validation, plan, rank, group, one write transaction with the usage count):',
    '',
    '| catalogue | features | games | requests | p50 ms | p95 ms | p99 ms | max ms | CPU p50 ms | CPU p95 ms | cards per search | load average |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...report.latency.map(
      (l) =>
        `| ${l.catalogue} | ${l.features.toLocaleString('en-US')} | ${l.games.toLocaleString('en-US')} | ${l.requests} | ${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.p99)} | ${ms(l.max)} | ${ms(l.cpuP50)} | ${ms(l.cpuP95)} | ${l.meanCards.toFixed(1)} | ${l.loadAverage.toFixed(1)} |`,
    ),
    '',
    `Wall-clock times include waiting for the CPU: this machine has ${os.cpus().length} cores shared with other work (load average column). CPU columns are this process's own time per request.`,
    '',
    'Per query:',
    '',
    '| query | relevant | cards | P@10 | P@10 capped | nDCG@10 | reasons true |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...report.quality.queries.map(
      (q) =>
        `| ${q.query.length > 60 ? `${q.query.slice(0, 57)}...` : q.query} | ${q.relevant} | ${q.cards} | ${f2(q.p10)} | ${f2(q.p10capped)} | ${f2(q.ndcg10)} | ${q.reasonsTrue ? 'yes' : 'NO'} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

function summariseQuality(quality: QueryQuality[]): QualitySummary {
  const judgedRelevant = quality.filter((q) => q.relevant > 0);
  const expectNothing = quality.filter((q) => q.relevant === 0);
  return {
    p10: mean(judgedRelevant.map((q) => q.p10)),
    p10capped: mean(judgedRelevant.map((q) => q.p10capped)),
    ndcg10: mean(judgedRelevant.map((q) => q.ndcg10)),
    judged: judgedRelevant.length,
    emptyWithRelevant: judgedRelevant.filter((q) => q.cards === 0).length,
    expectNothing: expectNothing.length,
    nothingReturned: expectNothing.filter((q) => q.cards === 0).length,
    reasonsTrueShare: quality.filter((q) => q.reasonsTrue).length / quality.length,
    queries: quality,
  };
}

async function main() {
  const base = readCatalogueDir().data;

  const demo = await createTestApp();
  let quality: QueryQuality[];
  let holdoutQuality: QueryQuality[];
  const latency: Latency[] = [];
  try {
    await loadCatalogue(demo.db, planCatalogue(base));
    quality = await measureQuality(demo);
    holdoutQuality = await measureQuality(demo, holdout);
    latency.push(await measureLatency(demo, 'demo'));
  } finally {
    await demo.close();
  }

  const big = await createTestApp();
  try {
    const loadStart = performance.now();
    await loadCatalogue(big.db, planCatalogue(generatedCatalogue(base, FEATURES)));
    console.log(`generated catalogue loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
    latency.push(await measureLatency(big, `generated ${FEATURES.toLocaleString('en-US')}`));
  } finally {
    await big.close();
  }

  const report = {
    date: new Date().toISOString().slice(0, 10),
    machine: `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    quality: summariseQuality(quality),
    holdout: summariseQuality(holdoutQuality),
    latency,
  };
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/search.json'), `${JSON.stringify(report, null, 1)}\n`);
  fs.writeFileSync(path.join(ROOT, 'bench/results/search.md'), markdown(report));
  console.log(markdown(report).split('\nPer query:')[0]);
  for (const q of quality.filter((x) => x.relevant > 0 && x.p10capped < 0.8)) console.log(`\n${q.query} — P@10 ${q.p10.toFixed(2)}, capped ${q.p10capped.toFixed(2)}\n  ${q.top10.join('\n  ')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
