import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port';
import { nonJsonLines, spawnServer, type SpawnedServer } from '../helpers/spawned-server';

/** The ABI better-sqlite3 is built for here: this process's, since the tests open it (CI builds it for its Node). */
function installedAbi(): string {
  new Database(':memory:').close();
  return process.versions.modules;
}

/**
 * Another Node on this machine, for another ABI than better-sqlite3's install: CI runs on Node 22 beside the
 * machine's own Node, and a machine that ran .ci/node22 keeps a Node 22 in ~/.cache/loot/node22. Null where there
 * is none; the reader's unit test (tests/unit/ops/native-build.test.ts) covers the message everywhere.
 */
function otherNode(abi: string): string | null {
  const onPath = (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'node'));
  const cache =
    process.env.LOOT_NODE22_DIR ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'loot', 'node22');
  for (const candidate of [...onPath, path.join(cache, 'bin', 'node'), '/usr/bin/node', '/usr/local/bin/node']) {
    if (!fs.existsSync(candidate)) continue;
    try {
      if (execFileSync(candidate, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim() !== abi)
        return candidate;
    } catch {
      // Not a Node that runs here.
    }
  }
  return null;
}

const abi = installedAbi();
const other = otherNode(abi);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-other-node-'));
let server: SpawnedServer | undefined;
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a start under another Node than the install was built for', () => {
  it.skipIf(!other)(
    `says so in one line with the fix, not as a data-folder error (${other ?? 'no other Node here'})`,
    async () => {
      server = await spawnServer({ LOOT_DATA_DIR: dataDir, PORT: String(await freePort()) }, { node: other! });
      // It must stop by itself; serving would mean the other Node loaded the install after all.
      expect(await Promise.race([server.exited, server.serving.then(() => 'served')])).toBe(1);
      const output = server.output();
      expect(nonJsonLines(output)).toEqual([]);
      const fatal = output
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { level: number; msg: string })
        .filter((l) => l.level >= 50);
      expect(fatal).toHaveLength(1);
      expect(fatal[0].msg).toMatch(
        /^better-sqlite3 was built for (Node \d+ \()?NODE_MODULE_VERSION \d+\)?; this is (Node \d+ \(\d+\)|NODE_MODULE_VERSION \d+): run `npm rebuild better-sqlite3`/,
      );
      expect(fatal[0].msg).toContain(`NODE_MODULE_VERSION ${abi}`);
      expect(fatal[0].msg).not.toMatch(/LOOT_DATA_DIR/);
    },
  );
});
