import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../api/app';
import { loadConfig, type AppConfig } from '../../api/config';
import { closeDatabase, openDatabase, type Db } from '../../api/db/client';
import { seedPlans } from '../../api/db/seed-plans';
import { usersRepo, type UserRow } from '../../api/db/repositories/users.repo';
import type { AppDeps, Clock } from '../../api/deps';
import { createSession } from '../../api/services/sessions.service';

/** A clock tests can move. */
export function testClock(start = new Date('2026-01-15T10:00:00Z')): Clock & { set(d: Date): void; advance(ms: number): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    set: (d) => {
      now = d.getTime();
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

export type TestApp = {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  db: Db;
  dir: string;
  config: AppConfig;
  /** A signed-in user and the Cookie header that carries their session. */
  signIn(email?: string, patch?: Partial<UserRow>): Promise<{ user: UserRow; cookie: string }>;
  /** app.request with JSON body and headers filled in. */
  call(method: string, url: string, opts?: { cookie?: string; json?: unknown; headers?: Record<string, string> }): Promise<Response>;
  close(): void;
};

/** The real app over a real SQLite file in a fresh temp folder. */
export async function createTestApp(options: { env?: Record<string, string>; clock?: Clock; extraDeps?: Partial<AppDeps> } = {}): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-test-'));
  const config = loadConfig({ LOOT_DATA_DIR: dir, LOOT_SEED_CATALOGUE: '0', ...options.env });
  const db = openDatabase(config.dbFile);
  await seedPlans(db, config);
  const deps: AppDeps = { db, config, clock: options.clock ?? testClock(), ...options.extraDeps } as AppDeps;
  const app = createApp(deps);
  let userCount = 0;
  return {
    app,
    deps,
    db,
    dir,
    config,
    async signIn(email, patch) {
      userCount += 1;
      const address = email ?? `user${userCount}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const now = deps.clock.now();
      let user =
        (await usersRepo.getByEmail(db, address)) ??
        (await usersRepo.create(db, {
          email: address,
          firstName: address.split('@')[0],
          usageResetDate: new Date(now.getTime() + 30 * 24 * 60 * 60_000),
          monthlyLimit: 5,
        }));
      if (patch) user = (await usersRepo.update(db, user.id, patch))!;
      const token = await createSession(deps, user.id);
      return { user, cookie: `loot_session=${token}` };
    },
    call(method, url, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.cookie) headers.cookie = opts.cookie;
      let body: string | undefined;
      if (opts.json !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof opts.json === 'string' ? opts.json : JSON.stringify(opts.json);
      }
      return Promise.resolve(app.request(url, { method, headers, body }));
    },
    close() {
      closeDatabase(db);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
