import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTGRES_SPECS, STORE_INDEPENDENT_SPECS, STORE_SIGNALS } from '../e2e/store-runs';

/**
 * The PostgreSQL + S3 Playwright run takes only the specs tests/e2e/store-runs.ts names: a spec nobody placed, or
 * one that touches the store but was put on the SQLite-only list, would quietly lose its PostgreSQL coverage.
 */

const repoRoot = path.resolve(__dirname, '../..');
const e2eDir = path.join(repoRoot, 'tests/e2e');
const specs = fs
  .readdirSync(e2eDir)
  .filter((name) => name.endsWith('.spec.ts'))
  .sort();
const postgres = Object.keys(POSTGRES_SPECS);

describe('which Playwright specs run on PostgreSQL + S3', () => {
  it('every spec in tests/e2e is on exactly one list, and every name on a list is a spec there', () => {
    const placed = [...postgres, ...STORE_INDEPENDENT_SPECS];
    expect(
      specs.filter((name) => !placed.includes(name)),
      'specs on neither list (tests/e2e/store-runs.ts)',
    ).toEqual([]);
    expect(
      STORE_INDEPENDENT_SPECS.filter((name) => postgres.includes(name)),
      'specs on both lists',
    ).toEqual([]);
    expect(new Set(STORE_INDEPENDENT_SPECS).size, 'a spec named twice').toBe(STORE_INDEPENDENT_SPECS.length);
    expect(
      placed.filter((name) => !specs.includes(name)),
      'names on a list with no such spec',
    ).toEqual([]);
  });

  it('no SQLite-only spec uploads, exports through the server, starts a second instance, takes a webhook, adds members or restores a board', () => {
    const offenders = STORE_INDEPENDENT_SPECS.filter((name) => specs.includes(name)).flatMap((name) => {
      const source = fs.readFileSync(path.join(e2eDir, name), 'utf8');
      return STORE_SIGNALS.filter((signal) => signal.pattern.test(source)).map((signal) => `${name}: ${signal.what}`);
    });
    expect(offenders, 'move these to POSTGRES_SPECS in tests/e2e/store-runs.ts, with the reason').toEqual([]);
  });

  it('each store signal is seen in a spec of the PostgreSQL list (a pattern that matches nothing guards nothing)', () => {
    const sources = postgres
      .filter((name) => specs.includes(name))
      .map((name) => fs.readFileSync(path.join(e2eDir, name), 'utf8'));
    const unseen = STORE_SIGNALS.filter((signal) => !sources.some((source) => signal.pattern.test(source))).map(
      (signal) => signal.what,
    );
    expect(unseen).toEqual([]);
  });

  it('Playwright with LOOT_E2E_BACKEND=postgres lists the PostgreSQL specs and nothing else', () => {
    const run = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'node_modules/@playwright/test/cli.js'), 'test', '--list', '--reporter=json'],
      {
        cwd: repoRoot,
        env: { ...process.env, LOOT_E2E_BACKEND: 'postgres' },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    type Suite = { file: string; suites?: Suite[] };
    const listed = (JSON.parse(run.stdout) as { suites: Suite[] }).suites
      .map((suite) => path.basename(suite.file))
      .sort();
    expect(listed).toEqual(postgres.filter((name) => specs.includes(name)).sort());
  }, 120_000);
});
