import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { withTransaction } from '../../api/db/transaction';
import { createLogger } from '../../api/ops/log';
import { readiness } from '../../api/services/health.service';
import { createTestApp, testDialect, type TestApp } from '../helpers/test-app';

describe('health: live and ready', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('live answers; ready and its alias /api/health check the database and the store', async () => {
    t = await createTestApp();
    const live = await t.call('GET', '/api/health/live');
    expect([live.status, await live.json()]).toEqual([200, { ok: true }]);
    for (const url of ['/api/health/ready', '/api/health']) {
      const ready = await t.call('GET', url);
      expect(ready.status).toBe(200);
      expect(ready.headers.get('cache-control')).toBe('no-store');
      expect(await ready.json()).toEqual({ ok: true, checks: { database: 'ok', storage: 'ok' }, failed: [] });
    }
  });

  it('a store that cannot be written: 503 naming the storage, why in the log only (the endpoint is public); live still answers', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-ready-'));
    const blocker = path.join(dir, 'a-file');
    fs.writeFileSync(blocker, 'not a folder');
    const sink = new PassThrough();
    let logs = '';
    sink.on('data', (chunk) => (logs += chunk));
    t = await createTestApp({
      env: { LOOT_STORAGE_DIR: path.join(blocker, 'storage') },
      extraDeps: { log: createLogger({ destination: sink }) },
    });
    const ready = await t.call('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    const text = await ready.text();
    expect(JSON.parse(text)).toEqual({ ok: false, failed: ['storage'], checks: { database: 'ok', storage: 'failed' } });
    expect(text).not.toContain(dir);
    expect(logs).toMatch(/"check":"storage".*ENOTDIR|ENOTDIR.*"check":"storage"/);
    expect((await t.call('GET', '/api/health/live')).status).toBe(200);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a database that is gone: 503 naming the database', async () => {
    t = await createTestApp();
    await t.sql('alter table plans rename to plans_gone');
    const ready = await t.call('GET', '/api/health');
    await t.sql('alter table plans_gone rename to plans');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      ok: false,
      failed: ['database'],
      checks: { database: 'failed', storage: 'ok' },
    });
  });

  // SQLite only: its one connection is held by an open transaction, so the probe's read waits for it (PostgreSQL
  // answers from another pooled connection).
  it.skipIf(testDialect() === 'postgres')(
    'a database that does not answer in time: the check gives up after its timeout',
    async () => {
      t = await createTestApp();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const transaction = withTransaction(t.db, async () => held);
      const answer = await readiness(t.deps, 200);
      release();
      await transaction;
      // The database is held until after the answer, so its check cannot end in time (the store's is not asserted:
      // a loaded machine may take longer than 200 ms for it too).
      expect(answer.ok).toBe(false);
      expect(answer.checks.database).toBe('timed out');
      expect(answer.failed).toContain('database');
    },
  );

  it('a draining server is not ready, whatever its checks say, so the load balancer moves on', async () => {
    t = await createTestApp();
    await t.deps.lifecycle.drain();
    const ready = await t.call('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      ok: false,
      checks: { database: 'ok', storage: 'ok' },
      failed: ['shutting down'],
    });
    expect((await t.call('GET', '/api/health/live')).status).toBe(200);
  });
});
