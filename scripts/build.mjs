// npm run build: the web app into dist/web (vite) and the server into dist/ (esbuild), so that `node dist/server.js`
// runs with plain node and the production dependencies only (README: Production start).
//   node scripts/build.mjs [--web] [--server] [--if-stale]
// With neither --web nor --server both are built; --if-stale builds only the parts older than their sources.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ROOT, staleParts } from './build-state.mjs';

/**
 * The server's entry points, one self-contained bundle each in dist/ (no shared chunks: every bundle sits directly
 * in dist/, so import.meta.url means the same folder in all of them; api/runtime-files.ts relies on it).
 */
const SERVER_ENTRIES = {
  server: 'api/server.ts',
  'demo-board': 'api/cli/demo-board.ts',
  'db-backup': 'api/cli/db-backup.ts',
  'seed-catalogue': 'api/cli/seed-catalogue.ts',
  'import-catalogue': 'api/cli/import-catalogue.ts',
  'migrate-to-postgres': 'api/cli/migrate-to-postgres.ts',
  'organize-layout.worker': 'api/workers/organize-layout.worker.ts',
};

/** What the server reads from disk at run time (api/runtime-files.ts), copied under dist/ at the same paths. */
const RUNTIME_FILES = [
  'api/db/migrations',
  'api/db/migrations-pg',
  'api/auth/common-passwords.txt',
  'assets/catalogue',
  'assets/search',
];

const { values } = parseArgs({
  options: { web: { type: 'boolean' }, server: { type: 'boolean' }, 'if-stale': { type: 'boolean' } },
});
let parts = values.web || values.server ? ['web', 'server'].filter((p) => values[p]) : ['web', 'server'];
if (values['if-stale']) {
  const stale = staleParts();
  parts = parts.filter((p) => stale.includes(p));
}
if (parts.includes('web')) await buildWeb();
if (parts.includes('server')) await buildServer();

async function buildWeb() {
  const { build } = await import('vite');
  await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  console.log('Built the web app into dist/web');
}

/**
 * esbuild rather than vite's SSR build: the server needs only TypeScript stripped and its own modules joined, with
 * every package left to node_modules (native sharp, better-sqlite3, pg, pdfkit's font files); esbuild does exactly
 * that in well under a second, is what tsx already runs the sources through, and needs no second vite config.
 */
async function buildServer() {
  const { build } = await import('esbuild');
  // The catalogue's file names hash the drawing code's sources, which a bundle no longer has: computed here, by the
  // function the sources use, and written into the bundle.
  const { tsImport } = await import('tsx/esm/api');
  const plan = await tsImport('../api/catalogue/catalogue-plan.ts', import.meta.url);
  const bundleFacts = { generatorFingerprint: plan.generatorFingerprint() };

  const outdir = path.join(ROOT, 'dist');
  const started = performance.now();
  await build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(SERVER_ENTRIES).map(([out, entry]) => ({ in: entry, out })),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Packages stay in node_modules; the project's own `#shared/*` imports are bundled (see the plugin).
    packages: 'external',
    plugins: [bundleOwnImports(), bundleBuildTimePackages(['i18next'])],
    define: { LOOT_BUNDLE: JSON.stringify(bundleFacts) },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // Bundles are overwritten in place (a test server may be running from them); copies are made afresh, so a file
  // removed from the sources is gone from dist/ too.
  for (const file of RUNTIME_FILES) {
    fs.rmSync(path.join(outdir, file), { recursive: true, force: true });
    fs.cpSync(path.join(ROOT, file), path.join(outdir, file), { recursive: true });
  }
  // dist/server.js stands for the whole server build (scripts/build-state.mjs): its time is the build's end.
  const now = new Date();
  fs.utimesSync(path.join(outdir, 'server.js'), now, now);
  console.log(
    `Built the server into dist/ (${Object.keys(SERVER_ENTRIES).length} bundles, ${Math.round(performance.now() - started)} ms)`,
  );
}

/**
 * Packages the server needs that stay devDependencies and are bundled instead: i18next (the exports' words) is
 * plain JavaScript with no dependency of its own, but its optional TypeScript peer would keep TypeScript in a
 * production install (`npm prune --omit=dev` keeps dev-optional packages).
 */
function bundleBuildTimePackages(names) {
  return {
    name: 'bundle-build-time-packages',
    setup(build) {
      const filter = new RegExp(`^(${names.join('|')})$`);
      build.onResolve({ filter }, (args) => ({ path: fileURLToPath(import.meta.resolve(args.path)) }));
    },
  };
}

/** package.json "imports" (`#shared/*`, `#engine/*`) name the project's own sources: resolved and bundled, never left external. */
function bundleOwnImports() {
  const imports = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).imports;
  return {
    name: 'bundle-own-imports',
    setup(build) {
      build.onResolve({ filter: /^#/ }, (args) => {
        for (const [pattern, target] of Object.entries(imports)) {
          const star = pattern.indexOf('*');
          const matched = star < 0 ? args.path === pattern : args.path.startsWith(pattern.slice(0, star));
          if (matched) return { path: path.join(ROOT, star < 0 ? target : target.replace('*', args.path.slice(star))) };
        }
        return null;
      });
    },
  };
}
