import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A board's state on a screen lives in its board session (web/data/board-session.ts), and the undo history in the
 * screen's registry: never in module-level collections keyed by board id, which outlive a board, are shared by every
 * query client (tests, the benchmark's screens) and are reset by nobody. This fails when web/data, web/logic or
 * web/commands declares, at the top of a module, a Map, Set, WeakMap or WeakSet, or an empty array to fill.
 */
const root = path.resolve(__dirname, '../../..');
const FOLDERS = ['web/data', 'web/logic', 'web/commands'];

/**
 * Constant lookups, built once from constants and never written: `new Set([...literals])` is always allowed; these
 * are the others, by file and name.
 */
const CONSTANT_LOOKUPS = new Set(['web/logic/search/reading-edit.ts:TIER_SUPER_GENRE']);

const COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);

function files(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return files(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** `new Set(['a', 'b'])`, `new Map([['a', 1]])`: filled from literals only. */
function literalFilled(args: ts.NodeArray<ts.Expression> | undefined): boolean {
  const first = args?.[0];
  if (!first || !ts.isArrayLiteralExpression(first)) return false;
  const literal = (e: ts.Expression): boolean =>
    ts.isStringLiteral(e) ||
    ts.isNumericLiteral(e) ||
    ts.isNoSubstitutionTemplateLiteral(e) ||
    (ts.isArrayLiteralExpression(e) && e.elements.every(literal));
  return first.elements.every(literal);
}

/** The module-level collections a file declares, as "file:name". */
function moduleLevelState(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText(source);
      let init = declaration.initializer;
      while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)))
        init = init.expression;
      if (!init) continue;
      const collection =
        ts.isNewExpression(init) &&
        ts.isIdentifier(init.expression) &&
        COLLECTIONS.has(init.expression.text) &&
        !literalFilled(init.arguments);
      const emptyArray = ts.isArrayLiteralExpression(init) && init.elements.length === 0;
      if ((collection || emptyArray) && !CONSTANT_LOOKUPS.has(`${file}:${name}`)) found.push(`${file}:${name}`);
    }
  }
  return found;
}

describe('per-board state lives in board sessions', () => {
  it('web/data, web/logic and web/commands declare no module-level Map, Set, WeakMap or array to fill', () => {
    const offenders = FOLDERS.flatMap(files).flatMap((file) =>
      moduleLevelState(file, fs.readFileSync(path.join(root, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('the check sees the shapes the old module state had, and lets constant lookups be', () => {
    const old = [
      'const versions = new Map<number, number>();',
      'const listeners = new Set<(boardId: number) => void>();',
      'export const cache = new WeakMap<object, number>();',
      'const undoStack: Command[] = [];',
      'const grown = new Set<number>() as Set<number>;',
    ].join('\n');
    expect(moduleLevelState('web/data/x.ts', old)).toEqual([
      'web/data/x.ts:versions',
      'web/data/x.ts:listeners',
      'web/data/x.ts:cache',
      'web/data/x.ts:undoStack',
      'web/data/x.ts:grown',
    ]);
    const constants = [
      "const TYPES = new Set(['a', 'b']);",
      "const PAIRS = new Map([['a', 1]]);",
      'function f() { const local = new Map(); return local; }',
      'class C { private readonly m = new Map(); }',
    ].join('\n');
    expect(moduleLevelState('web/data/x.ts', constants)).toEqual([]);
  });
});
