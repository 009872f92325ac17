import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';
import { openConfiguredDatabase } from '../../api/db/open-database';
import { databaseStartupError, storageStartupError } from '../../api/ops/startup-errors';
import { createObjectStore } from '../../api/storage/storage-for';
import { freePort } from '../helpers/free-port';
import { startPgCluster, type PgCluster } from '../helpers/pg-cluster';
import { startS3Server, type TestS3 } from '../helpers/s3-server';
import { serverBundle } from '../helpers/server-bundle';
import { nonJsonLines } from '../helpers/spawned-server';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-start-'));
  dirs.push(dir);
  return dir;
};
let s3: TestS3 | undefined;
let cluster: PgCluster | undefined;
afterAll(async () => {
  await s3?.close();
  cluster?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The server bundle started with `env` until it exits by itself: its exit code and what it printed. */
async function startUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [await serverBundle()], {
    env: { ...process.env, LOOT_DATA_DIR: tempDir(), LOOT_SEED_CATALOGUE: '0', LOOT_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

/**
 * The one error line of a failed start: its message; no stack anywhere in the output, and no line that is not JSON
 * (Node's own warnings, the AWS SDK's notice about Node versions among them, are log lines too).
 */
function theErrorLine(output: string): string {
  expect(output).not.toMatch(/^\s+at /m);
  expect(nonJsonLines(output)).toEqual([]);
  const errors = output
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { level: number; msg: string })
    .filter((l) => l.level >= 50);
  expect(errors).toHaveLength(1);
  return errors[0].msg;
}

/** What a step of the start throws, as the server would print it. */
async function failure(step: () => Promise<unknown>, describe: (err: unknown) => Error): Promise<string> {
  try {
    await step();
  } catch (err) {
    return describe(err).message;
  }
  throw new Error('the step did not fail');
}

describe('start-up errors: one line naming the setting and the fix, exit 1', () => {
  it('a port in use, a database that refuses connections, a bucket that refuses the keys', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, resolve));
    const busy = (holder.address() as net.AddressInfo).port;
    const closed = await freePort();
    s3 = await startS3Server('loot-start');
    try {
      const [port, database, bucket] = await Promise.all([
        startUntilExit({ PORT: String(busy) }),
        startUntilExit({
          PORT: String(await freePort()),
          DATABASE_URL: `postgres://loot:pw-never-printed@127.0.0.1:${closed}/loot`,
        }),
        startUntilExit({
          PORT: String(await freePort()),
          ...s3.env(),
          S3_ACCESS_KEY_ID: 'WRONGKEY',
          S3_SECRET_ACCESS_KEY: 'secret-never-printed',
        }),
      ]);
      expect(port.code).toBe(1);
      expect(theErrorLine(port.output)).toBe(
        `PORT: port ${busy} is in use by another process: stop that process, or set PORT to a free port.`,
      );
      expect(database.code).toBe(1);
      expect(theErrorLine(database.output)).toBe(
        `DATABASE_URL: nothing accepts connections at 127.0.0.1:${closed}/loot (ECONNREFUSED): check the host and port, and that PostgreSQL is running and listening there.`,
      );
      expect(database.output).not.toContain('pw-never-printed');
      expect(bucket.code).toBe(1);
      expect(theErrorLine(bucket.output)).toMatch(
        /^S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: http:\/\/127\.0\.0\.1:\d+ refused these keys for bucket "loot-start" \(403\): check the key pair/,
      );
      expect(bucket.output).not.toContain('secret-never-printed');
    } finally {
      holder.close();
    }
  }, 60_000);

  it('PostgreSQL: a wrong password, a missing database', async () => {
    cluster = startPgCluster({ password: 'right-password' });
    const wrong = cluster.url('postgres').replace('right-password', 'wrong-password');
    const message = await failure(
      () => openConfiguredDatabase({ dbFile: '', DATABASE_URL: wrong }),
      (err) => databaseStartupError(err, loadConfig({ DATABASE_URL: wrong })),
    );
    expect(message).toBe(
      'DATABASE_URL: PostgreSQL refused the password of user "loot" (28P01): check the user name and the password.',
    );
    expect(message).not.toContain('password@');
    const missing = cluster.url('no_such_db');
    expect(
      await failure(
        () => openConfiguredDatabase({ dbFile: '', DATABASE_URL: missing }),
        (err) => databaseStartupError(err, loadConfig({ DATABASE_URL: missing })),
      ),
    ).toMatch(
      /^DATABASE_URL: database "no_such_db" does not exist on .+\/no_such_db \(3D000\): create it \(createdb no_such_db\) or fix its name\.$/,
    );
  }, 60_000);

  it('SQLite: a file that is not a database; the store: a folder that cannot be made, a missing bucket, an endpoint nobody answers', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(
      path.join(dataDir, 'loot.db'),
      'these bytes are not a SQLite database, not even close to one'.repeat(20),
    );
    const sqlite = loadConfig({ LOOT_DATA_DIR: dataDir });
    expect(
      await failure(
        () => openConfiguredDatabase(sqlite),
        (err) => databaseStartupError(err, sqlite),
      ),
    ).toBe(
      `LOOT_DATA_DIR: ${sqlite.dbFile} is not a SQLite database or is damaged (SQLITE_NOTADB): restore it from a backup (README: Backups), or set LOOT_DATA_DIR to another folder.`,
    );

    const file = path.join(tempDir(), 'a-file');
    fs.writeFileSync(file, '');
    const folder = loadConfig({ LOOT_STORAGE_DIR: path.join(file, 'storage') });
    expect(
      await failure(
        () => createObjectStore(folder).check(),
        (err) => storageStartupError(err, folder),
      ),
    ).toMatch(/^LOOT_STORAGE_DIR: cannot use .+ \(ENOTDIR\)/);

    s3 ??= await startS3Server('loot-start');
    const noBucket = loadConfig({ ...s3.env(), LOOT_STORAGE_URL: 's3://no-such-bucket/loot' });
    expect(
      await failure(
        () => createObjectStore(noBucket).check(),
        (err) => storageStartupError(err, noBucket),
      ),
    ).toBe(
      `LOOT_STORAGE_URL: bucket "no-such-bucket" does not exist at ${s3.endpoint}: create it (mc mb, aws s3 mb) or fix the bucket in LOOT_STORAGE_URL.`,
    );
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const unreachable = loadConfig({ ...s3.env(), S3_ENDPOINT: nobody });
    expect(
      await failure(
        () => createObjectStore(unreachable).check(),
        (err) => storageStartupError(err, unreachable),
      ),
    ).toBe(
      `S3_ENDPOINT: nothing answers at ${nobody} (ECONNREFUSED): check S3_ENDPOINT and that the store is running.`,
    );
  }, 60_000);
});
