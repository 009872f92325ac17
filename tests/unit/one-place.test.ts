import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, sourceFiles } from '../helpers/source-files';

/**
 * Each long-lived thing and each rule has one place (ARCHITECTURE.md): a write inside a transaction goes through
 * that transaction, body limits are declared by the routes that need them, and the engine's public types do not
 * reach into its renderer. Checked on the source text, naming the files that break a rule.
 */

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** The bodies of every `withTransaction(…, async (tx) => { … })` callback in a text. */
function transactionBodies(text: string): string[] {
  const bodies: string[] = [];
  for (const m of text.matchAll(/withTransaction\([^,]+,\s*async\s*\(?\w*\)?\s*=>\s*\{/g)) {
    let depth = 1;
    let i = m.index + m[0].length;
    while (depth > 0 && i < text.length) {
      if (text[i] === '{') depth += 1;
      else if (text[i] === '}') depth -= 1;
      i += 1;
    }
    bodies.push(text.slice(m.index + m[0].length, i));
  }
  return bodies;
}

describe('one place per rule', () => {
  it('inside a transaction every query goes through it: no callback reaches deps.db', () => {
    const files = sourceFiles('api');
    const opened = files.filter((f) => transactionBodies(read(f)).length > 0);
    expect(opened.length).toBeGreaterThan(10);
    const bad = opened.filter((f) => transactionBodies(read(f)).some((body) => /\bdeps\.db\b/.test(body)));
    expect(bad).toEqual([]);
  });

  it('finds a deps.db inside a transaction when there is one (the check can fail)', () => {
    const sample =
      'await withTransaction(deps.db, async () => {\n  if (x) { y(); }\n  await repo.insert(deps.db, 1);\n});';
    expect(transactionBodies(sample).some((body) => /\bdeps\.db\b/.test(body))).toBe(true);
  });

  it('body limits are declared by routes: only the body-limit middleware uses Hono’s bodyLimit, and no URL pattern picks one', () => {
    const users = sourceFiles('api').filter((f) => /from 'hono\/body-limit'/.test(read(f)));
    expect(users).toEqual(['api/middleware/body-limit.ts']);
    expect(read('api/app.ts')).not.toMatch(/bodyLimit\(|\/ops\$|\/images\$/);
    const declaring = sourceFiles('api/routes').filter((f) => /\brouteBodyLimit\(/.test(read(f)));
    expect(declaring).toEqual(
      expect.arrayContaining(['api/routes/board-ops.route.ts', 'api/routes/own-images.route.ts']),
    );
  });

  it('the camera mirror is written only from the engine’s view events', () => {
    const writers = sourceFiles('web').filter((f) => /\bsetViewMirror\(/.test(read(f)));
    expect(writers).toEqual(['web/components/board/use-engine-events.ts']);
  });

  it('engine/types.ts imports nothing from the engine’s render/ (the renderer depends on the types, not back)', () => {
    const imports = [...read('engine/types.ts').matchAll(/(?:import|export)[^'"]*from\s*['"]([^'"]+)['"]/g)].map(
      (m) => m[1],
    );
    expect(imports.filter((s) => /(^|\/)render(\/|$)/.test(s))).toEqual([]);
  });
});
