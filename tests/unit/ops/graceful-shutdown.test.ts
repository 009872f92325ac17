import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { drainServers, trackRequests } from '../../../api/ops/graceful-shutdown';
import { createLogger } from '../../../api/ops/log';
import { isExportRequest } from '../../../api/routes/export.route';

/**
 * A real HTTP server whose export never ends by itself and whose other route never answers: what the drain does
 * with each once its window and its cap have passed. The whole process, with a real export, is in
 * tests/api/graceful-shutdown.test.ts.
 */
async function serverWithStuckRequests() {
  const server = http.createServer((req, res) => {
    if (isExportRequest(req)) {
      res.writeHead(200, { 'content-type': 'application/zip' });
      res.write('PK');
    }
  });
  const requests = trackRequests(server, isExportRequest);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const lines: { msg: string; cut?: number }[] = [];
  const log = createLogger({
    level: 'info',
    destination: new Writable({
      write: (chunk: Buffer, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()),
    }),
  });

  /** A request in flight on the server, and when its connection was cut. */
  const inFlight = async (pathname: string) => {
    const tracked = requests.active();
    let cutAt!: Promise<number>;
    await new Promise<void>((arrived) => {
      // Both are cut in the end: the client's errors are expected, and when each came is the point.
      const req = http.get(`${base}${pathname}`, (res) => res.on('error', () => {}).resume());
      req.on('error', () => {});
      cutAt = new Promise((resolve) => req.once('close', () => resolve(performance.now())));
      server.once('request', () => setImmediate(arrived));
    });
    expect(requests.active()).toBe(tracked + 1);
    return { cutAt };
  };
  const drain = (timeoutMs: number, exportCapMs: number) =>
    drainServers({
      servers: [server],
      requests,
      timeoutMs,
      exportCapMs,
      log,
      beginDrain: async () => {},
      closeResources: async () => {},
    });
  return { inFlight, drain, lines };
}

describe('drainServers: exports may outlast the window, up to the cap', () => {
  it('cuts other requests at the window and an export still running at the cap', async () => {
    const { inFlight, drain, lines } = await serverWithStuckRequests();
    const { cutAt: exportCut } = await inFlight('/api/boards/7/export?format=pdf');
    const { cutAt: otherCut } = await inFlight('/api/boards/7/content');
    const signalledAt = performance.now();
    const { cut } = await drain(100, 400);
    expect(cut).toBe(2);
    const [other, exported] = [(await otherCut) - signalledAt, (await exportCut) - signalledAt];
    expect(other).toBeGreaterThanOrEqual(99);
    expect(other).toBeLessThan(400);
    expect(exported).toBeGreaterThanOrEqual(399);
    expect(lines.map((line) => line.msg)).toEqual([
      'Draining: no new connections; finishing the requests in flight',
      'Draining: LOOT_SHUTDOWN_TIMEOUT_MS has passed; cutting the requests still in flight except exports, which may run until LOOT_SHUTDOWN_EXPORT_CAP_MS',
      'Draining: LOOT_SHUTDOWN_EXPORT_CAP_MS has passed; cutting the exports still in flight',
      'Stopped',
    ]);
  });

  it('a cap no longer than the window gives an export no extra time', async () => {
    const { inFlight, drain, lines } = await serverWithStuckRequests();
    const { cutAt: exportCut } = await inFlight('/api/boards/7/export?format=md');
    const signalledAt = performance.now();
    expect(await drain(100, 50)).toEqual({ cut: 1 });
    expect((await exportCut) - signalledAt).toBeLessThan(400);
    expect(lines.map((line) => line.msg)).toContain(
      'Draining: LOOT_SHUTDOWN_TIMEOUT_MS has passed; cutting the requests still in flight',
    );
  });

  it('only GET /api/boards/:id/export counts as an export', () => {
    expect(isExportRequest({ method: 'GET', url: '/api/boards/12/export?format=pdf' })).toBe(true);
    expect(isExportRequest({ method: 'GET', url: '/api/boards/12/export' })).toBe(true);
    expect(isExportRequest({ method: 'POST', url: '/api/boards/12/export' })).toBe(false);
    expect(isExportRequest({ method: 'GET', url: '/api/boards/12/exports' })).toBe(false);
    expect(isExportRequest({ method: 'GET', url: '/api/boards/12/content?x=/export' })).toBe(false);
  });
});
