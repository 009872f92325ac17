import type { TestProject } from 'vitest/node';
import { migratePostgres } from '../../api/db/postgres-migrate';
import { startPgCluster } from './pg-cluster';
import { createReusableList, snapshotTemplate, type PgTemplateSnapshot } from './pg-test-databases';

/**
 * vitest globalSetup of the `postgres` project: one throwaway cluster for the whole run, and a template
 * database migrated once with the PostgreSQL migrations. Each createTestApp() then copies the template into a fresh
 * database (tests/helpers/test-app.ts), which is much faster than migrating one per test, or reuses one a closed
 * test app put back into that state (tests/helpers/pg-test-databases.ts). The cluster and its folder are removed
 * when the run ends.
 */
export const PG_TEMPLATE_DATABASE = 'loot_template';

export default async function setup(project: TestProject) {
  const cluster = startPgCluster();
  let snapshot: PgTemplateSnapshot;
  try {
    const template = await cluster.createDatabase(PG_TEMPLATE_DATABASE);
    await migratePostgres(template);
    // What a fresh copy holds, so that a closed test app's database can be put back into that state and reused
    // (tests/helpers/pg-test-databases.ts).
    snapshot = await snapshotTemplate(template);
    await createReusableList(cluster.url('postgres'));
  } catch (error) {
    cluster.stop();
    throw error;
  }
  project.provide('lootPgAdminUrl', cluster.url('postgres'));
  project.provide('lootPgTemplateSnapshot', snapshot);
  return () => cluster.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The maintenance database's connection string on the run's throwaway cluster (the `postgres` project only). */
    lootPgAdminUrl: string;
    /** What a fresh copy of the template database holds (the `postgres` project only). */
    lootPgTemplateSnapshot: PgTemplateSnapshot;
  }
}
