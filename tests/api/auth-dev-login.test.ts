import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { serve, type ServerType } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { FORWARDING_HEADERS } from '../../api/auth/dev-login';
import { countRows, requestFromPeer } from '../helpers/auth-requests';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The app on a real socket, so getConnInfo sees a real peer address. */
async function listen(t: TestApp, hostname: string): Promise<{ port: number; close(): Promise<void> }> {
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname }, () => resolve(s));
    s.once('error', reject);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type Answer = { status: number; location?: string; cookies: string[]; body: string };

/** A raw HTTP GET (node:http, unlike fetch, lets a test set any Host header). */
function get(address: string, port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: address, port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          cookies: res.headers['set-cookie'] ?? [],
          body,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** A non-loopback address of this machine, if it has one (a LAN or container interface). */
function externalIPv4(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
}

const NOT_FOUND_BODY = { error: { code: 'not_found', message: 'No such API endpoint' } };

describe('GET /api/dev-login', () => {
  let t: TestApp;
  let server: { port: number; close(): Promise<void> } | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await t?.close();
  });

  it('signs in dev@localhost from a real loopback connection and redirects to /', async () => {
    t = await createTestApp();
    server = await listen(t, '127.0.0.1');
    const res = await get('127.0.0.1', server.port, '/api/dev-login');
    expect(res.status).toBe(302);
    expect(res.location).toBe('/');
    const cookie = res.cookies.find((c) => c.startsWith('loot_session='))!.split(';')[0];

    const meRes = await fetch(`http://127.0.0.1:${server.port}/api/current-user`, { headers: { cookie } });
    expect(meRes.status).toBe(200);
    const me = await meRes.json();
    expect(me).toMatchObject({ email: 'dev@localhost', firstName: 'Dev', plan_id: 1 });

    // Again: the same account, a new session.
    const again = await get('127.0.0.1', server.port, '/api/dev-login', { host: `localhost:${server.port}` });
    expect(again.status).toBe(302);
    expect(await countRows(t, 'users')).toBe(1);
    expect(await countRows(t, 'sessions')).toBe(2);
  });

  it.each([
    ['/collections', '/collections'],
    ['/feature-search?features=Boss,Enemies&games=X', '/feature-search?features=Boss,Enemies&games=X'],
    ['//evil.example/', '/'],
    ['https://evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/%09/evil.example', '/%09/evil.example'],
  ])('redirects to returnTo %s as %s', async (returnTo, expected) => {
    t = await createTestApp();
    server = await listen(t, '127.0.0.1');
    const res = await get('127.0.0.1', server.port, `/api/dev-login?returnTo=${encodeURIComponent(returnTo)}`);
    expect(res.status).toBe(302);
    expect(res.location).toBe(expected);
  });

  it.each(['localhost', 'LOCALHOST:8080', '127.0.0.1', '[::1]:3000'])('accepts the local Host %s', async (host) => {
    t = await createTestApp();
    server = await listen(t, '127.0.0.1');
    expect((await get('127.0.0.1', server.port, '/api/dev-login', { host })).status).toBe(302);
  });

  it.each(['evil.example', 'localhost.evil.example', '127.0.0.1.nip.io', '127.0.0.2', 'loot.example:3000', '[::2]'])(
    'refuses the foreign Host %s with a plain 404 and writes nothing',
    async (host) => {
      t = await createTestApp();
      server = await listen(t, '127.0.0.1');
      const res = await get('127.0.0.1', server.port, '/api/dev-login', { host });
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body)).toEqual(NOT_FOUND_BODY);
      expect(res.cookies).toEqual([]);
      expect(await countRows(t, 'users')).toBe(0);
    },
  );

  it.each(FORWARDING_HEADERS.map((h) => [h]))('refuses a request carrying %s (it crossed a proxy)', async (header) => {
    t = await createTestApp();
    server = await listen(t, '127.0.0.1');
    const value = header === 'forwarded' ? 'for=127.0.0.1;host=localhost' : '127.0.0.1';
    const res = await get('127.0.0.1', server.port, '/api/dev-login', { [header]: value });
    expect(res.status).toBe(404);
    expect(await countRows(t, 'users')).toBe(0);
    expect(await countRows(t, 'sessions')).toBe(0);
  });

  it('refuses everything when LOOT_DEV_LOGIN=0, even from loopback with a local Host', async () => {
    t = await createTestApp({ env: { LOOT_DEV_LOGIN: '0' } });
    server = await listen(t, '127.0.0.1');
    const res = await get('127.0.0.1', server.port, '/api/dev-login', { host: 'localhost' });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual(NOT_FOUND_BODY);
    expect(await countRows(t, 'users')).toBe(0);
  });

  it.each([
    [{ LOOT_PUBLIC_URL: 'https://loot.example.com' }, 'LOOT_PUBLIC_URL is set'],
    [{ NODE_ENV: 'production', LOOT_PUBLIC_URL: 'https://loot.example.com' }, 'NODE_ENV=production'],
    [{ LOOT_PUBLIC_URL: 'https://loot.example.com', LOOT_DEV_LOGIN: '1' }, 'LOOT_PUBLIC_URL is set'],
  ])(
    'is off in a deployment (%j): a Host-rewriting proxy on loopback gets 404, and so does the demo board',
    async (env, reason) => {
      t = await createTestApp({ env });
      expect(t.config.devLoginEnabled).toBe(false);
      expect(t.config.devLoginReason).toContain(reason);
      // What a plain `proxy_pass http://127.0.0.1:3000` forwards: a loopback peer, Host rewritten, no forwarding header.
      server = await listen(t, '127.0.0.1');
      const res = await get('127.0.0.1', server.port, '/api/dev-login', { host: `127.0.0.1:${server.port}` });
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body)).toEqual(NOT_FOUND_BODY);
      expect(res.cookies).toEqual([]);
      const { cookie } = await t.signIn();
      const demo = await requestFromPeer(t, '127.0.0.1', 'POST', 'http://localhost/api/demo-board', {
        cookie,
        json: { cards: 10 },
        // From the deployment's own pages, so the Origin check passes and the route itself answers.
        headers: { host: 'localhost', origin: new URL(env.LOOT_PUBLIC_URL).origin },
      });
      expect(demo.status).toBe(404);
      expect(await countRows(t, 'users')).toBe(1);
      expect(await countRows(t, 'boards')).toBe(0);
    },
  );

  it.each([
    [{}, 'Dev login is on: no LOOT_PUBLIC_URL'],
    [{ LOOT_PUBLIC_URL: 'https://loot.example.com' }, 'Dev login is off: LOOT_PUBLIC_URL is set (a deployment).'],
    [
      { NODE_ENV: 'production', LOOT_PUBLIC_URL: 'https://loot.example.com', LOOT_DEV_LOGIN: '1' },
      'Dev login is off: NODE_ENV=production.',
    ],
  ])(
    'the server prints at start whether dev login is on and why (%j)',
    async (env, line) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-start-'));
      const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
        env: {
          ...process.env,
          NODE_ENV: '',
          LOOT_PUBLIC_URL: '',
          LOOT_DEV_LOGIN: '',
          ...env,
          PORT: '0',
          LOOT_DATA_DIR: dir,
          LOOT_SEED_CATALOGUE: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      try {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no start line in:\n${output}`)), 60_000);
          const read = (chunk: Buffer) => {
            output += chunk;
            if (output.includes('Loot is serving')) {
              clearTimeout(timer);
              resolve();
            }
          };
          child.stdout.on('data', read);
          child.stderr.on('data', read);
          child.once('exit', () => reject(new Error(`server exited:\n${output}`)));
        });
      } finally {
        child.kill('SIGTERM');
        fs.rmSync(dir, { recursive: true, force: true });
      }
      // The server's lines are JSON (pino) when its output is not a terminal.
      const devLines = output
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => (JSON.parse(l) as { msg: string }).msg)
        .filter((msg) => msg.startsWith('Dev login is'));
      expect(devLines).toHaveLength(1);
      expect(devLines[0]).toContain(line);
    },
    90_000,
  );

  it('says why it is on when nothing marks a deployment', async () => {
    t = await createTestApp();
    expect(t.config.devLoginEnabled).toBe(true);
    expect(t.config.devLoginReason).toContain('no LOOT_PUBLIC_URL');
  });

  it.each(['192.0.2.50', '10.0.0.1', '::ffff:10.0.0.1', '2001:db8::1', '::'])(
    'refuses the non-loopback peer %s even with a local Host',
    async (peer) => {
      t = await createTestApp();
      const res = await requestFromPeer(t, peer, 'GET', 'http://localhost/api/dev-login', {
        headers: { host: 'localhost' },
      });
      expect(res.status).toBe(404);
      expect(await countRows(t, 'users')).toBe(0);
    },
  );

  it('refuses when the peer cannot be known (no socket at all)', async () => {
    t = await createTestApp();
    const res = await t.call('GET', 'http://localhost/api/dev-login', { headers: { host: 'localhost' } });
    expect(res.status).toBe(404);
    expect(await countRows(t, 'users')).toBe(0);
  });

  it('accepts the same request from a loopback peer, so the refusals above are about the peer', async () => {
    t = await createTestApp();
    for (const peer of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const res = await requestFromPeer(t, peer, 'GET', 'http://localhost/api/dev-login', {
        headers: { host: 'localhost' },
      });
      expect(res.status).toBe(302);
    }
  });

  const external = externalIPv4();
  it.skipIf(!external)(`refuses a real connection arriving on a non-loopback interface (${external})`, async () => {
    t = await createTestApp();
    server = await listen(t, external!);
    const res = await get(external!, server.port, '/api/dev-login', { host: `localhost:${server.port}` });
    expect(res.status).toBe(404);
    expect(await countRows(t, 'users')).toBe(0);
  });
});
