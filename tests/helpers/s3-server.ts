import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver, { type S3rverEvent } from 's3rver';
import { freePort } from './free-port';

export type TestS3 = {
  endpoint: string;
  bucket: string;
  /** The environment that points Loot at this server's bucket under `prefix`. */
  env(prefix?: string): Record<string, string>;
  /** Keys written by PutObject so far, in order (one entry per write, so a key made twice appears twice). */
  puts(): string[];
  close(): Promise<void>;
};

/**
 * A real S3-protocol server (s3rver) in this process on a free port, with one empty bucket in a temp folder:
 * storage tests talk to it through the real AWS SDK client, never a mocked one.
 */
export async function startS3Server(bucket = 'loot-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-s3-'));
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const written: string[] = [];
  server.on('event', (event: S3rverEvent) => {
    for (const record of event.Records)
      if (record.eventName === 'ObjectCreated:Put') written.push(decodeURIComponent(record.s3.object.key));
  });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: (prefix = 'loot') => ({
      LOOT_STORAGE_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver checks signatures against its one built-in account.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    }),
    puts: () => [...written],
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
