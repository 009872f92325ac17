import { execFile, execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueDir } from '../../api/catalogue/catalogue-files';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { parseDockerfile, type DockerStage } from '../helpers/dockerfile';
import { freePort } from '../helpers/free-port';
import { wholeBuild } from '../helpers/server-bundle';
import { nonJsonLines } from '../helpers/spawned-server';

/**
 * The production start, from a clean copy with the dev dependencies gone, by the
 * Dockerfile's own commands run outside a container (CI has no container engine). The checkout's `npm ci` and
 * `npm run build` are the build stage's first commands; the stage's `npm prune --omit=dev` then runs in a copy, and
 * the runtime stage's COPY --from=build lines assemble the image's /app from it. Its CMD starts the app with plain
 * node, its HEALTHCHECK asks it, and every part that reads files, starts threads or processes, or loads native
 * code does its work there: the web app, migrations, the catalogue and its images, PDF export, the demo board and
 * backup commands.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dockerfile = parseDockerfile(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
const build = dockerfile.stage('build');
const runtime = dockerfile.stage('runtime');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-prod-'));
const buildDir = path.join(work, 'build');
const appDir = path.join(work, 'app');
const dataDir = path.join(work, 'data');
let server: ChildProcess | null = null;
let output = '';
let base = '';
let env: Record<string, string> = {};
const METRICS_TOKEN = 'production-start-metrics-token';

afterAll(async () => {
  if (process.env.LOOT_TEST_KEEP_OUTPUT) fs.writeFileSync(process.env.LOOT_TEST_KEEP_OUTPUT, output);
  if (server && server.exitCode === null) {
    server.kill('SIGKILL');
    await new Promise((r) => server!.once('exit', r));
  }
  fs.rmSync(work, { recursive: true, force: true });
});

/** A path of the image (/app/…) in this copy. */
const inImage = (stage: DockerStage, dir: string, p: string) =>
  path.join(dir, path.posix.relative(stage.workdir, path.posix.resolve(stage.workdir, p)));

/** Hard links where the file system allows (node_modules is large), a copy where it does not. */
function copyTree(from: string, to: string) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const linked = spawnSync('cp', ['-al', from, to]);
  if (linked.status !== 0) fs.cpSync(from, to, { recursive: true });
}

beforeAll(async () => {
  // The build stage: what CI's checkout has done (npm ci, npm run build), then the rest of its commands in a copy.
  // (Its `npm install -g npm@11` is CI's npm already.)
  const npmCommands = build.runs.filter((r) => /^npm (ci|run|prune)\b/.test(r));
  expect(npmCommands.map((r) => r.split(' --no-')[0])).toEqual([
    'npm ci --strict-allow-scripts',
    'npm run build',
    'npm prune --omit=dev',
  ]);
  await wholeBuild();
  for (const name of ['package.json', 'package-lock.json', 'node_modules', 'dist'])
    copyTree(path.join(root, name), path.join(buildDir, name));
  execFileSync('sh', ['-c', npmCommands[2]], { cwd: buildDir, stdio: 'pipe' });
  // The runtime stage: its COPY --from=build lines, then its CMD with its ENV (the data folder and port made local).
  for (const copy of runtime.copies) {
    expect(copy.from).toBe('build');
    for (const source of copy.sources) {
      const target = copy.dest.endsWith('/')
        ? path.join(inImage(runtime, appDir, copy.dest), path.basename(source))
        : inImage(runtime, appDir, copy.dest);
      copyTree(inImage(build, buildDir, source), target);
    }
  }
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // `docker run -e LOOT_PUBLIC_URL=…`: the image runs with NODE_ENV=production, which needs to be told its address.
  // The metrics on the app's port behind a bearer token: the image serves them to no one unless told.
  env = {
    PATH: process.env.PATH!,
    HOME: os.homedir(),
    ...runtime.env,
    LOOT_DATA_DIR: dataDir,
    PORT: String(port),
    LOOT_PUBLIC_URL: base,
    LOOT_METRICS_TOKEN: METRICS_TOKEN,
  };
  server = spawn(runtime.cmd[0] === 'node' ? process.execPath : runtime.cmd[0], runtime.cmd.slice(1), {
    cwd: appDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    const ready = await fetch(`${base}/api/health/ready`).catch(() => null);
    if (ready?.ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
}, 300_000);

/**
 * A command run to its end without blocking this process (a blocked event loop would miss the server closing an
 * idle keep-alive connection, and reuse it): exit code and output.
 */
async function run(command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command === 'node' ? process.execPath : command, args, {
      cwd: appDir,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** One metric's value from the server's /metrics. */
async function metric(name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`no ${name} in /metrics`);
  return Number(line.slice(name.length + 1));
}

describe('production start from a clean copy without dev dependencies (Dockerfile, outside a container)', () => {
  it('has no dev dependency installed, and the bundles import only production dependencies', () => {
    const installed = new Set(
      fs
        .readdirSync(path.join(appDir, 'node_modules'))
        .flatMap((n) =>
          n.startsWith('@') ? fs.readdirSync(path.join(appDir, 'node_modules', n)).map((m) => `${n}/${m}`) : [n],
        ),
    );
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    for (const dev of ['tsx', 'typescript', 'vite', 'esbuild', 'vitest', 'react'])
      expect(installed.has(dev), dev).toBe(false);
    const imported = new Set<string>();
    // esbuild writes each import of a package as a statement of its own line: `import … from "pkg";`.
    for (const file of fs.readdirSync(path.join(appDir, 'dist')).filter((f) => f.endsWith('.js'))) {
      const text = fs.readFileSync(path.join(appDir, 'dist', file), 'utf8');
      for (const m of text.matchAll(/^import\s(?:[^;]*?\sfrom\s)?"([^"]+)";$|\bimport\("([^"]+)"\)/gms)) {
        const name = m[1] ?? m[2];
        if (name.startsWith('node:') || name.startsWith('.')) continue;
        imported.add(name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]);
      }
    }
    expect([...imported].filter((name) => !(name in pkg.dependencies))).toEqual([]);
    expect(imported.has('better-sqlite3')).toBe(true);
  });

  it("opens its port before the catalogue images are drawn, serves the web app, and the image's HEALTHCHECK passes", async () => {
    // Right after the first ready answer, most of the ~900 images are still to be drawn, in the background.
    expect(await metric('loot_catalogue_images_pending')).toBeGreaterThan(0);
    expect(output).toMatch(/Loot is serving http:\/\/localhost:\d+ [\d.]+ s after start, [\d.]+ s of CPU/);
    expect(nonJsonLines(output)).toEqual([]);
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="root">/);
    const [command, ...args] = JSON.parse(runtime.healthcheck!) as string[];
    const check = await run(command, args);
    expect(check.code, check.stderr).toBe(0);
  });

  it('signs up, fills a board from a query with catalogue images drawn on demand, organizes it through the ops door, exports a PDF', async () => {
    const json = { origin: base, 'content-type': 'application/json' };
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'ops@example.com', password: 'lantern-quiet-93 prod' }),
    });
    expect(registered.status).toBe(201);
    const headers = { ...json, cookie: registered.headers.getSetCookie()[0].split(';')[0] };
    const board = await (
      await fetch(`${base}/api/boards`, { method: 'POST', headers, body: JSON.stringify({ title: 'Prod' }) })
    ).json();
    const query = await fetch(`${base}/api/gemini/process`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: 'starter packs in match-3 games', boardId: board.id }),
    });
    expect(query.status).toBe(200);
    const cards = (await (await fetch(`${base}/api/cards?boardId=${board.id}`, { headers })).json()) as {
      id: number;
      images: string[];
    }[];
    expect(cards.length).toBeGreaterThan(0);
    // The bundle names catalogue images as the sources do (the drawing code's hash is built in).
    const planned = new Set(planCatalogue(readCatalogueDir().data).screens.map((s) => `/api/storage/${s.relative}`));
    expect(planned.has(cards[0].images[0])).toBe(true);
    const image = await fetch(`${base}${cards.at(-1)!.images[0].replace('/api/storage/', '/api/storage/w/96/')}`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/webp']);

    const organized = await fetch(`${base}/api/boards/${board.id}/ops`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ batchId: 'production-start-organize', ops: [{ type: 'board.organize' }] }),
    });
    expect(organized.status).toBe(200);
    expect(((await organized.json()) as { change: { version: number } }).change.version).toBeGreaterThan(0);

    const pdf = Buffer.from(
      await (await fetch(`${base}/api/boards/${board.id}/export?format=pdf`, { headers })).arrayBuffer(),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF/);
  }, 120_000);

  it('the demo board and backup commands run from their bundles on the same data', async () => {
    const demo = await run('node', [
      'dist/demo-board.js',
      '--cards',
      '60',
      '--sections',
      '3',
      '--email',
      'demo@example.com',
      '--progress',
      'json',
    ]);
    expect(demo.code, demo.stderr).toBe(0);
    expect(demo.stdout.trim().split('\n').at(-1)).toMatch(/"cards":60/);
    const target = path.join(work, 'backup.db');
    const backup = await run('node', ['dist/db-backup.js', '--to', target]);
    expect(backup.code, backup.stderr).toBe(0);
    const copy = new Database(target, { readonly: true });
    try {
      expect(
        copy
          .prepare(
            "select count(*) n from cards c join users u on u.id = (select user_id from boards where id = c.board_id) where u.email = 'demo@example.com'",
          )
          .get(),
      ).toEqual({ n: 60 });
    } finally {
      copy.close();
    }
  }, 120_000);

  it('stops on SIGTERM with exit 0', async () => {
    server!.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) =>
      server!.exitCode !== null ? resolve(server!.exitCode) : server!.once('exit', resolve),
    );
    expect(code).toBe(0);
  });
});
