import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The query engine reads as one pipeline (read the query, its constraints and topic, candidates, order, sections):
 * each module depends only on modules before it, so no two of api/search's modules import each other, directly or
 * through others. A circle would mean a stage that cannot be read or tested without the one after it.
 */
const dir = path.resolve(import.meta.dirname, '../../../api/search');

function localImports(file: string): string[] {
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  return [...text.matchAll(/^import[^;]*?from '\.\/([\w-]+)'/gms)].map((m) => `${m[1]}.ts`);
}

/** Each circle among the modules, as the chain of files that closes it. */
function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const circles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const walk = (file: string, chain: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      circles.push([...chain.slice(chain.indexOf(file)), file]);
      return;
    }
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) walk(next, [...chain, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) walk(file, []);
  return circles;
}

/**
 * The pipeline's stages that are pure functions (pipeline.ts): reading the query's words, candidates, scoring,
 * the order inside the contract and the sections. None of them reaches the database when it runs: their own
 * imports, and their imports' imports, are of api/search's other pure modules (types excepted).
 */
const PURE_STAGES = [
  'parse-query.ts',
  'spelling.ts',
  'candidates.ts',
  'score.ts',
  'sections.ts',
  'relaxed-sections.ts',
  'reasons.ts',
  'explained.ts',
];

/** The modules a file imports for use when it runs (not `import type`), as written: './rank', '../db/client'. */
function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  return [...text.matchAll(/^import (?!type )[^;]*?from '(\.\.?\/[\w\-/.]+)'/gms)].map((m) => m[1]);
}

/** Each chain of runtime imports from `file` that reaches api/db (the database). */
function waysOut(file: string, chain: string[] = [file], seen = new Set<string>()): string[][] {
  if (seen.has(file)) return [];
  seen.add(file);
  return runtimeImports(file).flatMap((target) =>
    target.startsWith('../')
      ? target.startsWith('../db/')
        ? [[...chain, target]]
        : []
      : waysOut(`${target.slice(2)}.ts`, [...chain, `${target.slice(2)}.ts`], seen),
  );
}

describe('the query engine modules', () => {
  it('the pure stages reach no database when they run', () => {
    for (const stage of PURE_STAGES) expect({ stage, ways: waysOut(stage) }).toEqual({ stage, ways: [] });
    // The test finds real ways: the ranking's reads do reach the database.
    expect(waysOut('rank.ts')).toContainEqual(['rank.ts', '../db/repositories/search.repo']);
  });

  it('import one another without a circle', () => {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts'));
    const graph = new Map(files.map((f) => [f, localImports(f)]));
    expect(graph.get('rank.ts')).toBeDefined();
    expect(importCircles(graph)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['rank.ts', ['text.ts', 'reasons.ts']],
      ['reasons.ts', ['rank.ts']],
      ['text.ts', []],
    ]);
    expect(importCircles(graph)).toEqual([['rank.ts', 'reasons.ts', 'rank.ts']]);
  });
});
