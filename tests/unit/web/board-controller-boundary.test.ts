import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, sourceFiles } from '../../helpers/source-files';

/**
 * The web reaches the board engine through one narrow door (docs/decisions/0023-one-board-controller.md):
 * BoardCanvas creates the engine and feeds it the board, web/components/board/board-controller.ts wraps it, and
 * every other web file holds that controller, never the engine. The engine lab pages (web/lab/) drive the engine
 * itself for the tests and benchmarks. Checked on the source text, naming the files that break the rule.
 */

/** The files that may hold the engine itself. */
const HOLDS_THE_ENGINE = ['web/components/board/board-controller.ts', 'web/components/board/BoardCanvas.tsx'];
const LAB = 'web/lab/';

/** The engine's test hooks: read by the lab and the e2e tests, never by the product. */
const TEST_HOOKS = ['inspectCard', 'inspectSection', 'inspectFlashes', 'getStats', 'resetStats', 'requestFrame'];

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** The text without its comments (a comment may name the engine). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** What in a file's text reaches the engine past the controller. */
function reachesTheEngine(text: string): string[] {
  const source = code(text);
  const found: string[] = [];
  if (/\bBoardEngine\b/.test(source)) found.push('names the BoardEngine type');
  if (/\bcreateBoardEngine\b/.test(source)) found.push('names createBoardEngine');
  for (const m of source.matchAll(
    /(?:from\s*|import\(\s*)['"](#engine|#engine\/index|#engine\/(?:render|input)\/[^'"]*)['"]/g,
  ))
    found.push(`imports ${m[1]} (pure types come from #engine/types, pure math from #engine/model/*)`);
  return found;
}

/** The engine test hooks a file's text calls. */
function callsTestHooks(text: string): string[] {
  const source = code(text);
  return TEST_HOOKS.filter((hook) => new RegExp(`\\.${hook}\\(`).test(source)).map((hook) => `calls ${hook}()`);
}

const webFiles = sourceFiles('web').filter((f) => !f.startsWith(LAB));

describe('the web reaches the board engine through one controller', () => {
  it('no web file but the controller and BoardCanvas holds the engine (the lab aside)', () => {
    const bad = webFiles
      .filter((f) => !HOLDS_THE_ENGINE.includes(f))
      .flatMap((f) => reachesTheEngine(read(f)).map((why) => `${f}: ${why}`));
    expect(bad).toEqual([]);
  });

  it('no web file calls the engine’s test hooks (the lab aside)', () => {
    const bad = webFiles.flatMap((f) => callsTestHooks(read(f)).map((why) => `${f}: ${why}`));
    expect(bad).toEqual([]);
  });

  it('the allowed files exist and hold the engine, so the rule above names real places', () => {
    for (const file of HOLDS_THE_ENGINE) expect(reachesTheEngine(read(file))).not.toEqual([]);
    expect(sourceFiles('web').some((f) => f.startsWith(LAB) && reachesTheEngine(read(f)).length > 0)).toBe(true);
  });

  it('finds an engine held past the controller when there is one (the check can fail)', () => {
    expect(reachesTheEngine("import type { BoardEngine, Rect } from '#engine/types';")).toHaveLength(1);
    expect(reachesTheEngine("import { createBoardEngine } from '#engine';")).toHaveLength(2);
    expect(reachesTheEngine("const e = await import('#engine/render/scene');")).toHaveLength(1);
    expect(
      reachesTheEngine("// the BoardEngine is not named here\nimport type { Rect } from '#engine/types';"),
    ).toEqual([]);
    expect(callsTestHooks('const stats = engine.getStats();')).toEqual(['calls getStats()']);
  });
});
