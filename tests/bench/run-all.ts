import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * `npm run bench`: every `bench:*` script in package.json, one after another (benchmarks share two cores, so
 * never in parallel). Each writes its own bench/results/<name>.json and .md; this prints a summary of exits.
 */
const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>;
};
const benches = Object.keys(pkg.scripts).filter((name) => name.startsWith('bench:'));
const outcomes: string[] = [];
for (const name of benches) {
  console.log(`\n=== npm run ${name} ===`);
  const started = Date.now();
  const run = spawnSync('npm', ['run', '--silent', name], { stdio: 'inherit' });
  outcomes.push(
    `${name}: ${run.status === 0 ? 'ok' : `failed (exit ${run.status})`} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}
console.log(`\n${outcomes.join('\n')}`);
process.exit(outcomes.some((o) => o.includes('failed')) ? 1 : 0);
