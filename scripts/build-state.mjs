// Which parts of dist/ are missing or older than the files they are built from. Plain JavaScript: `npm start` reads
// it with plain node, where a production install has neither tsx nor TypeScript.
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Each part of the build: the file whose time stands for the whole output (written last), and what it is built
 * from. The lockfile counts for both: a dependency upgrade rebuilds.
 */
export const PARTS = {
  web: {
    output: 'dist/web/index.html',
    inputs: ['web', 'shared', 'engine', 'vite.config.ts', 'package.json', 'package-lock.json'],
  },
  server: {
    output: 'dist/server.js',
    inputs: ['api', 'shared', 'engine', 'assets', 'scripts/build.mjs', 'package.json', 'package-lock.json'],
  },
};

/** The newest modification time (ms) of a file or of any file under a folder; 0 when there is none. */
function newestTime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    newest = Math.max(newest, newestTime(path.join(target, entry.name)));
  }
  return newest;
}

/**
 * The parts to build: an output that is missing, or older than a source. Where the sources are absent (a
 * container image holds dist/ alone), an existing output is up to date.
 */
export function staleParts(root = ROOT) {
  return Object.entries(PARTS)
    .filter(([, part]) => {
      const built = newestTime(path.join(root, part.output));
      if (built === 0) return true;
      return part.inputs.some((input) => newestTime(path.join(root, input)) > built);
    })
    .map(([name]) => name);
}
