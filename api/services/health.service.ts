import type { AppDeps } from '../deps';
import { healthRepo } from '../db/repositories/health.repo';
import { lifecycleFor } from '../ops/lifecycle';
import { storageFor } from '../storage/storage-for';

/** How long each readiness check may take: a probe answers in well under its own timeout (Docker: 5 s). */
export const READY_CHECK_TIMEOUT_MS = 2_000;

export type Readiness = {
  ok: boolean;
  /** Each check's answer: 'ok', or why it failed. */
  checks: { database: string; storage: string };
  /** The checks that failed, and 'shutting down' while the server drains. */
  failed: string[];
};

/**
 * GET /api/health/ready (README: Health and metrics): the database answers a read and the store can be used, each
 * within READY_CHECK_TIMEOUT_MS; a draining server is not ready, whatever they say, so a load balancer moves on.
 */
export async function readiness(deps: AppDeps, timeoutMs = READY_CHECK_TIMEOUT_MS): Promise<Readiness> {
  const [database, storage] = await Promise.all([
    check(() => healthRepo.ping(deps.db), timeoutMs),
    check(() => storageFor(deps).store.check(), timeoutMs),
  ]);
  const failed = Object.entries({ database, storage })
    .filter(([, answer]) => answer !== 'ok')
    .map(([name]) => name);
  if (lifecycleFor(deps).draining) failed.push('shutting down');
  return { ok: failed.length === 0, checks: { database, storage }, failed };
}

async function check(probe: () => Promise<void>, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
  });
  try {
    return await Promise.race([
      probe().then(
        () => 'ok',
        (err: unknown) => (err instanceof Error ? err.message || err.name : String(err)),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
