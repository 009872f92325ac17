/**
 * `npm run bench:api`: requests/s and p50/p99 latency of the main API routes under 20 concurrent clients, against
 * real `api/server.ts` processes. Reads: boards list, a 225-card board's content page (brotli, as a
 * browser asks for it), feature search. Writes: card move, query → board.
 *
 * Columns, in one run:
 *   - SQLite, one instance (always);
 *   - PostgreSQL, one instance, and PostgreSQL, two instances behind a round-robin proxy (below, node:http):
 *     only when DATABASE_URL is set (an empty database the servers migrate and seed), otherwise left out and
 *     said so in the report.
 * Writes bench/results/api.json and bench/results/api.md.
 *
 * Env: LOOT_BENCH_SECONDS=5 (per route)  LOOT_BENCH_CLIENTS=20  DATABASE_URL=postgres://... (the PostgreSQL columns)
 * `npm run bench:api -- --postgres`: the PostgreSQL columns on a throwaway cluster this run starts and removes
 * (tests/helpers/pg-cluster.ts; needs the PostgreSQL server binaries), when DATABASE_URL is not set.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer, type LootServer } from '../e2e/fixtures';
import { freePort } from '../helpers/free-port';
import { startPgCluster, type PgCluster } from '../helpers/pg-cluster';
import { benchResultsDir } from './bench-results';

const SECONDS = Number(process.env.LOOT_BENCH_SECONDS ?? 5);
const CLIENTS = Number(process.env.LOOT_BENCH_CLIENTS ?? 20);
const BOARD_CARDS = 225;
const ROOT = path.resolve(import.meta.dirname, '../..');
const RESULTS = benchResultsDir();
/** What Chromium sends (it asks for br on http://localhost too). */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/**
 * `pids`: the Loot server processes behind `url`, whose CPU time each route is charged. `database`: on
 * PostgreSQL, a probe of the database the servers use (its own connection).
 */
type Target = { name: string; url: string; dataDir: string; pids: number[]; database?: DatabaseProbe };
/**
 * `serverCpuMs`: CPU time (user + system, every thread) the servers spent per request. Unlike requests/s it
 * hardly depends on what else runs on the shared cores; 1000 / serverCpuMs is what one free core would serve.
 */
type RouteResult = {
  route: string;
  kind: 'read' | 'write';
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  serverCpuMs: number;
  /** PostgreSQL only: CPU time of the PostgreSQL server processes per request (when this run started the cluster). */
  databaseCpuMs?: number;
  /** PostgreSQL only: sessions waiting on a lock (a row lock, a named lock: ADR 0008), mean of samples every 20 ms. */
  lockWaiters?: number;
};
/** `loadAverage`: the machine's 1-minute load average before and after the column (other work on shared cores). */
type Column = { target: string; routes: RouteResult[]; loadAverage: [number, number] };

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });

type Sent = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function send(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Sent> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const target = new URL(url, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      target,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const json = (sent: Sent) => JSON.parse(sent.body.toString('utf8'));

const TICKS_PER_SECOND = 100;

/** CPU milliseconds a process has used so far, from /proc (Linux). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of the line (utime, stime), counted after the command name's closing parenthesis.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

const totalCpuMs = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);

/** A PostgreSQL server's CPU so far: the postmaster, its exited children (cutime, cstime) and its live backends. */
function postgresCpuMs(postmaster: number): number {
  const stat = fs.readFileSync(`/proc/${postmaster}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  let ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const child = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const rest = child.slice(child.lastIndexOf(')') + 2).split(' ');
      if (Number(rest[1]) === postmaster) ticks += Number(rest[11]) + Number(rest[12]);
    } catch {
      // exited meanwhile: counted in the postmaster's cutime once reaped
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * What the bench reads from PostgreSQL while a route runs: how many sessions wait on a lock (sampled every
 * 20 ms from pg_locks) and, when the cluster runs on this machine (`postmaster`), its CPU time.
 */
type DatabaseProbe = { pool: pg.Pool; postmaster: number | null };

async function openProbe(databaseUrl: string, local: boolean): Promise<DatabaseProbe> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  let postmaster: number | null = null;
  if (local) {
    const backend = Number((await pool.query('select pg_backend_pid() as pid')).rows[0].pid);
    const stat = fs.readFileSync(`/proc/${backend}/stat`, 'utf8');
    postmaster = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  }
  return { pool, postmaster };
}

/** Samples the sessions waiting on a lock until stopped; resolves to their mean. */
function sampleLockWaiters(probe: DatabaseProbe): { stop(): Promise<number> } {
  const samples: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const { rows } = await probe.pool.query(
        `select count(distinct pid)::int as n from pg_locks where not granted and (database is null or database = (select oid from pg_database where datname = current_database()))`,
      );
      samples.push(rows[0].n as number);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return samples.length ? samples.reduce((a, b) => a + b, 0) / samples.length : NaN;
    },
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** CLIENTS loops, each sending the next request as soon as its last one answered, for SECONDS. */
async function load(
  target: Target,
  route: string,
  kind: 'read' | 'write',
  request: (client: number, i: number) => Promise<Sent>,
  expect: number,
): Promise<RouteResult> {
  // Warm-up: the first requests pay for JIT, prepared statements and (once per ETag) compression.
  for (let i = 0; i < 20; i++) await request(0, i);
  const latencies: number[] = [];
  const unexpected = new Map<string, number>();
  let errors = 0;
  const { pids, database } = target;
  const cpuBefore = totalCpuMs(pids);
  const databaseCpuBefore = database?.postmaster ? postgresCpuMs(database.postmaster) : 0;
  const waiters = database ? sampleLockWaiters(database) : null;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; performance.now() < until; i++) {
        const t0 = performance.now();
        const res = await request(client, i).catch(() => null);
        latencies.push(performance.now() - t0);
        if (!res || res.status !== expect) {
          errors++;
          const what = res ? `${res.status} ${res.body.toString('utf8').slice(0, 120)}` : 'no answer';
          unexpected.set(what, (unexpected.get(what) ?? 0) + 1);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const serverCpuMs = (totalCpuMs(pids) - cpuBefore) / latencies.length;
  const databaseCpuMs = database?.postmaster
    ? (postgresCpuMs(database.postmaster) - databaseCpuBefore) / latencies.length
    : undefined;
  const lockWaiters = waiters ? await waiters.stop() : undefined;
  latencies.sort((a, b) => a - b);
  const result: RouteResult = {
    route,
    kind,
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    serverCpuMs,
    ...(databaseCpuMs === undefined ? {} : { databaseCpuMs }),
    ...(lockWaiters === undefined ? {} : { lockWaiters }),
  };
  const databaseLine = `${databaseCpuMs === undefined ? '' : `  PostgreSQL CPU ${databaseCpuMs.toFixed(2)} ms/req`}${lockWaiters === undefined ? '' : `  waiting on a lock ${lockWaiters.toFixed(1)}`}`;
  console.log(
    `  ${route.padEnd(34)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  server CPU ${serverCpuMs.toFixed(2)} ms/req${databaseLine}  errors ${errors}`,
  );
  for (const [what, n] of unexpected) console.log(`    ${n} × ${what}`);
  return result;
}

/** The dev user's session cookie (dev login answers only a direct loopback request, so ask an instance, not the proxy). */
async function devSession(instanceUrl: string): Promise<string> {
  const res = await send(instanceUrl, 'GET', '/api/dev-login', {});
  const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('loot_session='));
  if (!cookie) throw new Error(`dev login gave no session (status ${res.status})`);
  return cookie.split(';')[0];
}

function createDemoBoard(dataDir: string, env: Record<string, string>): number {
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'api/cli/demo-board.ts',
      '--cards',
      String(BOARD_CARDS),
      '--sections',
      '9',
      '--email',
      'dev@localhost',
      '--progress',
      'json',
    ],
    {
      cwd: ROOT,
      env: { ...process.env, ...env, LOOT_DATA_DIR: dataDir },
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`demo:board failed:\n${run.stdout}\n${run.stderr}`);
  return (JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { boardId: number }).boardId;
}

async function measure(target: Target, instanceUrl: string, env: Record<string, string>): Promise<Column> {
  console.log(`\n${target.name}`);
  const loadBefore = os.loadavg()[0];
  const cookie = await devSession(instanceUrl);
  const base = target.url;
  const headers = { cookie, 'accept-encoding': BROWSER_ENCODINGS, origin: new URL(base).origin };
  // Pro plan (self-hosted mode switches plans without payment): no monthly limit and no locked sections.
  const plan = await send(base, 'PATCH', '/api/user/plan', headers, { planId: 4 });
  if (plan.status !== 200) throw new Error(`plan switch → ${plan.status} ${plan.body}`);
  const boardId = createDemoBoard(target.dataDir, env);
  const content = json(
    await send(base, 'GET', `/api/boards/${boardId}/content?cursor=0&limit=5000`, {
      ...headers,
      'accept-encoding': 'identity',
    }),
  );
  if (content.rows.length !== BOARD_CARDS)
    throw new Error(`the demo board has ${content.rows.length} cards, not ${BOARD_CARDS}`);
  const cardIds: number[] = content.rows.map((r: unknown[]) => r[0] as number);
  // One target board per client: each query adds cards to its board, so the boards stay small and alike.
  const queryBoards: number[] = [];
  for (let i = 0; i < CLIENTS; i++)
    queryBoards.push(
      json(await send(base, 'POST', '/api/boards', headers, { title: `Query target ${i + 1}` })).id as number,
    );
  const queries = [
    'Starter Pack in Match-3',
    'battle pass',
    'daily login rewards',
    'limited time offer',
    'shop layout',
    'season pass in RPG',
  ];

  const routes: RouteResult[] = [];
  routes.push(await load(target, 'GET /api/boards', 'read', () => send(base, 'GET', '/api/boards', headers), 200));
  routes.push(
    await load(
      target,
      `GET board content (${BOARD_CARDS} cards, br)`,
      'read',
      () => send(base, 'GET', `/api/boards/${boardId}/content?cursor=0&limit=5000`, headers),
      200,
    ),
  );
  routes.push(
    await load(
      target,
      'POST /api/feature-search',
      'read',
      (_c, i) => send(base, 'POST', '/api/feature-search', headers, { filters: i % 2 ? {} : { genres: ['Puzzle'] } }),
      200,
    ),
  );
  routes.push(
    await load(
      target,
      'PATCH card position',
      'write',
      (client, i) =>
        send(base, 'PATCH', `/api/cards/${cardIds[(client * 11 + i) % cardIds.length]}/position`, headers, {
          position: { x: (i * 37) % 4000, y: (client * 53) % 3000 },
        }),
      200,
    ),
  );
  routes.push(
    await load(
      target,
      'POST query → board',
      'write',
      (client, i) =>
        send(base, 'POST', '/api/gemini/process', headers, {
          query: queries[(client + i) % queries.length],
          boardId: queryBoards[client],
        }),
      200,
    ),
  );
  return { target: target.name, routes, loadAverage: [loadBefore, os.loadavg()[0]] };
}

/** The smallest load balancer: each incoming request goes to the next instance in turn, body streamed through. */
async function roundRobinProxy(upstreams: string[]): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort();
  let next = 0;
  const server = http.createServer((req, res) => {
    const upstream = new URL(upstreams[next++ % upstreams.length]);
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const serverEnv = { LOOT_DEV_LOGIN: '1' };

async function sqliteColumn(): Promise<Column> {
  const server = await startServer(serverEnv);
  try {
    return await measure(
      { name: 'SQLite, 1 instance', url: server.url, dataDir: server.dataDir, pids: [server.pid] },
      server.url,
      {},
    );
  } finally {
    await server.stop();
  }
}

/**
 * PostgreSQL columns (DATABASE_URL): the servers and the demo-board CLI get DATABASE_URL from this environment.
 * Two instances share the database and the storage folder; the proxy spreads requests across them.
 */
async function postgresColumns(databaseUrl: string, localCluster: boolean): Promise<Column[]> {
  const env = { ...serverEnv, DATABASE_URL: databaseUrl };
  const columns: Column[] = [];
  const one = await startServer(env);
  const database = await openProbe(databaseUrl, localCluster);
  try {
    columns.push(
      await measure(
        { name: 'PostgreSQL, 1 instance', url: one.url, dataDir: one.dataDir, pids: [one.pid], database },
        one.url,
        { DATABASE_URL: databaseUrl },
      ),
    );
    const two: LootServer = await startServer(env);
    const proxy = await roundRobinProxy([one.url, two.url]);
    try {
      columns.push(
        await measure(
          {
            name: 'PostgreSQL, 2 instances + round-robin proxy',
            url: proxy.url,
            dataDir: one.dataDir,
            pids: [one.pid, two.pid],
            database,
          },
          one.url,
          {
            DATABASE_URL: databaseUrl,
          },
        ),
      );
    } finally {
      await proxy.close();
      await two.stop();
    }
  } finally {
    await database.pool.end();
    await one.stop();
  }
  return columns;
}

function renderMarkdown(columns: Column[], note: string): string {
  const routes = columns[0].routes.map((r) => r.route);
  const database = (c: Column) => c.routes.some((r) => r.lockWaiters !== undefined);
  const databaseCpu = (c: Column) => c.routes.some((r) => r.databaseCpuMs !== undefined);
  const header = `| route | ${columns
    .map(
      (c) =>
        `${c.target}: req/s · p50 ms · p99 ms · server CPU ms/req${databaseCpu(c) ? ' · PostgreSQL CPU ms/req' : ''}${database(c) ? ' · waiting on a lock' : ''}`,
    )
    .join(' | ')} |`;
  const rule = `|---|${columns.map(() => '---:').join('|')}|`;
  const rows = routes.map((route) => {
    const cells = columns.map((c) => {
      const r = c.routes.find((x) => x.route === route)!;
      const extra = `${r.databaseCpuMs === undefined ? '' : ` · ${r.databaseCpuMs.toFixed(2)}`}${r.lockWaiters === undefined ? '' : ` · ${r.lockWaiters.toFixed(1)}`}`;
      return `${r.rps.toFixed(0)} · ${r.p50.toFixed(1)} · ${r.p99.toFixed(1)} · ${r.serverCpuMs.toFixed(2)}${extra}${r.errors ? ` (${r.errors} errors)` : ''}`;
    });
    return `| ${route} | ${cells.join(' | ')} |`;
  });
  return [
    '# API throughput (npm run bench:api)',
    '',
    `${CLIENTS} concurrent keep-alive clients, ${SECONDS} s per route after a warm-up, against real \`api/server.ts\` processes; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}. The load generator runs on the same cores, and so does whatever else the machine runs (see the load average): requests/s and latency move with it; server CPU ms per request (user + system of every server thread, from /proc) hardly does, and 1000 / that is what one free core serves.`,
    '',
    header,
    rule,
    ...rows,
    `| machine load average (1 min) before → after | ${columns.map((c) => `${c.loadAverage[0].toFixed(1)} → ${c.loadAverage[1].toFixed(1)}`).join(' | ')} |`,
    '',
    note,
    '',
  ].join('\n');
}

async function main() {
  const columns = [await sqliteColumn()];
  let cluster: PgCluster | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl && process.argv.includes('--postgres')) {
    cluster = startPgCluster();
    databaseUrl = await cluster.createDatabase('loot_bench');
  }
  let note =
    "Reads: the dev user's boards; one page of a 225-card demo board as a browser asks for it (brotli); feature search with no filter and with a genre filter. Writes: a card moved; a query run onto a board (Pro plan, no limit).";
  if (databaseUrl) {
    note += `\n\nPostgreSQL: ${cluster ? 'a throwaway cluster this run started (`--postgres`; tests/helpers/pg-cluster.ts: unix socket, fsync, synchronous_commit and full_page_writes off, so writes are cheaper than on a durable server; SQLite runs WAL with synchronous = NORMAL)' : 'the database DATABASE_URL names'}. "PostgreSQL CPU" is the CPU time of the cluster's processes per request (only when this run started the cluster; it includes the bench's own sampling below, about 50 small queries a second). "Waiting on a lock" is the mean number of sessions waiting on any lock (the row and named locks that hold the read-then-write rules, ADR 0008), sampled from pg_locks every 20 ms: near 0, writes do not queue; near the number of clients, every write waits its turn. The two-instance column sends every request through a round-robin proxy in the load generator's process (one more hop), and both instances share the two cores with PostgreSQL and the load generator.`;
    try {
      columns.push(...(await postgresColumns(databaseUrl, cluster !== undefined)));
    } finally {
      cluster?.stop();
    }
  } else
    note +=
      '\n\nPostgreSQL columns not run: set DATABASE_URL (a PostgreSQL 15+ database the servers may migrate and write to) to add PostgreSQL with one instance and with two instances behind a round-robin proxy.';
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.writeFileSync(
    path.join(RESULTS, 'api.json'),
    JSON.stringify({ clients: CLIENTS, seconds: SECONDS, columns }, null, 2) + '\n',
  );
  fs.writeFileSync(path.join(RESULTS, 'api.md'), renderMarkdown(columns, note));
  console.log(`\nwrote ${path.relative(ROOT, path.join(RESULTS, 'api.md'))}`);
  agent.destroy();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
