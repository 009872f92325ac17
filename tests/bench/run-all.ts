import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm run bench`: every `bench:*` script in package.json, one after another (benchmarks share two cores, so
 * never in parallel). Each writes its own bench/results/<name>.json and .md; this prints a summary of exits.
 *
 * `npm run bench -- --smoke`: each benchmark at its smallest size (seconds each), two at a time, writing to a temp folder, no
 * target judged: a change that breaks a benchmark fails here (and in .ci/run) instead of rotting unseen. Any
 * benchmark that exits non-zero makes the whole run exit 1.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const smoke = process.argv.includes('--smoke');

/** How many smoke benchmarks run at once. */
const SMOKE_LANES = 2;

/** The smallest size of each benchmark, through the environment each already reads. */
const SMOKE_SIZES: Record<string, Record<string, string>> = {
  'bench:engine': { LOOT_BENCH_SIZES: '1000', LOOT_BENCH_FRAMES: '30', LOOT_BENCH_REPEATS: '1', LOOT_BENCH_OWN: '0' },
  'bench:board': { LOOT_BENCH_SIZES: '1000', LOOT_BENCH_FRAMES: '30' },
  'bench:overview': { LOOT_BENCH_SIZES: '500', LOOT_BENCH_REPEATS: '1', LOOT_BENCH_FRAMES: '30' },
  'bench:search-features': { LOOT_BENCH_FEATURES: '1000', LOOT_BENCH_ITERATIONS: '10' },
  'bench:search': { LOOT_BENCH_FEATURES: '2000', LOOT_BENCH_ITERATIONS: '10' },
  'bench:api': { LOOT_BENCH_SECONDS: '1', LOOT_BENCH_CLIENTS: '2' },
  'bench:live': {
    LOOT_BENCH_ROUNDS: '3',
    LOOT_BENCH_STREAMS: '5',
    LOOT_BENCH_ACTION_ROUNDS: '1',
    LOOT_BENCH_ORGANIZE_CARDS: '20',
  },
  'bench:ops-stall': { LOOT_BENCH_ROUNDS: '1' },
};

function smokeEnv(name: string, resultsDir: string): NodeJS.ProcessEnv {
  const builtWeb = path.join(ROOT, 'dist/web');
  return {
    ...process.env,
    LOOT_BENCH_SMOKE: '1',
    LOOT_BENCH_RESULTS_DIR: resultsDir,
    // The browser benchmarks build the web app unless told where a build is; CI has just built it.
    ...(fs.existsSync(path.join(builtWeb, 'index.html')) && !process.env.LOOT_WEB_DIR
      ? { LOOT_WEB_DIR: builtWeb }
      : {}),
    ...SMOKE_SIZES[name],
  };
}

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const benches = Object.keys(pkg.scripts).filter((name) => name.startsWith('bench:'));
const resultsDir = smoke ? fs.mkdtempSync(path.join(os.tmpdir(), 'loot-bench-smoke-')) : null;

type Outcome = { name: string; ok: boolean; line: string };

/** One benchmark as its own `npm run`: a full run prints as it goes; a smoke's output is kept and printed at its end. */
function runBench(name: string): Promise<Outcome> {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', name], {
    stdio: smoke ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: resultsDir ? smokeEnv(name, resultsDir) : process.env,
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  if (!smoke) console.log(`\n=== npm run ${name} ===`);
  return new Promise((resolve) => {
    child.on('close', (status, signal) => {
      const ok = status === 0;
      const seconds = Math.round((Date.now() - started) / 1000);
      if (smoke) process.stdout.write(`\n=== npm run ${name} (smoke) ===\n${Buffer.concat(output).toString()}`);
      resolve({ name, ok, line: `${name}: ${ok ? 'ok' : `failed (exit ${status ?? signal})`} in ${seconds} s` });
    });
  });
}

/**
 * A full run measures, so its benchmarks run one after another. A smoke judges nothing and its benchmarks mostly
 * wait on a browser, a server or a database of their own: two side by side keep CI's two cores busy (the smoke took
 * about 110 s one after another).
 */
async function runAll(names: string[], lanes: number): Promise<Outcome[]> {
  const queue = [...names];
  const outcomes = new Map<string, Outcome>();
  const lane = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) outcomes.set(name, await runBench(name));
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return names.map((name) => outcomes.get(name)!);
}

const outcomes = await runAll(benches, smoke ? SMOKE_LANES : 1);
if (resultsDir) fs.rmSync(resultsDir, { recursive: true, force: true });
console.log(`\n${outcomes.map((o) => o.line).join('\n')}`);
const failed = outcomes.filter((o) => !o.ok).map((o) => o.name);
if (failed.length > 0) console.error(`\n${failed.length} benchmark(s) failed: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
