/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * tests/api files that do not run in the `postgres` project, and why. Everything else in tests/api runs
 * on both databases.
 */
const POSTGRES_EXCLUDED = [
  // Already about PostgreSQL: each starts its own cluster and compares with SQLite where it matters.
  'tests/api/postgres-*.test.ts',
  'tests/api/multi-instance.test.ts',
  'tests/api/migrate-to-postgres.test.ts',
  // About SQLite itself: WAL durability across a killed process, leases through a second SQLite connection, the
  // catalogue file's integrity.
  'tests/api/durability.test.ts',
  'tests/api/leases.test.ts',
  'tests/api/catalogue-integrity.test.ts',
  // About the build, the process and its files, whatever the database: the production start from a clean copy,
  // the container files, start-up errors (their PostgreSQL cases start their own cluster), the drain under npm start.
  'tests/api/production-start.test.ts',
  'tests/api/compose-file.test.ts',
  'tests/api/startup-errors.test.ts',
  'tests/api/graceful-shutdown.test.ts',
  // Each starts its own server process on its own SQLite file or bucket: the listeners and file modes, the JSON log
  // lines, a start under another Node.
  'tests/api/listen-and-file-modes.test.ts',
  'tests/api/server-log-lines.test.ts',
  'tests/api/other-node-start.test.ts',
];

// The web app lives in web/; the build lands in dist/web, which api/server.ts serves.
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./web/index.html', import.meta.url)),
        engineLab: fileURLToPath(new URL('./web/lab/engine.html', import.meta.url)),
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    root: projectRoot,
    environment: 'node',
    pool: 'forks',
    // One test file per core. Vitest's default keeps a core for its own process (one worker on CI's two cores), but
    // that process mostly waits: two workers there cut the suite's time by about a third (551 s → 382 s measured).
    maxWorkers: availableParallelism(),
    // A worker keeps its loaded modules from one test file to the next instead of importing the app's whole module
    // graph again for each file: importing was more than half of the suite's worker time (791 s of 1,460 s on CI's
    // two cores). Test files share no state through modules: each builds its own app, database and folder
    // (createTestApp), and process-wide counters are read as differences.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'sqlite', include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'] },
      },
      {
        // The API suite again on PostgreSQL: createTestApp() opens a database in a fresh copy's state on
        // one throwaway cluster started by the globalSetup (a closed test's database, reset, when one is free:
        // tests/helpers/pg-test-databases.ts). Files left out run on SQLite only; each says why.
        extends: true,
        test: {
          name: 'postgres',
          include: ['tests/api/**/*.test.ts'],
          exclude: POSTGRES_EXCLUDED,
          env: { LOOT_TEST_DATABASE: 'postgres' },
          globalSetup: ['tests/helpers/pg-global-setup.ts'],
        },
      },
    ],
  },
});
