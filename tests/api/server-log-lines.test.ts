import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port';
import { startS3Server, type TestS3 } from '../helpers/s3-server';
import { nonJsonLines, spawnServer, type SpawnedServer } from '../helpers/spawned-server';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-log-lines-'));
let s3: TestS3 | undefined;
let server: SpawnedServer | undefined;
afterAll(async () => {
  await server?.stop();
  await s3?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

type Line = { level: number; msg: string; warning?: { name: string } };

describe("the server's output is JSON lines, warnings included", () => {
  it('a start on a bucket, requests, a process warning and a stop: every line on stdout and stderr is one JSON object', async () => {
    s3 = await startS3Server('loot-log-lines');
    const port = await freePort();
    server = await spawnServer({ LOOT_DATA_DIR: work, PORT: String(port), ...s3.env() });
    await server.serving;
    expect((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/nope`)).status).toBe(404);
    await server.stop();
    const output = server.output();
    expect(nonJsonLines(output)).toEqual([]);
    const lines = output
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line);
    expect(lines.some((l) => l.msg.startsWith('Loot is serving'))).toBe(true);
    // The AWS SDK tells Node versions before 22 that its next releases will not run on them (process.emitWarning):
    // that notice is a warn line naming the warning, one line, not Node's several lines of plain text on stderr.
    if (Number(process.versions.node.split('.')[0]) < 22) {
      const notice = lines.find((l) => l.warning && /AWS SDK for JavaScript/.test(l.msg));
      expect(notice, output).toMatchObject({ level: 40, warning: { name: 'Warning' } });
      expect(notice!.msg).toMatch(
        /^NodeVersionSupportWarning: The AWS SDK for JavaScript \(v3\) versions published after .* You are running node v\d+\./,
      );
    }
  });
});
