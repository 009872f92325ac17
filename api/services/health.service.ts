import type { AppDeps } from '../deps';
import { healthRepo } from '../db/repositories/health.repo';

/** How long each readiness check may take: a probe answers in well under its own timeout (Docker: 5 s). */
export const READY_CHECK_TIMEOUT_MS = 2_000;

/** A check's answer. Why one failed goes to the log only: the endpoint is public, and an error names hosts. */
export type CheckAnswer = 'ok' | 'failed' | 'timed out';

export type Readiness = {
  ok: boolean;
  checks: { database: CheckAnswer; storage: CheckAnswer };
  /** The checks that failed, and 'shutting down' while the server drains. */
  failed: string[];
};

/**
 * GET /api/health/ready (README: Health and metrics): the database answers a read and the store can be used, each
 * within READY_CHECK_TIMEOUT_MS; a draining server is not ready, whatever they say, so a load balancer moves on.
 */
export async function readiness(deps: AppDeps, timeoutMs = READY_CHECK_TIMEOUT_MS): Promise<Readiness> {
  const report = (name: string) => (err: unknown) =>
    deps.log?.warn({ err, check: name }, `Readiness: the ${name} check failed`);
  const [database, storage] = await Promise.all([
    check(() => healthRepo.ping(deps.db), timeoutMs, report('database')),
    check(() => deps.storage.store.check(), timeoutMs, report('storage')),
  ]);
  const failed = Object.entries({ database, storage })
    .filter(([, answer]) => answer !== 'ok')
    .map(([name]) => name);
  if (deps.lifecycle.draining) failed.push('shutting down');
  return { ok: failed.length === 0, checks: { database, storage }, failed };
}

async function check(
  probe: () => Promise<void>,
  timeoutMs: number,
  failed: (err: unknown) => void,
): Promise<CheckAnswer> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckAnswer>((resolve) => {
    timer = setTimeout(() => {
      failed(new Error(`no answer within ${timeoutMs} ms`));
      resolve('timed out');
    }, timeoutMs);
  });
  try {
    return await Promise.race([
      probe().then(
        () => 'ok' as const,
        (err: unknown) => {
          failed(err);
          return 'failed' as const;
        },
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
