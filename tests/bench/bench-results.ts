import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Where a benchmark writes its json and md: bench/results, whose files are the measured numbers the README quotes,
 * or LOOT_BENCH_RESULTS_DIR (the smoke run, `npm run bench -- --smoke`, writes to a temp folder so its tiny sizes
 * never replace them).
 */
export function benchResultsDir(): string {
  return process.env.LOOT_BENCH_RESULTS_DIR
    ? path.resolve(process.env.LOOT_BENCH_RESULTS_DIR)
    : path.join(ROOT, 'bench/results');
}

/** The smoke run: each benchmark at its smallest size, to show it still runs end to end, no target judged. */
export const BENCH_SMOKE = process.env.LOOT_BENCH_SMOKE === '1';
