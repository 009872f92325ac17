import type { TestProject } from 'vitest/node';
import { migratePostgres } from '../../api/db/postgres-migrate';
import { startPgCluster } from './pg-cluster';

/**
 * vitest globalSetup of the `postgres` project (issue #16): one throwaway cluster for the whole run, and a template
 * database migrated once with the PostgreSQL migrations. Each createTestApp() then copies the template into a fresh
 * database (tests/helpers/test-app.ts), which is much faster than migrating one per test. The cluster and its folder
 * are removed when the run ends.
 */
export const PG_TEMPLATE_DATABASE = 'loot_template';

export default async function setup(project: TestProject) {
  const cluster = startPgCluster();
  try {
    await migratePostgres(await cluster.createDatabase(PG_TEMPLATE_DATABASE));
  } catch (error) {
    cluster.stop();
    throw error;
  }
  project.provide('lootPgAdminUrl', cluster.url('postgres'));
  return () => cluster.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The maintenance database's connection string on the run's throwaway cluster (the `postgres` project only). */
    lootPgAdminUrl: string;
  }
}
