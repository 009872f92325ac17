import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../api/catalogue/load-catalogue';
import { databasePoolStats } from '../../api/db/open-database';
import { openLiveStreams, watchDatabasePool } from '../../api/ops/metrics';
import { metricsRoutes } from '../../api/ops/metrics-route';
import { createTestApp, testDialect, type TestApp } from '../helpers/test-app';
import { fixtureCatalogue } from '../unit/catalogue/fixture-catalogue';
import { seedUserBoard } from './fixtures/board-api';
import { solidPng, upload } from './fixtures/own-images';

/** One sample's value in Prometheus text (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** The app with a built web app to serve, as the server runs it: every unknown path answers index.html. */
function withWebApp(t: TestApp) {
  const webDir = path.join(t.dir, 'web');
  fs.mkdirSync(webDir, { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Loot</title>');
  return createApp(t.deps, { webDir });
}

describe('metrics', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('/metrics: Prometheus text with requests by route pattern, event-loop lag, the pool, live streams, query-to-board latency and upload bytes', async () => {
    // Served on the app's port only when the operator opts in (here: to anyone, as behind a proxy that refuses it).
    t = await createTestApp({ env: { LOOT_METRICS: 'app' } });
    watchDatabasePool(() => databasePoolStats(t.db));
    await loadCatalogue(t.db, planCatalogue(fixtureCatalogue()));
    const { cookie, board } = await seedUserBoard(t);
    const app = withWebApp(t);
    const get = async (url: string) => app.request(url, { headers: { cookie } });
    const before = await (await get('/metrics')).text();

    for (let i = 0; i < 3; i++) expect((await get(`/api/boards/${board.id}/content`)).status).toBe(200);
    expect((await get('/api/boards/999999/content')).status).toBe(404);
    const png = await solidPng(120, 90);
    expect((await upload(t, `/api/boards/${board.id}/images`, { cookie, file: png })).status).toBe(201);
    const query = await t.call('POST', '/api/gemini/process', {
      cookie,
      json: { query: 'starter packs in match-3 games', boardId: board.id },
    });
    expect(query.status).toBe(200);
    openLiveStreams.inc();

    const res = await get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    // The counters are the process's: earlier test files in this worker may have counted requests of their own.
    const grew = (name: string) => sample(text, name)! - (sample(before, name) ?? 0);
    expect(grew('loot_http_requests_total{method="GET",route="/api/boards/:id/content",status="200"}')).toBe(3);
    expect(grew('loot_http_requests_total{method="GET",route="/api/boards/:id/content",status="404"}')).toBe(1);
    expect(grew('loot_http_request_duration_seconds_count{method="GET",route="/api/boards/:id/content"}')).toBe(4);
    expect(grew('loot_upload_bytes_total')).toBe(png.length);
    expect(grew('loot_query_to_board_seconds_count')).toBe(1);
    expect(sample(text, 'loot_live_streams_open')).toBe((sample(before, 'loot_live_streams_open') ?? 0) + 1);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'loot_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'loot_db_pool_connections{state="waiting"}')).toBe(0);
    if (testDialect() === 'sqlite') expect(sample(text, 'loot_db_pool_connections{state="idle"}')).toBe(1);
    // Patterns, never paths: no board id, no storage path made it into a label.
    expect(text).not.toMatch(/route="[^"]*\d/);
    openLiveStreams.dec();
  });

  it("by default the app's port answers /metrics with a JSON 404: the traffic it describes is the operator's alone", async () => {
    t = await createTestApp();
    expect(t.config.metricsOn).toBe('off');
    const app = withWebApp(t);
    for (const headers of [{}, { authorization: 'Bearer anything-at-all-1234' }] as Record<string, string>[]) {
      const res = await app.request('/metrics', { headers });
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
    }
  });

  it("LOOT_METRICS_TOKEN serves /metrics on the app's port to a bearer of the token only: 401 for anyone else", async () => {
    const token = 'metrics-token-0123456789abcdef';
    t = await createTestApp({ env: { LOOT_METRICS_TOKEN: token } });
    expect(t.config.metricsOn).toBe('app');
    const app = withWebApp(t);
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789abcdef',
      `Basic ${token}`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
    ]) {
      const res = await app.request('/metrics', { headers: authorization ? { authorization } : undefined });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      const text = await res.text();
      expect(JSON.parse(text).error.code).toBe('unauthorized');
      expect(text).not.toContain('loot_http_requests_total');
    }
    const res = await app.request('/metrics', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE loot_http_requests_total counter');
    // A token too short to be one is a configuration error, not a weak lock.
    expect(() => loadConfig({ LOOT_METRICS_TOKEN: 'short' })).toThrow(/LOOT_METRICS_TOKEN: at least 16 characters/);
  });

  it('LOOT_METRICS=0 and LOOT_METRICS_PORT take /metrics off the app: a 404, never the web app page', async () => {
    t = await createTestApp({ env: { LOOT_METRICS: '0' } });
    const off = await withWebApp(t).request('/metrics');
    expect(off.status).toBe(404);
    expect(off.headers.get('content-type')).not.toMatch(/html/);
    // The web app still answers its own paths.
    expect(await (await withWebApp(t).request('/boards')).text()).toContain('<title>Loot</title>');
    await t.close();

    t = await createTestApp({ env: { LOOT_METRICS_PORT: '9464', LOOT_METRICS: 'app' } });
    expect(t.config.metricsOn).toBe('port');
    // On loopback unless told otherwise (tests/api/listen-and-file-modes.test.ts opens it).
    expect(t.config.LOOT_METRICS_HOST).toBe('127.0.0.1');
    expect((await withWebApp(t).request('/metrics')).status).toBe(404);
    // What the server serves on that port instead.
    const own = await metricsRoutes().request('/metrics');
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('# TYPE loot_http_requests_total counter');
    // With a token too, the port asks for it.
    expect((await metricsRoutes({ token: 'metrics-token-0123456789abcdef' }).request('/metrics')).status).toBe(401);
  });
});
