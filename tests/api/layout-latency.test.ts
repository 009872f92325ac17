import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';
import { openDatabase } from '../../api/db/client';
import { usersRepo } from '../../api/db/repositories/users.repo';
import { seedPlans } from '../../api/db/seed-plans';
import { systemClock, type AppDeps } from '../../api/deps';
import { createSession } from '../../api/services/sessions.service';
import { LAYOUT_UPDATES_MAX } from '#shared/schemas/board';
import { freePort } from '../helpers/free-port';

const CARDS = 200_000;
const SECTIONS = 400;
const RUNS = 3;
const P99_LIMIT_MS = 50;

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** A raw request on a keep-alive socket: status and body text. */
function request(
  port: number,
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const p99 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.99) - 1];

/**
 * One 200,000-item layout save (~13 MB) must not stall the server. The server runs in its own
 * process (`api/server.ts`, as `npm start` runs it) so this process can time it from outside: while the save runs,
 * a small signed-in request (GET /api/boards) is sent again and again, and its 99th-percentile latency must stay
 * within 50 ms of the same request's p99 on the idle server just before (on a quiet machine that is ~2 ms, so the
 * limit is the 50 ms; on a machine busy with other work, the machine's own delays are not blamed on the
 * save). Three saves; the check takes the median run, so one burst of noise does not decide it, while a server that
 * blocks for the save (~0.5-1 s of parsing, validating and writing before the fix) fails every run.
 */
describe('a huge layout save does not stall other requests', () => {
  let child: ChildProcess;
  let port: number;
  let dir: string;
  let cookie: string;
  let boardId: number;
  let updates: string;
  let output = '';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-latency-'));
    const config = loadConfig({ LOOT_DATA_DIR: dir, LOOT_SEED_CATALOGUE: '0' });
    const db = openDatabase(config.dbFile);
    await seedPlans(db, config);
    const deps = { db, config, clock: systemClock } as AppDeps;
    const user = await usersRepo.create(db, {
      email: 'big@example.com',
      usageResetDate: new Date(Date.now() + 86_400_000),
      planId: 4,
    });
    cookie = `loot_session=${await createSession(deps, user.id)}`;
    boardId = Number(
      db.$client
        .prepare("insert into boards (user_id, title, slug) values (?, 'Huge', 'huge') returning id")
        .pluck()
        .get(user.id),
    );
    const insertSection = db.$client
      .prepare("insert into sections (board_id, title, color) values (?, ?, '#FDE2E4') returning id")
      .pluck();
    const insertCard = db.$client
      .prepare('insert into cards (board_id, section_id, title) values (?, ?, ?) returning id')
      .pluck();
    const items: string[] = [];
    db.$client.transaction(() => {
      const sectionIds = Array.from({ length: SECTIONS }, (_, i) => Number(insertSection.get(boardId, `Section ${i}`)));
      for (let i = 0; i < CARDS; i += 1) {
        const id = Number(insertCard.get(boardId, sectionIds[i % SECTIONS], `card ${i}`));
        items.push(
          `{"type":"card","id":${id},"position":{"x":${(i % 5) * 370.5},"y":${Math.floor(i / 5) * 310 + 50}}}`,
        );
      }
      for (const [i, id] of sectionIds.entries()) {
        items.push(
          `{"type":"section","id":${id},"position":{"x":0,"y":${i * 1000}},"size":{"width":1900,"height":900}}`,
        );
      }
    })();
    db.$client.close();
    expect(items.length).toBeLessThanOrEqual(LAYOUT_UPDATES_MAX);
    updates = `{"updates":[${items.join(',')}]}`;

    port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        LOOT_DATA_DIR: dir,
        LOOT_SEED_CATALOGUE: '0',
        LOOT_WEB_DIR: path.join(dir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    for (const deadline = Date.now() + 60_000; ;) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      const up = await request(port, 'GET', '/api/health', {}).catch(() => null);
      if (up?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);

  afterAll(async () => {
    agent.destroy();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const save = async (body: string) =>
    request(
      port,
      'PATCH',
      `/api/boards/${boardId}/layout`,
      {
        cookie,
        origin: `http://127.0.0.1:${port}`,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      },
      body,
    );

  /**
   * Latencies of GET /api/boards, sent one after another until `until()` says stop. Every request sent before then
   * counts, including one still waiting when the save ends: that is the one a blocked server delays the most.
   */
  async function sampleSmallRequests(until: () => boolean): Promise<number[]> {
    const latencies: number[] = [];
    while (!until()) {
      const sent = performance.now();
      const res = await request(port, 'GET', '/api/boards', { cookie });
      latencies.push(performance.now() - sent);
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 2));
    }
    return latencies;
  }

  it(`answers a small request within ${P99_LIMIT_MS} ms p99 (over the idle server's own p99) while ${CARDS + SECTIONS} items are saved`, async () => {
    const runs: { p99: number; idleP99: number; samples: number; saveMs: number; worst: number[] }[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // The same small request on the idle server first, for as long as the last save took: what the machine's
      // own load costs right now, so the check below measures what the save adds.
      const idleFor = runs.at(-1)?.saveMs ?? 2000;
      const idleUntil = performance.now() + idleFor;
      const idle = await sampleSmallRequests(() => performance.now() > idleUntil);

      let done = false;
      const startedAt = performance.now();
      const saving = save(updates).finally(() => {
        done = true;
      });
      const latencies = await sampleSmallRequests(() => done);
      const saved = await saving;
      expect(saved.status, saved.text.slice(0, 300)).toBe(200);
      expect(JSON.parse(saved.text)).toEqual({ success: true, cards: CARDS, sections: SECTIONS });
      runs.push({
        p99: Math.round(p99(latencies)),
        idleP99: Math.round(p99(idle)),
        samples: latencies.length,
        saveMs: Math.round(performance.now() - startedAt),
        worst: [...latencies]
          .sort((a, b) => b - a)
          .slice(0, 5)
          .map(Math.round),
      });
    }
    console.log('layout save, small-request latency (ms):', JSON.stringify(runs));
    const added = runs.map((r) => r.p99 - r.idleP99).sort((a, b) => a - b);
    expect(added[Math.floor(RUNS / 2)]).toBeLessThan(P99_LIMIT_MS);
    // Enough requests answered during each save for a p99 to mean something.
    for (const r of runs) expect(r.samples).toBeGreaterThanOrEqual(20);
  }, 240_000);

  it(`refuses more than ${LAYOUT_UPDATES_MAX} items with 413 and writes nothing`, async () => {
    const item = '{"type":"card","id":1,"position":{"x":7,"y":7}}';
    const body = `{"updates":[${Array(LAYOUT_UPDATES_MAX + 1)
      .fill(item)
      .join(',')}]}`;
    const res = await save(body);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text).error).toMatchObject({
      code: 'payload_too_large',
      message: `A layout save takes at most ${LAYOUT_UPDATES_MAX} items`,
    });
  }, 60_000);
});
