import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';
import { openDatabase } from '../../api/db/client';
import { usersRepo } from '../../api/db/repositories/users.repo';
import { seedPlans } from '../../api/db/seed-plans';
import { systemClock } from '../../api/deps';
import { createBoard } from '../../api/services/boards.service';
import { BoardEventHub } from '../../api/live/board-event-hub';

const writerScript = fileURLToPath(new URL('./fixtures/durability-writer.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** How many acknowledged writes to wait for before pulling the plug. */
const KILL_AFTER = 400;

describe('durability: a writer killed with SIGKILL loses no acknowledged card', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reopens with integrity_check ok and every printed id present', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-durability-'));
    const config = loadConfig({ LOOT_DATA_DIR: dir, LOOT_SEED_CATALOGUE: '0' });
    const setup = openDatabase(config.dbFile);
    await seedPlans(setup, config);
    const user = await usersRepo.create(setup, {
      email: 'durable@example.com',
      usageResetDate: new Date(Date.now() + 86_400_000),
    });
    const board = await createBoard({ db: setup, clock: systemClock, eventHub: new BoardEventHub(setup) }, user, {
      title: 'Durable',
    });
    setup.$client.close();

    const child = spawn(
      process.execPath,
      ['--import', 'tsx', writerScript, config.dbFile, String(user.id), String(board.id)],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const acknowledged: number[] = [];
    let stderr = '';
    let pending = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop()!; // a partial last line was not acknowledged yet
      for (const line of lines) acknowledged.push(Number(line));
      if (acknowledged.length >= KILL_AFTER) child.kill('SIGKILL');
    });

    const { signal } = await exited;
    expect(signal, `the writer stopped on its own: ${stderr}`).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledged.every((id) => Number.isInteger(id) && id > 0)).toBe(true);

    const reopened = new Database(config.dbFile);
    try {
      expect(reopened.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(reopened.pragma('foreign_key_check')).toEqual([]);
      const stored = new Set(
        reopened.prepare('select id from cards where board_id = ?').pluck().all(board.id) as number[],
      );
      const missing = acknowledged.filter((id) => !stored.has(id));
      expect(missing).toEqual([]);
      const last = reopened.prepare('select title, images, tags from cards where id = ?').get(acknowledged.at(-1));
      expect(last).toEqual({
        title: `Durable card ${acknowledged.length - 1}`,
        images: JSON.stringify([`/api/storage/durable/${acknowledged.length - 1}.png`]),
        tags: JSON.stringify(['Core Gameplay', 'Boosters']),
      });
    } finally {
      reopened.close();
    }
  }, 60_000);
});
