import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localObjectStore } from '../../api/storage/object-store';
import { fileWorkLocks } from '../../api/storage/work-locks';
import { freePort } from '../helpers/free-port';
import { nonJsonLines, spawnServer, type SpawnedServer } from '../helpers/spawned-server';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-listen-'));
const servers: SpawnedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  fs.rmSync(work, { recursive: true, force: true });
});

const mode = (p: string) => (fs.statSync(p).mode & 0o777).toString(8);

/** This machine's first address that is not loopback, if it has one: what another machine would connect to. */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('listen where told; data, database and stored files owner-only', () => {
  it("LOOT_HOST names the app's address; the metrics port is on loopback by default; a fresh data folder, the SQLite files and the storage folder are 0700/0600 under a loose umask", async () => {
    const dataDir = path.join(work, 'fresh', 'data');
    const [port, metricsPort] = [await freePort(), await freePort()];
    const server = await spawnServer(
      { LOOT_DATA_DIR: dataDir, PORT: String(port), LOOT_HOST: '127.0.0.1', LOOT_METRICS_PORT: String(metricsPort) },
      { umask: '002' },
    );
    servers.push(server);
    const line = await server.serving;
    expect(line).toMatch(new RegExp(`^Loot is serving http://127\\.0\\.0\\.1:${port} `));
    expect(line).toContain(`metrics: http://127.0.0.1:${metricsPort}/metrics`);

    expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(200);
    if (outsideAddress) {
      expect(await accepts(outsideAddress, port), `app port on ${outsideAddress}`).toBe(false);
      expect(await accepts(outsideAddress, metricsPort), `metrics port on ${outsideAddress}`).toBe(false);
    }

    expect(mode(dataDir)).toBe('700');
    for (const file of ['loot.db', 'loot.db-wal', 'loot.db-shm'])
      expect(mode(path.join(dataDir, file)), file).toBe('600');
    expect(mode(path.join(dataDir, 'storage'))).toBe('700');
    expect(nonJsonLines(server.output())).toEqual([]);
    await server.stop();
  });

  it('unset, LOOT_HOST means every interface; LOOT_METRICS_HOST opens the metrics port wider when told', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const server = await spawnServer({
      LOOT_DATA_DIR: path.join(work, 'wide'),
      PORT: String(port),
      LOOT_METRICS_PORT: String(metricsPort),
      LOOT_METRICS_HOST: '0.0.0.0',
    });
    servers.push(server);
    const line = await server.serving;
    expect(line).toMatch(new RegExp(`^Loot is serving http://localhost:${port} `));
    expect(line).toContain(`metrics: http://localhost:${metricsPort}/metrics`);
    for (const host of ['127.0.0.1', ...(outsideAddress ? [outsideAddress] : [])]) {
      expect(await accepts(host, port), `app port on ${host}`).toBe(true);
      expect(await accepts(host, metricsPort), `metrics port on ${host}`).toBe(true);
    }
    await server.stop();
  });

  it("an address that is not this machine's stops the start with one line naming LOOT_HOST", async () => {
    // TEST-NET-3 (RFC 5737): never an address of a machine that runs tests.
    const server = await spawnServer({
      LOOT_DATA_DIR: path.join(work, 'nowhere'),
      PORT: String(await freePort()),
      LOOT_HOST: '203.0.113.254',
    });
    servers.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(
      /"msg":"LOOT_HOST: 203\.0\.113\.254 is not an address of this machine \(EADDRNOTAVAIL\)/,
    );
    expect(nonJsonLines(server.output())).toEqual([]);
  });

  it('the local store writes each file 0600 in folders 0700, its work locks too, whatever the umask', async () => {
    const root = path.join(work, 'store', 'storage');
    const store = localObjectStore(root);
    const umask = process.umask(0o002);
    try {
      await store.check();
      await store.put('catalogue/ab/cd/image.webp', Buffer.from('pixels'));
      const lease = await fileWorkLocks(root).tryTake('own/1/lock-me.webp', 60_000);
      expect(mode(path.join(root, 'own', '1', 'lock-me.webp.lock'))).toBe('600');
      await lease!.release();
    } finally {
      process.umask(umask);
    }
    for (const dir of [
      root,
      `${root}/catalogue`,
      `${root}/catalogue/ab`,
      `${root}/catalogue/ab/cd`,
      `${root}/own`,
      `${root}/own/1`,
    ])
      expect(mode(dir), dir).toBe('700');
    expect(mode(path.join(root, 'catalogue/ab/cd/image.webp'))).toBe('600');
  });
});
