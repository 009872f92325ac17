import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCatalogueDir } from '../../api/catalogue/catalogue-files';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { generateCatalogueImages } from '../../api/catalogue/generate-images';
import { loadConfig } from '../../api/config';
import { localObjectStore, type ObjectStore } from '../../api/storage/object-store';
import { createObjectStore } from '../../api/storage/storage-for';
import { variantRelativePath } from '../../api/storage/variants';
import { STORAGE_VARIANT_WIDTHS } from '#shared/image-urls';
import { startPgCluster } from '../helpers/pg-cluster';
import { startS3Server } from '../helpers/s3-server';
import { serverBundle } from '../helpers/server-bundle';
import { E2E_PG_TEMPLATE, e2eBackend } from './backend';

/**
 * SQLite (the default): draws the demo catalogue's images once into the storage folder every test server shares,
 * so the servers the workers start load the catalogue in about a second instead of each drawing ~900 images.
 *
 * PostgreSQL + S3 (LOOT_E2E_BACKEND=postgres, `npm run test:e2e:postgres`): one throwaway cluster and
 * one s3rver bucket for the whole run. The catalogue's images go into the bucket once, copied from the same
 * storage folder (drawn there first when missing; `npm test` has just drawn it for the SQLite run): drawing them
 * again into the bucket would cost ~2 minutes of CPU for bytes that are the same, and drawing into a bucket is
 * tested by tests/api/storage-s3.test.ts. Then the seed command, pointed at the cluster and the bucket by
 * DATABASE_URL and LOOT_STORAGE_URL, migrates and seeds a template database (plans, catalogue) and finds every
 * image in place. Each test server gets its own copy of the template (tests/e2e/fixtures.ts) and the shared bucket.
 * Both go when the run ends.
 */
export default async function globalSetup() {
  const storageDir = process.env.LOOT_E2E_STORAGE_DIR ?? path.join(os.tmpdir(), 'loot-e2e-storage');
  process.env.LOOT_E2E_STORAGE_DIR = storageDir;
  // Every test server's output lands here when it stops; global-teardown.ts reads it for secrets, then removes it.
  process.env.LOOT_E2E_LOG_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-e2e-logs-'));
  // The servers run dist/server.js: built here, once, when older than the sources (the workers find it fresh).
  await serverBundle();
  if (e2eBackend() === 'postgres') return setUpPostgres(storageDir);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-e2e-seed-'));
  try {
    await seedCatalogue({ LOOT_DATA_DIR: dataDir, LOOT_STORAGE_DIR: storageDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function setUpPostgres(storageDir: string) {
  const cluster = startPgCluster();
  const s3 = await startS3Server('loot-e2e').catch((error: unknown) => {
    cluster.stop();
    throw error;
  });
  const tearDown = async () => {
    await s3.close();
    cluster.stop();
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-e2e-seed-'));
  try {
    await copyCatalogueImages(
      storageDir,
      createObjectStore(loadConfig({ ...process.env, LOOT_DATA_DIR: dataDir, ...s3.env() })),
    );
    await seedCatalogue({
      LOOT_DATA_DIR: dataDir,
      DATABASE_URL: await cluster.createDatabase(E2E_PG_TEMPLATE),
      ...s3.env(),
    });
  } catch (error) {
    await tearDown();
    throw error;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // The workers Playwright starts after this inherit the environment: fixtures.ts reads these two.
  process.env.LOOT_E2E_PG_ADMIN_URL = cluster.url('postgres');
  process.env.LOOT_E2E_S3_ENV = JSON.stringify(s3.env());
  return tearDown;
}

/** Every catalogue image and variant the seed would write, from the local storage folder into `bucket`. */
async function copyCatalogueImages(storageDir: string, bucket: ObjectStore) {
  const started = Date.now();
  const plan = planCatalogue(readCatalogueDir().data);
  await generateCatalogueImages(plan, storageDir);
  const local = localObjectStore(storageDir);
  const keys = [...plan.screens, ...plan.covers].flatMap((job) => [
    ...STORAGE_VARIANT_WIDTHS.map((w) => variantRelativePath(job.relative, w)),
    job.relative,
  ]);
  let next = 0;
  const copyNext = async (): Promise<void> => {
    while (next < keys.length) {
      const key = keys[next++];
      const object = await local.get(key);
      if (object) await bucket.put(key, object.data);
    }
  };
  await Promise.all(Array.from({ length: 8 }, copyNext));
  console.log(
    `Catalogue: ${keys.length} images and variants copied into the bucket (${Math.round((Date.now() - started) / 1000)} s)`,
  );
}

/**
 * `npm run catalogue:seed` on the given database and storage: migrations, plans, catalogue rows, missing images.
 * A child process waited on asynchronously: the s3rver it writes to answers from this process's event loop.
 */
async function seedCatalogue(env: Record<string, string>) {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/cli/seed-catalogue.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`catalogue seed failed:\n${stdout}\n${stderr}`);
  console.log(`${stdout.trim().split('\n').at(-1)} (${Math.round((Date.now() - started) / 1000)} s)`);
}
