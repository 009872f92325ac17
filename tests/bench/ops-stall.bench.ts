/**
 * `npm run bench:ops-stall`: does the largest batch the ops door accepts stall everyone else? Against a real
 * `api/server.ts` process over SQLite, a `/api/health/live` probe runs every few milliseconds on its own connection
 * while one user sends, one after another, a batch of BOARD_BATCH_ITEMS_MAX `card.create` ops and a `layout.set`
 * of as many cards. The probe's p50 / p99 / max while the batches are in flight say how long the event loop was held
 * (SECURITY.md: one request never stalls the others; target p99 < 100 ms). Writes bench/results/ops-stall.json
 * and .md.
 *
 * Env: LOOT_BENCH_ROUNDS=2 (times each batch is sent)
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { BOARD_BATCH_ITEMS_MAX } from '#shared/constants';
import { startServer } from '../e2e/fixtures';
import { devSession, expectOk, percentile, send } from './live-http';
import { BENCH_SMOKE, benchResultsDir } from './bench-results';

const ROUNDS = Number(process.env.LOOT_BENCH_ROUNDS ?? 2);
/** A batch at the cap; the smoke run (LOOT_BENCH_SMOKE=1) sends a small one, only to show the bench still runs. */
const BATCH_ITEMS = BENCH_SMOKE ? 200 : BOARD_BATCH_ITEMS_MAX;
const RESULTS = benchResultsDir();
const PROBE_EVERY_MS = 5;

/** One probe connection of its own, so the probe never queues behind the batch's socket. */
const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function probeOnce(base: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(new URL('/api/health/live', base), { agent: probeAgent }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - started));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Probes until `done` settles; answers every probe's latency (ms). */
async function probeWhile(base: string, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const times: number[] = [];
  while (!finished) {
    times.push(await probeOnce(base));
    await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
  }
  return times;
}

let batches = 0;
const batchId = () => `stall-${process.pid}-${(batches += 1)}`;

const createOps = (round: number) =>
  Array.from({ length: BATCH_ITEMS }, (_, i) => ({
    type: 'card.create',
    ref: `c${i}`,
    card: {
      title: `Reference ${round}-${i}: starter pack offer`,
      description: 'A starter pack shown after the third level, with a countdown and a crossed-out price.',
      position: { x: (i % 100) * 370, y: Math.floor(i / 100) * 310 },
    },
  }));

type Sample = {
  batch: string;
  items: number;
  bodyBytes: number;
  requestMs: number;
  probes: number;
  p50: number;
  p99: number;
  max: number;
};

async function measure(
  base: string,
  cookie: string,
  name: string,
  path: string,
  body: unknown,
): Promise<{ sample: Sample; answer: unknown }> {
  const started = performance.now();
  const sending = expectOk(send(base, 'POST', path, { cookie }, body));
  const times = await probeWhile(base, sending);
  const answer = await sending;
  const requestMs = performance.now() - started;
  const items = (body as { ops: { type: string; cards?: unknown[] }[] }).ops.reduce(
    (n, op) => n + (op.cards?.length ?? 1),
    0,
  );
  const sample: Sample = {
    batch: name,
    items,
    bodyBytes: Buffer.byteLength(JSON.stringify(body)),
    requestMs: Math.round(requestMs),
    probes: times.length,
    p50: Math.round(percentile(times, 50) * 10) / 10,
    p99: Math.round(percentile(times, 99) * 10) / 10,
    max: Math.round(Math.max(...times) * 10) / 10,
  };
  console.log(
    `${name}: ${items} items, ${(sample.bodyBytes / 1e6).toFixed(2)} MB, ${sample.requestMs} ms; probe p50 ${sample.p50} ms, p99 ${sample.p99} ms, max ${sample.max} ms (${sample.probes} probes)`,
  );
  return { sample, answer };
}

async function main() {
  // The write limit is for people: the bench sends far more than a minute's worth on purpose.
  const server = await startServer({
    LOOT_DEV_LOGIN: '1',
    LOOT_SEED_CATALOGUE: '0',
    LOOT_BOARD_OPS_PER_MINUTE: '100000000',
  });
  const samples: Sample[] = [];
  try {
    const cookie = await devSession(server.url);
    for (let round = 0; round < ROUNDS; round++) {
      const board = await expectOk(
        send(server.url, 'POST', '/api/boards', { cookie }, { title: `Stall bench ${round}` }),
      );
      const created = await measure(server.url, cookie, 'card.create', `/api/boards/${board.id}/ops`, {
        batchId: batchId(),
        ops: createOps(round),
      });
      samples.push(created.sample);
      const ids = Object.values((created.answer as { refs: Record<string, number> }).refs);
      const layout = {
        type: 'layout.set',
        cards: ids.map((id, i) => ({ id, position: { x: (i % 80) * 400 + round + 1, y: Math.floor(i / 80) * 320 } })),
      };
      samples.push(
        (
          await measure(server.url, cookie, 'layout.set', `/api/boards/${board.id}/ops`, {
            batchId: batchId(),
            ops: [layout],
          })
        ).sample,
      );
    }
    const worst = samples.reduce((a, b) => (b.p99 > a.p99 ? b : a));
    const loadAverage = os.loadavg()[0];
    console.log(
      `worst probe p99 beside a batch at the cap: ${worst.p99} ms (${worst.batch}); load ${loadAverage.toFixed(2)}`,
    );
    fs.mkdirSync(RESULTS, { recursive: true });
    fs.writeFileSync(
      path.join(RESULTS, 'ops-stall.json'),
      JSON.stringify({ cap: BATCH_ITEMS, samples, loadAverage }, null, 2) + '\n',
    );
    const rows = samples.map(
      (s) =>
        `| ${s.batch} | ${s.items} | ${(s.bodyBytes / 1e6).toFixed(2)} | ${s.requestMs} | ${s.p50} | ${s.p99} | ${s.max} |`,
    );
    fs.writeFileSync(
      path.join(RESULTS, 'ops-stall.md'),
      [
        '| batch | items | MB | request ms | probe p50 ms | probe p99 ms | probe max ms |',
        '|---|---|---|---|---|---|---|',
        ...rows,
        '',
      ].join('\n'),
    );
  } finally {
    probeAgent.destroy();
    await server.stop();
  }
}

await main();
