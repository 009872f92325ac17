import type { TestProject } from 'vitest/node';
import { readCatalogueDir } from '../../api/catalogue/catalogue-files';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../api/catalogue/load-catalogue';
import { closePostgresDatabase, openPostgresDatabase } from '../../api/db/postgres';
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
/**
 * The template with the demo catalogue loaded (createTestApp({ catalogue: 'demo' })): on PostgreSQL each feature's
 * search words are written by a trigger, row by row, and loading the catalogue took seconds per test where copying
 * a database that holds it takes a fraction of one.
 */
export const PG_DEMO_CATALOGUE_TEMPLATE_DATABASE = 'loot_template_demo';

export default async function setup(project: TestProject) {
  const cluster = startPgCluster();
  let snapshot: PgTemplateSnapshot;
  try {
    const template = await cluster.createDatabase(PG_TEMPLATE_DATABASE);
    await migratePostgres(template);
    // What a fresh copy holds, so that a closed test app's database can be put back into that state and reused
    // (tests/helpers/pg-test-databases.ts).
    snapshot = await snapshotTemplate(template);
    const demoUrl = await cluster.createDatabase(PG_DEMO_CATALOGUE_TEMPLATE_DATABASE);
    await migratePostgres(demoUrl);
    const demo = await openPostgresDatabase(demoUrl);
    try {
      await loadCatalogue(demo, planCatalogue(readCatalogueDir().data));
    } finally {
      await closePostgresDatabase(demo);
    }
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
