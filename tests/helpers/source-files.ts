import fs from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The source files under `dir` (a repository path), as repository paths, for the tests that check rules on the
 * source text. Declaration files and node_modules are never sources.
 */
export function sourceFiles(dir: string, extensions: RegExp = /\.(ts|tsx)$/): string[] {
  const abs = path.join(repoRoot, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(rel, extensions);
    return extensions.test(e.name) && !e.name.endsWith('.d.ts') ? [rel] : [];
  });
}
