import { defineConfig } from '@playwright/test';
import { e2eBackend } from './tests/e2e/backend';
import { POSTGRES_SPECS } from './tests/e2e/store-runs';

/**
 * End-to-end tests drive the built app (npm run build) in Debian's Chromium; each worker starts its own
 * server on a temp data dir (tests/e2e/fixtures.ts). Never `playwright install`: there is no download here.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // On PostgreSQL + S3 only the specs where the store changes what the browser sees; the list and why each is on it
  // are in tests/e2e/store-runs.ts. On SQLite, every spec.
  testMatch: e2eBackend() === 'postgres' ? Object.keys(POSTGRES_SPECS).map((name) => `**/${name}`) : '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // One retry on CI (.ci/run sets CI): a test that passes only on its retry is still reported, as flaky, in the
  // summary, and its cause is to be fixed; locally a failure stays a failure.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1400, height: 900 },
    // The interface follows the browser's language: English unless a test asks for another.
    locale: 'en-US',
    // Cards appear in place instead of falling and rippling (the engine follows prefers-reduced-motion): a query's
    // fall is 180 ms a card of waiting and of frames a software renderer draws on CI's two cores. The specs about
    // motion ask for it back with test.use({ reducedMotion: 'no-preference' }).
    reducedMotion: (process.env.LOOT_E2E_MOTION as 'reduce' | 'no-preference' | undefined) ?? 'reduce',
    launchOptions: {
      executablePath: process.env.LOOT_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--enable-unsafe-swiftshader',
        '--use-angle=swiftshader',
      ],
    },
    trace: 'off',
  },
});
