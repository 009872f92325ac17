/**
 * Which database and storage the e2e test servers run on: SQLite and a local folder (the default, `npm run
 * test:e2e`), or PostgreSQL and an S3-compatible bucket (LOOT_E2E_BACKEND=postgres, `npm run test:e2e:postgres`).
 * tests/e2e/store-runs.ts says which specs run on both.
 */
export type E2eBackend = 'sqlite' | 'postgres';

export function e2eBackend(): E2eBackend {
  return process.env.LOOT_E2E_BACKEND === 'postgres' ? 'postgres' : 'sqlite';
}

/** The database global-setup.ts migrates and seeds once; every test server gets a copy of it. */
export const E2E_PG_TEMPLATE = 'loot_e2e_template';
