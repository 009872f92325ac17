import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import { dataEnv } from '../config';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { localOnly } from '../middleware/local-only';
import { currentUser, requireUser } from '../middleware/session';
import { bundle, bundleEntry } from '../runtime-files';
import { DEMO_BOARD_MAX_CARDS, DEMO_BOARD_MAX_SECTIONS } from '../services/demo-board.service';
import { validate } from '../validation';

/** The CLI's own bundle beside the server's (dist/demo-board.js), or its source through tsx from the project root. */
const demoBoard = bundle
  ? { args: [fileURLToPath(bundleEntry('demo-board'))], cwd: undefined }
  : {
      args: ['--import', 'tsx', fileURLToPath(new URL('../cli/demo-board.ts', import.meta.url))],
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
    };

const demoBoardBody = z.object({
  cards: z.number().int().min(1).max(DEMO_BOARD_MAX_CARDS),
  sections: z.number().int().min(0).max(DEMO_BOARD_MAX_SECTIONS).default(40),
});

/**
 * POST /api/demo-board (localhost only; the sidebar's 'Demo board' entry): builds the board in a child process —
 * a 100,000-card write would otherwise stall every other request — and streams its progress as NDJSON lines
 * `{done,total}` ending with `{boardId,cards,sections,seconds}` or `{error}`.
 */
export function demoBoardRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/', localOnly(deps), requireUser, validate('json', demoBoardBody), (c) => {
    const user = currentUser(c);
    const { cards, sections } = c.req.valid('json');
    c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
    c.header('Cache-Control', 'no-store');
    return stream(c, async (out) => {
      const child = spawn(
        process.execPath,
        [
          ...demoBoard.args,
          '--progress',
          'json',
          '--email',
          user.email,
          '--cards',
          String(cards),
          '--sections',
          String(sections),
        ],
        // This app's database and storage (PostgreSQL and a bucket included), not whatever process.env names.
        { cwd: demoBoard.cwd, env: { ...process.env, ...dataEnv(deps.config) }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      out.onAbort(() => {
        child.kill('SIGTERM');
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      let lastLine = '';
      for await (const chunk of child.stdout) {
        lastLine = String(chunk).trim().split('\n').at(-1) ?? lastLine;
        await out.write(chunk);
      }
      const code: number =
        child.exitCode ?? (await new Promise((resolve) => child.once('exit', (c) => resolve(c ?? 1))));
      if (code !== 0 && !lastLine.includes('"error"')) {
        await out.write(`${JSON.stringify({ error: stderr.trim().split('\n').at(-1) || 'Demo board failed' })}\n`);
      }
    });
  });
}
