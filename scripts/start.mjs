// npm start (and the operator commands db:backup, demo:board, catalogue:*, db:migrate-to-postgres): runs a bundle of
// dist/ with plain node in this very process, after building the parts of dist/ that are missing or older than the
// sources. One process, no wrapper: SIGTERM and SIGINT reach the server's own handlers (the npm script `exec`s node).
//   node scripts/start.mjs [entry] [args...]     entry: a bundle in dist/ (default: server)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, staleParts } from './build-state.mjs';

const entry = process.argv[2] && !process.argv[2].startsWith('-') ? process.argv.splice(2, 1)[0] : 'server';
const bundle = path.join(ROOT, 'dist', `${entry}.js`);

// A command-line tool needs the server's bundles only; the server also serves the web app.
const stale = staleParts().filter((part) => entry === 'server' || part === 'server');
if (stale.length > 0) {
  if (!fs.existsSync(path.join(ROOT, 'node_modules', 'esbuild'))) {
    console.error(
      `dist/ is missing or older than the sources (${stale.join(', ')}), and the build tools are not installed (a production install): run \`npm run build\` where the dev dependencies are, then start again.`,
    );
    process.exit(1);
  }
  console.log(`Building ${stale.join(' and ')} (dist/ is missing or older than the sources)...`);
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), ...stale.map((p) => `--${p}`)], {
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (!fs.existsSync(bundle)) {
  console.error(
    `No ${path.relative(process.cwd(), bundle)}: entries are ${fs
      .readdirSync(path.join(ROOT, 'dist'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => f.slice(0, -3))
      .join(', ')}.`,
  );
  process.exit(1);
}
await import(pathToFileURL(bundle).href);
