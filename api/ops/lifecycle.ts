/** What a long-lived response is told when the server starts draining: reconnect after this many milliseconds. */
export type DrainNotice = { retryAfterMs: number };
export type DrainHook = (notice: DrainNotice) => void | Promise<void>;

/**
 * The server's life as requests see it (README: Graceful shutdown). On SIGTERM or SIGINT the server starts
 * draining: /api/health/ready answers 503 so a load balancer sends nothing new, and every hook registered here
 * runs, so that responses which never end by themselves (live event streams) end with a hint to reconnect; the
 * server then waits for the requests in flight (api/ops/graceful-shutdown.ts).
 */
export class Lifecycle {
  #draining = false;
  readonly #hooks = new Set<DrainHook>();

  get draining(): boolean {
    return this.#draining;
  }

  /**
   * Runs `hook` when draining starts (at once if it has started already). Returns the removal, for a response
   * that ends first. A live stream: `const off = lifecycle.onDrain(({ retryAfterMs }) => close with retry)`.
   */
  onDrain(hook: DrainHook): () => void {
    if (this.#draining) {
      void Promise.resolve(hook({ retryAfterMs: DRAIN_RETRY_AFTER_MS })).catch(() => {});
      return () => {};
    }
    this.#hooks.add(hook);
    return () => this.#hooks.delete(hook);
  }

  /** Starts draining: every hook runs once; one that throws does not stop the others. */
  async drain(notice: DrainNotice = { retryAfterMs: DRAIN_RETRY_AFTER_MS }): Promise<void> {
    if (this.#draining) return;
    this.#draining = true;
    const hooks = [...this.#hooks];
    this.#hooks.clear();
    await Promise.allSettled(hooks.map(async (hook) => hook(notice)));
  }
}

/** Long enough for a rolling restart's replacement (or another instance) to take the reconnection. */
export const DRAIN_RETRY_AFTER_MS = 2_000;
