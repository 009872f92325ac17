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

describe('the query engine modules', () => {
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
