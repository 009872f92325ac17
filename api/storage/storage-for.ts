import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { localObjectStore, type ObjectStore } from './object-store';
import { createS3Client, s3ObjectStore } from './s3-store';
import { databaseWorkLocks, fileWorkLocks, type WorkLocks } from './work-locks';

/** Stored files and the locks that make shared work (variants, catalogue images) happen once. */
export type Storage = { store: ObjectStore; locks: WorkLocks };

/** The store the configuration names: the bucket of LOOT_STORAGE_URL, else the local folder. */
export function createObjectStore(config: Pick<AppConfig, 's3' | 'storageDir'>): ObjectStore {
  return config.s3 ? s3ObjectStore(createS3Client(config.s3), config.s3) : localObjectStore(config.storageDir);
}

/**
 * Stored files and their locks, made once at start and passed in the app's deps (`deps.storage`): one S3 client,
 * one set of in-flight variants per instance. Locks that every process writing to `store` sees: lock files in a
 * local folder, database leases for a bucket.
 */
export function createStorage(
  config: Pick<AppConfig, 's3' | 'storageDir'>,
  db: Db,
  store: ObjectStore = createObjectStore(config),
): Storage {
  return { store, locks: store.kind === 'local' ? fileWorkLocks(config.storageDir) : databaseWorkLocks(db) };
}
