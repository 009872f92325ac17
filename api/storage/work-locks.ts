import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/client';
import { leasesRepo } from '../db/repositories/leases.repo';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from './atomic-write';
import { checkedKey } from './object-store';
import { joinUnderRoot } from './safe-path';

export type WorkLease = { release(): Promise<void> };

/**
 * "Only one process makes this stored file" (a variant, a catalogue image): a lease per storage key, taken or
 * refused at once; a lease older than `ttlMs` belongs to a crashed holder and may be taken over. The lock lives
 * where every process that writes the same files can see it.
 */
export interface WorkLocks {
  tryTake(key: string, ttlMs: number): Promise<WorkLease | null>;
}

/**
 * Lock files beside the files in a local storage folder (`<key>.lock`, created exclusively), so processes that
 * share the folder share the locks even when they use different databases (the e2e servers do).
 */
export function fileWorkLocks(root: string): WorkLocks {
  return {
    async tryTake(key, ttlMs) {
      const target = joinUnderRoot(root, checkedKey('fileWorkLocks', key));
      if (!target) throw new Error(`fileWorkLocks: refused key ${JSON.stringify(key)}`);
      const lock = target + '.lock';
      await fs.promises.mkdir(path.dirname(lock), { recursive: true, mode: OWNER_ONLY_DIR });
      if (!claimFile(lock, ttlMs)) return null;
      return { release: () => fs.promises.rm(lock, { force: true }) };
    },
  };
}

function claimFile(lock: string, ttlMs: number): boolean {
  try {
    fs.closeSync(fs.openSync(lock, 'wx', OWNER_ONLY_FILE));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    try {
      if (Date.now() - fs.statSync(lock).mtimeMs > ttlMs) {
        fs.rmSync(lock, { force: true });
        fs.closeSync(fs.openSync(lock, 'wx', OWNER_ONLY_FILE));
        return true;
      }
    } catch {
      // Another process removed or re-took the lock between our calls: the work is theirs.
    }
    return false;
  }
}

/**
 * Leases in the database every instance shares, for an S3 bucket: a bucket offers no lock that every
 * S3-compatible store (and s3rver in the tests) honours, while the database is shared by construction. One
 * conditional upsert decides each race (leasesRepo.take).
 */
export function databaseWorkLocks(db: Db, now: () => number = Date.now): WorkLocks {
  const instance = `${process.pid}-${crypto.randomBytes(8).toString('hex')}`;
  let taken = 0;
  return {
    async tryTake(key, ttlMs) {
      const name = `storage:${checkedKey('databaseWorkLocks', key)}`;
      // A holder per lease, so two takes of one key in this process cannot both win as "renewals".
      const holder = `${instance}-${++taken}`;
      const at = now();
      if (!(await leasesRepo.take(db, name, holder, at, at + ttlMs))) return null;
      return { release: async () => void (await leasesRepo.release(db, name, holder)) };
    },
  };
}
