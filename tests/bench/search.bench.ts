/**
 * `npm run bench:search`: the offline query engine's quality and speed ("Measured quality and speed").
 *
 * Quality: every query of tests/search/judged.json (and, reported apart, of the held-out tests/search/judged-holdout.json
 * and of the blind tests/search/blind.json) through the offline engine on the demo catalogue; the first 10 of its cards in board order are scored against the judgments (precision@10, precision@10 capped at the
 * number of relevant features, nDCG@10 with graded gains), over the queries that have relevant features. Also
 *: how many of those return nothing (target 0), how many of the queries judged to match nothing
 * return nothing, and the share of queries where every card's stated reason is true of the card, checked
 * against the catalogue's own facts (its tag, its game's genre and tier, its game, its text). For the blind queries
 * that name a genre, sub-genre or game: the share of the first section's cards that belong to it, and
 * whether the first section holds a judged match when the scope has one.
 * Speed: POST /api/gemini/process through the real app (session, validation, planning, ranking, grouping, and
 * the write transaction with the usage count and the query row), on the demo catalogue and on a generated
 * 100,000-feature catalogue (the demo catalogue's games and features repeated under new game names, so words and
 * tags have realistic spreads). Writes bench/results/search.json and bench/results/search.md.
 *
 * Env: LOOT_BENCH_FEATURES=100000  LOOT_BENCH_ITERATIONS=300. `-- --quality`: the scores and misses only, on SQLite.
 *
 * `npm run bench:search -- --postgres`: the same quality and speed on SQLite and on PostgreSQL side by
 * side, on a throwaway cluster this run starts and removes (tests/helpers/pg-cluster.ts; needs the PostgreSQL server
 * binaries): the three judged sets on the demo catalogue, and query → board latency on the demo catalogue and on a
 * generated LOOT_BENCH_PG_FEATURES-feature catalogue (default 10,000) on each database. Writes
 * bench/results/search-postgres.json and bench/results/search-postgres.md (the SQLite-only run's files stay as they are).
 * With LOOT_BENCH_PG_URL, only the generated catalogue's latency on that kept database (keptPostgresLatency).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCatalogueDir, type CatalogueData } from '../../api/catalogue/catalogue-files';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../api/catalogue/load-catalogue';
import { excludedFeatures, loadCatalogueWords, loadGameIndex, offlinePlan } from '../../api/search/engine';
import { runPlan } from '../../api/search/pipeline';
import { foldText, IRREGULAR_PLURALS, wordStem } from '../../api/search/text';
import type { CardReason } from '#shared/schemas/card';
import { createApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { closePostgresDatabase, openPostgresDatabase } from '../../api/db/postgres';
import { usersRepo } from '../../api/db/repositories/users.repo';
import { seedPlans } from '../../api/db/seed-plans';
import type { AppDeps } from '../../api/deps';
import { createSession } from '../../api/services/sessions.service';
import { startPgCluster } from '../helpers/pg-cluster';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';
import {
  cappedPrecisionAtK,
  inScope,
  judgmentKey,
  mean,
  ndcgAtK,
  percentile,
  precisionAtK,
  type JudgedQuery,
  type JudgedSet,
} from './search-metrics';
import { benchResultsDir } from './bench-results';
import { createAppDeps } from '../../api/app-deps';

const FEATURES = Number(process.env.LOOT_BENCH_FEATURES ?? 100_000);
const ITERATIONS = Number(process.env.LOOT_BENCH_ITERATIONS ?? 300);
const PG_FEATURES = Number(process.env.LOOT_BENCH_PG_FEATURES ?? 10_000);
const WARMUP = 30;
const ROOT = path.resolve(import.meta.dirname, '../..');
const judged = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/search/judged.json'), 'utf8')) as JudgedSet;
/** Queries judged before a round of ranking work and never tuned on: whether the tuning generalises. */
const holdout = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/search/judged-holdout.json'), 'utf8')) as JudgedSet;
/** Designer queries written and judged without reading the engine, frozen, never tuned on. */
const blind = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/search/blind.json'), 'utf8')) as JudgedSet;
/** Designer queries written like the blind set's, by other sessions, for tuning the engine on (never blind.json). */
const tuning = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/search/tuning.json'), 'utf8')) as JudgedSet;

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
  /** The judged features outside the first ten: where the board has them (1-based), or '—' when it has them not. */
  missed: string[];
  /** blind.json's kind of query (genre, subgenre, game, typo, open). */
  kind?: string;
  /** A query that names a genre, sub-genre or game (blind.json's scope): how its first section answers it. */
  scoped?: ScopedAnswer;
};

/**
 * The first section of a scoped query's board: how many of its cards belong to the named scope, whether
 * it holds a judged match when the scope has one, and for a scope with no match, how many of the topic's features
 * outside it (blind.json's `elsewhere`) the board still shows.
 */
type ScopedAnswer = {
  firstSectionTitle: string;
  firstSectionCards: number;
  firstSectionInScope: number;
  /** The scope has judged matches. */
  scopeHasMatch: boolean;
  /** Judged matches in the first section. */
  matchesInFirstSection: number;
  elsewhereShown: number;
  elsewhere: number;
};

type FeatureFacts = {
  id: number;
  game: string;
  feature: string;
  tag: string;
  genre: string;
  tier: string;
  text: string;
  genreName: string;
  subgenre: string;
};

/** A stated reason checked against the catalogue row, independently of how the engine chose it. */
function reasonIsTrue(r: CardReason, f: FeatureFacts): boolean {
  if (r.kind === 'tag') return r.value === f.tag;
  if (r.kind === 'genre') return r.value === f.genre;
  if (r.kind === 'tier') return r.value === f.tier;
  if (r.kind === 'game') return r.value === f.game;
  // A word with an irregular plural is said by either form: a card that says "lives" says “life”.
  const text = foldText(f.text);
  const stem = wordStem(r.value);
  const plural = IRREGULAR_PLURALS.get(stem);
  return text.includes(stem) || (plural !== undefined && text.includes(plural));
}

/** What the bench needs of an app: createTestApp's on SQLite, postgresApp's below on PostgreSQL. */
type BenchApp = Pick<TestApp, 'db' | 'sql' | 'signIn' | 'call' | 'close'>;

async function measureQuality(t: BenchApp, set: JudgedSet = judged): Promise<QueryQuality[]> {
  const games = await loadGameIndex(t.db);
  const facts = new Map(
    (
      await t.sql<FeatureFacts>(
        `select f.id, g.name game, f.feature_screen_name feature, f.primary_tag || '/' || f.secondary_tag tag, g.genre || '/' || g.subgenre genre,
                g.genre "genreName", g.subgenre, g.tier, f.feature_screen_name || ' ' || f.short_description || ' ' || f.detailed_description text
           from features f join games g on g.id = f.game_id`,
      )
    ).map((r) => [r.id, r]),
  );
  return Promise.all(
    set.queries.map(async (q) => {
      const grades = new Map(q.relevant.map((r) => [judgmentKey(r.game, r.feature), r.grade]));
      const result = await runPlan(
        t.db,
        await offlinePlan(t.db, q.query, games),
        games,
        await excludedFeatures(t.db, q.query),
      );
      const ranked = result.rankedIds.map((id) => judgmentKey(facts.get(id)!.game, facts.get(id)!.feature));
      const cards = result.sections.flatMap((s) => s.features);
      return {
        query: q.query,
        p10: precisionAtK(ranked, grades),
        p10capped: cappedPrecisionAtK(ranked, grades),
        ndcg10: ndcgAtK(ranked, grades),
        relevant: grades.size,
        cards: cards.length,
        reasonsTrue: cards.every(
          (c) => c.reasons.length > 0 && c.reasons.every((r) => reasonIsTrue(r, facts.get(c.id)!)),
        ),
        top10: ranked.slice(0, 10).map((k) => `${(grades.get(k) ?? 0) > 0 ? '✓' : '✗'} ${k.replace('\u0000', ' / ')}`),
        missed: q.relevant
          .map((r) => ({ r, at: ranked.indexOf(judgmentKey(r.game, r.feature)) }))
          .filter(({ at }) => at < 0 || at >= 10)
          .map(({ r, at }) => `${r.game} / ${r.feature} (grade ${r.grade}) at ${at < 0 ? '—' : at + 1}`),
        ...(q.kind ? { kind: q.kind } : {}),
        ...(q.scope ? { scoped: scopedAnswer(q, result.sections, facts, grades, new Set(ranked)) } : {}),
      };
    }),
  );
}

function scopedAnswer(
  q: JudgedQuery,
  sections: { title: string; features: { id: number }[] }[],
  facts: ReadonlyMap<number, FeatureFacts>,
  grades: ReadonlyMap<string, number>,
  onBoard: ReadonlySet<string>,
): ScopedAnswer {
  const first = sections[0]?.features.map((f) => facts.get(f.id)!) ?? [];
  return {
    firstSectionTitle: sections[0]?.title ?? '',
    firstSectionCards: first.length,
    firstSectionInScope: first.filter((f) =>
      inScope(q.scope!, { name: f.game, genre: f.genreName, subgenre: f.subgenre }),
    ).length,
    scopeHasMatch: q.relevant.length > 0,
    matchesInFirstSection: first.filter((f) => (grades.get(judgmentKey(f.game, f.feature)) ?? 0) > 0).length,
    elsewhereShown: (q.elsewhere ?? []).filter((e) => onBoard.has(judgmentKey(e.game, e.feature))).length,
    elsewhere: q.elsewhere?.length ?? 0,
  };
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
  /** PostgreSQL only: the cluster's CPU time per request (its processes', mean), on top of the Node CPU columns. */
  databaseCpuMean?: number;
};

async function measureLatency(t: BenchApp, label: string, databaseCpuMs?: () => number): Promise<Latency> {
  const { cookie } = await t.signIn(undefined, { monthlyLimit: -1, planId: 3 });
  const queries = judged.queries.map((q) => q.query);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const loads: number[] = [];
  let cards = 0;
  let boardId = 0;
  let databaseCpuStart = 0;
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    if (i === WARMUP) databaseCpuStart = databaseCpuMs?.() ?? 0;
    // A fresh board every 20 searches: boards grow the way a designer's do, without one board of 9,000 cards.
    if (i % 20 === 0) {
      const res = await t.call('POST', '/api/boards', { cookie, json: { title: `Bench ${i}` } });
      boardId = ((await res.json()) as { id: number }).id;
    }
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    const res = await t.call('POST', '/api/gemini/process', {
      cookie,
      json: { query: queries[i % queries.length], boardId },
    });
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
  const count = async (table: string) => Number((await t.sql<{ n: number }>(`select count(*) n from ${table}`))[0].n);
  return {
    catalogue: label,
    features: await count('features'),
    games: await count('games'),
    requests: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: Math.max(...times),
    cpuP50: percentile(cpuTimes, 50),
    cpuP95: percentile(cpuTimes, 95),
    meanCards: cards / times.length,
    loadAverage: mean(loads),
    ...(databaseCpuMs ? { databaseCpuMean: (databaseCpuMs() - databaseCpuStart) / times.length } : {}),
  };
}

const BRANDS = [
  'Super',
  'Pocket',
  'Tiny',
  'Epic',
  'Wild',
  'Lucky',
  'Magic',
  'Mighty',
  'Happy',
  'Sunny',
  'Cosmic',
  'Turbo',
  'Golden',
  'Crystal',
  'Neon',
  'Jolly',
  'Brave',
  'Swift',
  'Frosty',
  'Rocket',
  'Velvet',
  'Pixel',
  'Echo',
  'Lunar',
  'Maple',
];

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
  /** Scores by blind.json's kind of query (only for a set whose queries carry one). */
  byKind?: { kind: string; queries: number; p10capped: number; ndcg10: number }[];
  /** The scoped queries' first sections (only for a set whose queries carry a scope). */
  scoped?: ScopedSummary;
  queries: QueryQuality[];
};

type ScopedSummary = {
  queries: number;
  /** Scoped queries whose scope has a judged match. */
  withMatch: number;
  /** Of those queries' first sections, the share of cards that belong to the named scope (target ≥ 0.98). */
  firstSectionInScopeShare: number;
  /** Of those queries, how many show a judged match in the first section (target: all). */
  matchInFirstSection: number;
  /** Scoped queries whose scope has no match, and how many of them still show the topic elsewhere. */
  withoutMatch: number;
  elsewhereShown: number;
};

function summariseScoped(quality: QueryQuality[]): ScopedSummary | undefined {
  const scoped = quality.flatMap((q) => (q.scoped ? [q.scoped] : []));
  if (!scoped.length) return undefined;
  const withMatch = scoped.filter((s) => s.scopeHasMatch);
  const withoutMatch = scoped.filter((s) => !s.scopeHasMatch);
  const cards = withMatch.reduce((n, s) => n + s.firstSectionCards, 0);
  return {
    queries: scoped.length,
    withMatch: withMatch.length,
    firstSectionInScopeShare: cards ? withMatch.reduce((n, s) => n + s.firstSectionInScope, 0) / cards : 0,
    matchInFirstSection: withMatch.filter((s) => s.matchesInFirstSection > 0).length,
    withoutMatch: withoutMatch.length,
    elsewhereShown: withoutMatch.filter((s) => s.elsewhereShown > 0).length,
  };
}

function summariseKinds(quality: QueryQuality[]): QualitySummary['byKind'] {
  const kinds = [...new Set(quality.flatMap((q) => (q.kind ? [q.kind] : [])))];
  if (!kinds.length) return undefined;
  return kinds.map((kind) => {
    const judgedOfKind = quality.filter((q) => q.kind === kind && q.relevant > 0);
    return {
      kind,
      queries: judgedOfKind.length,
      p10capped: mean(judgedOfKind.map((q) => q.p10capped)),
      ndcg10: mean(judgedOfKind.map((q) => q.ndcg10)),
    };
  });
}

/** The blind set's paragraph: its scores, by kind, and how the scoped queries' first sections answer them. */
function blindMarkdown(b: QualitySummary): string[] {
  const f2 = (n: number) => n.toFixed(2);
  const sc = b.scoped!;
  return [
    `**Blind queries** (tests/search/blind.json, ${b.queries.length} designer queries written and judged without reading the engine, frozen, never tuned on): precision@10 ${f2(b.p10)}, capped **${f2(b.p10capped)}**, nDCG@10 **${f2(b.ndcg10)}** (over ${b.judged} with relevant features; targets 0.90 and 0.93); returned nothing with relevant features: ${b.emptyWithRelevant}. By kind (capped P@10 / nDCG@10): ${(b.byKind ?? []).map((k) => `${k.kind} ${f2(k.p10capped)} / ${f2(k.ndcg10)} (${k.queries})`).join(', ')}.`,
    '',
    `**Scoped blind queries** (${sc.queries} name a genre, sub-genre or game): of the first sections of the ${sc.withMatch} whose scope has a match, **${(sc.firstSectionInScopeShare * 100).toFixed(1)}%** of cards belong to the named scope (target ≥ 98%); **${sc.matchInFirstSection} of ${sc.withMatch}** show a judged match in the first section (target: all). Of the ${sc.withoutMatch} whose scope has no match, ${sc.elsewhereShown} still show the topic from elsewhere.`,
  ];
}

function blindTable(b: QualitySummary): string[] {
  const f2 = (n: number) => n.toFixed(2);
  return [
    '| blind query | kind | relevant | cards | P@10 capped | nDCG@10 | first section: title · in scope / cards · matches |',
    '|---|---|---:|---:|---:|---:|---|',
    ...b.queries.map((q) => {
      const s = q.scoped;
      const first = s
        ? `${s.firstSectionTitle} · ${s.firstSectionInScope}/${s.firstSectionCards} · ${s.scopeHasMatch ? s.matchesInFirstSection : `no match in scope, ${s.elsewhereShown}/${s.elsewhere} elsewhere shown`}`
        : '';
      return `| ${q.query} | ${q.kind ?? ''} | ${q.relevant} | ${q.cards} | ${f2(q.p10capped)} | ${f2(q.ndcg10)} | ${first} |`;
    }),
  ];
}

function markdown(report: {
  date: string;
  machine: string;
  quality: QualitySummary;
  holdout: QualitySummary;
  blind: QualitySummary;
  latency: Latency[];
  catalogueWordsSeconds: number;
}): string {
  const f2 = (n: number) => n.toFixed(2);
  const ms = (n: number) => n.toFixed(1);
  const lines = [
    `Measured ${report.date} with \`npm run bench:search\` on ${report.machine}, Node ${process.version}. Offline engine (no LLM).`,
    '',
    `**Quality** on ${report.quality.queries.length} judged designer queries (tests/search/judged.json), demo catalogue: precision@10 **${f2(report.quality.p10)}**, precision@10 capped at the number of relevant features **${f2(report.quality.p10capped)}**, nDCG@10 **${f2(report.quality.ndcg10)}** (means over the ${report.quality.judged} queries with relevant features; grades 2 exact / 1 acceptable). Queries with relevant features that returned nothing: **${report.quality.emptyWithRelevant}**. Queries judged to match nothing that returned nothing: ${report.quality.nothingReturned} of ${report.quality.expectNothing}. Queries where every card's stated reason is true of the card: **${(report.quality.reasonsTrueShare * 100).toFixed(1)}%**.`,
    '',
    `**Held-out queries** (tests/search/judged-holdout.json, ${report.holdout.queries.length} queries judged before the last ranking work and never tuned on): precision@10 ${f2(report.holdout.p10)}, capped **${f2(report.holdout.p10capped)}**, nDCG@10 **${f2(report.holdout.ndcg10)}** (over ${report.holdout.judged} with relevant features); returned nothing with relevant features: ${report.holdout.emptyWithRelevant}; judged to match nothing and returned nothing: ${report.holdout.nothingReturned} of ${report.holdout.expectNothing}.`,
    '',
    ...blindMarkdown(report.blind),
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
    `Counting the generated catalogue's words for spelling (api/search/spelling.ts; the server does it at start, in slices between requests, and again after the features change) took ${report.catalogueWordsSeconds.toFixed(1)} s.`,
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
    ...blindTable(report.blind),
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
    byKind: summariseKinds(quality),
    scoped: summariseScoped(quality),
    queries: quality,
  };
}

async function main() {
  if (process.argv.includes('--postgres')) return comparePostgres();
  const base = readCatalogueDir().data;

  if (process.argv.includes('--quality')) return printQualityOnly(base);
  const demo = await createTestApp();
  let quality: QueryQuality[];
  let holdoutQuality: QueryQuality[];
  let blindQuality: QueryQuality[];
  const latency: Latency[] = [];
  try {
    await loadCatalogue(demo.db, planCatalogue(base));
    quality = await measureQuality(demo);
    holdoutQuality = await measureQuality(demo, holdout);
    blindQuality = await measureQuality(demo, blind);
    latency.push(await measureLatency(demo, 'demo'));
  } finally {
    await demo.close();
  }

  const big = await createTestApp();
  let wordsSeconds = 0;
  try {
    const loadStart = performance.now();
    await loadCatalogue(big.db, planCatalogue(generatedCatalogue(base, FEATURES)));
    console.log(`generated catalogue loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
    // As the server does at start (api/server.ts): the catalogue's words queries are read against, counted once.
    const wordsStart = performance.now();
    await loadCatalogueWords(big.db);
    wordsSeconds = (performance.now() - wordsStart) / 1000;
    latency.push(await measureLatency(big, `generated ${FEATURES.toLocaleString('en-US')}`));
  } finally {
    await big.close();
  }

  const report = {
    date: new Date().toISOString().slice(0, 10),
    machine: `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    quality: summariseQuality(quality),
    holdout: summariseQuality(holdoutQuality),
    blind: summariseQuality(blindQuality),
    latency,
    catalogueWordsSeconds: wordsSeconds,
  };
  fs.mkdirSync(benchResultsDir(), { recursive: true });
  fs.writeFileSync(path.join(benchResultsDir(), 'search.json'), `${JSON.stringify(report, null, 1)}\n`);
  fs.writeFileSync(path.join(benchResultsDir(), 'search.md'), markdown(report));
  console.log(markdown(report).split('\nPer query:')[0]);
  // The judged set's misses only: the blind set is measured and recorded, its misses never shown to tune on.
  printMisses(quality);
}

/**
 * `npm run bench:search -- --quality`: the three sets' scores and misses on SQLite, no latency, nothing written
 * (seconds instead of minutes, for work on the engine).
 */
async function printQualityOnly(base: CatalogueData) {
  const demo = await createTestApp();
  try {
    await loadCatalogue(demo.db, planCatalogue(base));
    const sets = [
      await measureQuality(demo),
      await measureQuality(demo, holdout),
      await measureQuality(demo, tuning),
      await measureQuality(demo, blind),
    ];
    const [quality, , tuningQuality] = sets;
    const [j, h, t, b] = sets.map(summariseQuality);
    const line = (name: string, q: QualitySummary) =>
      `${name}: P@10 ${q.p10.toFixed(3)}, capped ${q.p10capped.toFixed(3)}, nDCG@10 ${q.ndcg10.toFixed(3)}`;
    // The misses shown are the judged and tuning sets' only: the blind set's scores are measured, its queries never read.
    printMisses(quality, tuningQuality);
    console.log(
      [
        '',
        line('judged', j),
        line('held-out', h),
        line('tuning', t),
        ...scopedLine('tuning', t),
        line('blind', b),
        ...blindMarkdown(b),
      ].join('\n'),
    );
  } finally {
    await demo.close();
  }
}

/** A set's scoped queries in one line: the share of first-section cards in scope and the first sections showing a match. */
function scopedLine(name: string, q: QualitySummary): string[] {
  const sc = q.scoped;
  return sc
    ? [
        `${name} scoped: ${(sc.firstSectionInScopeShare * 100).toFixed(1)}% of first-section cards in scope, ${sc.matchInFirstSection} of ${sc.withMatch} show a match`,
      ]
    : [];
}

/** The judged queries under 0.8 capped and the tuning set's under 0.9 or whose first section misses its scope, with their first ten. */
function printMisses(judgedQuality: QueryQuality[], tuningQuality: QueryQuality[] = []) {
  const scopeMiss = (q: QueryQuality) =>
    q.scoped !== undefined &&
    q.scoped.scopeHasMatch &&
    (q.scoped.matchesInFirstSection === 0 || q.scoped.firstSectionInScope < q.scoped.firstSectionCards);
  const misses = [
    ...judgedQuality.filter((x) => x.relevant > 0 && x.p10capped < 0.8),
    ...tuningQuality.filter((x) => (x.relevant > 0 && x.p10capped < 0.9) || scopeMiss(x)),
  ];
  for (const q of misses)
    console.log(
      `\n${q.query} — P@10 ${q.p10.toFixed(2)}, capped ${q.p10capped.toFixed(2)}${q.scoped ? `, first section “${q.scoped.firstSectionTitle}” ${q.scoped.firstSectionInScope}/${q.scoped.firstSectionCards} in scope` : ''}\n  ${q.top10.join('\n  ')}${q.missed.length ? `\n  missed: ${q.missed.join('; ')}` : ''}`,
    );
}

/**
 * The app over a PostgreSQL database, as createTestApp builds it over SQLite (createTestApp's own PostgreSQL mode
 * needs vitest's cluster): config in a temp folder, the plans seeded, users signed in with a real session.
 */
async function postgresApp(url: string): Promise<BenchApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-bench-'));
  const config = loadConfig({ LOOT_DATA_DIR: dir, LOOT_SEED_CATALOGUE: '0', DATABASE_URL: url });
  const db = await openPostgresDatabase(url);
  await seedPlans(db, config);
  const deps: AppDeps = createAppDeps({ db, config, clock: testClock() });
  const app = createApp(deps);
  const pool = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> } })
    .$client;
  let users = 0;
  return {
    db,
    async sql<T>(text: string, params: unknown[] = []) {
      let n = 0;
      return (
        await pool.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as T[];
    },
    async signIn(email, patch) {
      users += 1;
      // The process id: a kept database (LOOT_BENCH_PG_URL) still has the users of earlier runs.
      const now = deps.clock.now();
      let user = await usersRepo.create(db, {
        email: email ?? `bench${users}.${process.pid}@example.com`,
        firstName: 'Bench',
        usageResetDate: new Date(now.getTime() + 30 * 86_400_000),
        monthlyLimit: 5,
      });
      if (patch) user = (await usersRepo.update(db, user.id, patch))!;
      return { user, cookie: `loot_session=${await createSession(deps, user.id)}` };
    },
    call(method, url, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers, ...(opts.cookie ? { cookie: opts.cookie } : {}) };
      if (opts.json !== undefined) headers['content-type'] = 'application/json';
      return Promise.resolve(
        app.request(url, { method, headers, body: opts.json === undefined ? undefined : JSON.stringify(opts.json) }),
      );
    },
    async close() {
      await closePostgresDatabase(db);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds the PostgreSQL cluster whose unix socket folder is in `url` has used so far: the postmaster, its
 * exited children and its live backends (Linux /proc; as bench:api measures it).
 */
function postgresCpuMs(url: string): number {
  const socketDir = new URL(url).searchParams.get('host')!;
  const postmaster = Number(fs.readFileSync(path.join(socketDir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const fields = (pid: number | string) => {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  };
  const own = fields(postmaster);
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const child = fields(entry);
      if (Number(child[1]) === postmaster) ticks += Number(child[11]) + Number(child[12]);
    } catch {
      // exited meanwhile: counted in the postmaster's cutime once reaped
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

type DatabaseRun = {
  database: 'SQLite' | 'PostgreSQL';
  quality: QualitySummary;
  holdout: QualitySummary;
  blind: QualitySummary;
  latency: Latency[];
};

/**
 * A catalogue just loaded, as it stands a minute later: on PostgreSQL, vacuumed and analysed, which autovacuum does
 * by itself after a bulk insert (the search reads words' counts from the index alone only on vacuumed pages, and
 * plans by the statistics ANALYZE gathers). SQLite has nothing to do.
 */
async function settle(t: BenchApp, database: DatabaseRun['database']) {
  if (database === 'PostgreSQL') await t.sql('vacuum analyze');
}

/** One database's half of the comparison: both judged sets and the demo catalogue's latency, then the generated catalogue's. */
async function databaseRun(
  database: DatabaseRun['database'],
  open: () => Promise<BenchApp>,
  base: CatalogueData,
  databaseCpuMs?: () => number,
): Promise<DatabaseRun> {
  const demo = await open();
  let run: DatabaseRun;
  try {
    await loadCatalogue(demo.db, planCatalogue(base));
    await settle(demo, database);
    run = {
      database,
      quality: summariseQuality(await measureQuality(demo)),
      holdout: summariseQuality(await measureQuality(demo, holdout)),
      blind: summariseQuality(await measureQuality(demo, blind)),
      latency: [],
    };
    run.latency.push(await measureLatency(demo, 'demo', databaseCpuMs));
  } finally {
    await demo.close();
  }
  const big = await open();
  try {
    const loadStart = performance.now();
    await loadCatalogue(big.db, planCatalogue(generatedCatalogue(base, PG_FEATURES)));
    await settle(big, database);
    console.log(`${database}: generated catalogue loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
    run.latency.push(await measureLatency(big, `generated ${PG_FEATURES.toLocaleString('en-US')}`, databaseCpuMs));
  } finally {
    await big.close();
  }
  return run;
}

/** Judged queries whose first ten cards are the same, in the same order, on both databases. */
function sameTopTen(a: QualitySummary, b: QualitySummary): number {
  return a.queries.filter((q, i) => q.top10.join('\n') === b.queries[i]?.top10.join('\n')).length;
}

function comparisonMarkdown(report: {
  date: string;
  machine: string;
  sqlite: DatabaseRun;
  postgres: DatabaseRun;
}): string {
  const f3 = (n: number) => n.toFixed(3);
  const ms = (n: number) => n.toFixed(1);
  const { sqlite, postgres } = report;
  const row = (label: string, pick: (r: DatabaseRun) => string) => `| ${label} | ${pick(sqlite)} | ${pick(postgres)} |`;
  const latencyRows = sqlite.latency.flatMap((l, i) => {
    const p = postgres.latency[i];
    return [
      `| query → board p50 / p95 / p99 ms, ${l.catalogue} (${l.features.toLocaleString('en-US')} features) | ${ms(l.p50)} / **${ms(l.p95)}** / ${ms(l.p99)} | ${ms(p.p50)} / **${ms(p.p95)}** / ${ms(p.p99)} |`,
      `| Node CPU p50 / p95 ms per request, ${l.catalogue} | ${ms(l.cpuP50)} / ${ms(l.cpuP95)} | ${ms(p.cpuP50)} / ${ms(p.cpuP95)} |`,
      `| database server CPU ms per request (mean), ${l.catalogue} | in the Node process | ${p.databaseCpuMean === undefined ? '–' : ms(p.databaseCpuMean)} |`,
      `| cards per search, ${l.catalogue} | ${l.meanCards.toFixed(1)} | ${p.meanCards.toFixed(1)} |`,
      `| load average while measuring, ${l.catalogue} | ${l.loadAverage.toFixed(1)} | ${p.loadAverage.toFixed(1)} |`,
    ];
  });
  return [
    `Measured ${report.date} with \`npm run bench:search -- --postgres\` on ${report.machine}, Node ${process.version}. Offline engine (no LLM). PostgreSQL: a throwaway cluster this run started (tests/helpers/pg-cluster.ts: unix socket; fsync, synchronous_commit and full_page_writes off), on the same cores as the bench; each catalogue is vacuumed and analysed once loaded, as autovacuum does on its own after a bulk load.`,
    '',
    '| | SQLite | PostgreSQL |',
    '|---|---:|---:|',
    row(
      `judged set (${sqlite.quality.queries.length} queries, ${sqlite.quality.judged} with relevant features): precision@10`,
      (r) => `**${f3(r.quality.p10)}**`,
    ),
    row('judged set: precision@10 capped', (r) => f3(r.quality.p10capped)),
    row('judged set: nDCG@10', (r) => f3(r.quality.ndcg10)),
    row('judged set: queries with relevant features that returned nothing', (r) => String(r.quality.emptyWithRelevant)),
    row(
      `held-out set (${sqlite.holdout.queries.length} queries): precision@10 / capped / nDCG@10`,
      (r) => `${f3(r.holdout.p10)} / ${f3(r.holdout.p10capped)} / ${f3(r.holdout.ndcg10)}`,
    ),
    row(
      `blind set (${sqlite.blind.queries.length} queries, ${sqlite.blind.judged} with relevant features): precision@10 / capped / nDCG@10`,
      (r) => `${f3(r.blind.p10)} / **${f3(r.blind.p10capped)}** / **${f3(r.blind.ndcg10)}**`,
    ),
    row(
      `blind set, scoped queries with a match (${sqlite.blind.scoped!.withMatch}): first-section cards in the named scope`,
      (r) => `${(r.blind.scoped!.firstSectionInScopeShare * 100).toFixed(1)}%`,
    ),
    row(
      'blind set, scoped queries with a match: a judged match in the first section',
      (r) => `${r.blind.scoped!.matchInFirstSection} of ${r.blind.scoped!.withMatch}`,
    ),
    row(
      `blind set, scoped queries with no match (${sqlite.blind.scoped!.withoutMatch}): the topic still shown elsewhere`,
      (r) => `${r.blind.scoped!.elsewhereShown} of ${r.blind.scoped!.withoutMatch}`,
    ),
    row('queries where every stated reason is true', (r) => `${(r.quality.reasonsTrueShare * 100).toFixed(1)}%`),
    ...latencyRows,
    '',
    `Precision@10 differs by **${Math.abs(sqlite.quality.p10 - postgres.quality.p10).toFixed(3)}** (target ≤ 0.02) on the judged set and ${Math.abs(sqlite.holdout.p10 - postgres.holdout.p10).toFixed(3)} on the held-out set. Same first ten cards in the same order on both databases: ${sameTopTen(sqlite.quality, postgres.quality)} of ${sqlite.quality.queries.length} judged queries, ${sameTopTen(sqlite.holdout, postgres.holdout)} of ${postgres.holdout.queries.length} held-out, ${sameTopTen(sqlite.blind, postgres.blind)} of ${postgres.blind.queries.length} blind.`,
    '',
    `Latency: POST /api/gemini/process through the app, ${ITERATIONS} requests after ${WARMUP} warm-up ones per catalogue, the judged queries in turn (target p95 < 150 ms at 10,000 features on both). Wall-clock times include waiting for a core: this machine has ${os.cpus().length} cores shared with other work (load average rows), and on PostgreSQL the database's own processes share them too. The Node CPU rows are the Node process's own time per request, SQLite's work included (it runs in that process); PostgreSQL's work is in the database server row (its processes' CPU time over the run, per request).`,
    '',
  ].join('\n');
}

/**
 * `LOOT_BENCH_PG_URL=postgres://…?host=<cluster folder>`: the generated catalogue's latency only, on a database
 * kept between runs (loaded by the first run, reused by the next ones: loading 100,000 features takes minutes), for
 * work on PostgreSQL's search speed. Migrations newer than the database run when it is opened. Nothing is written.
 * The database server's CPU is read from the cluster whose socket folder is the url's host (pg-cluster.ts's layout).
 */
async function keptPostgresLatency(url: string, base: CatalogueData) {
  const t = await postgresApp(url);
  try {
    const [{ n }] = await t.sql<{ n: number }>('select count(*)::int n from features');
    const loadStart = performance.now();
    if (n === 0) await loadCatalogue(t.db, planCatalogue(generatedCatalogue(base, PG_FEATURES)));
    // Also after a migration that filled a new table.
    await settle(t, 'PostgreSQL');
    console.log(
      `catalogue loaded (${n ? 'kept' : 'now'}) and vacuumed in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
    );
    const latency = await measureLatency(t, 'kept', () => postgresCpuMs(url));
    console.log(JSON.stringify(latency, null, 1));
  } finally {
    await t.close();
  }
}

async function comparePostgres() {
  const base = readCatalogueDir().data;
  if (process.env.LOOT_BENCH_PG_URL) return keptPostgresLatency(process.env.LOOT_BENCH_PG_URL, base);
  const sqlite = await databaseRun('SQLite', () => createTestApp(), base);
  const cluster = startPgCluster();
  let postgres: DatabaseRun;
  try {
    let databases = 0;
    postgres = await databaseRun(
      'PostgreSQL',
      async () => postgresApp(await cluster.createDatabase(`loot_bench_search_${++databases}`)),
      base,
      () => postgresCpuMs(cluster.url('postgres')),
    );
  } finally {
    cluster.stop();
  }
  const report = {
    date: new Date().toISOString().slice(0, 10),
    machine: `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    sqlite,
    postgres,
  };
  fs.mkdirSync(benchResultsDir(), { recursive: true });
  fs.writeFileSync(path.join(benchResultsDir(), 'search-postgres.json'), `${JSON.stringify(report, null, 1)}\n`);
  fs.writeFileSync(path.join(benchResultsDir(), 'search-postgres.md'), comparisonMarkdown(report));
  console.log(comparisonMarkdown(report));
  for (const [i, q] of [...sqlite.quality.queries, ...sqlite.blind.queries].entries()) {
    const p = [...postgres.quality.queries, ...postgres.blind.queries][i];
    if (q.top10.join('\n') !== p.top10.join('\n'))
      console.log(
        `\n${q.query}: P@10 ${q.p10.toFixed(2)} on SQLite, ${p.p10.toFixed(2)} on PostgreSQL\n  SQLite:     ${q.top10.join(' | ')}\n  PostgreSQL: ${p.top10.join(' | ')}`,
      );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
