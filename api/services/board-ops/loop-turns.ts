/**
 * A long board write gives the event loop back every few milliseconds: the batch stays one transaction (one change,
 * applied whole or not at all), but between slices other requests are answered (a health probe, a page, another
 * user's read). On SQLite the connection's gate keeps other statements out of the open transaction, so they wait
 * for its commit; on PostgreSQL every statement already awaits the network.
 */
export const LOOP_SLICE_MS = 20;

/** Yields to the event loop when the work since the last turn has taken LOOP_SLICE_MS or more. */
export class LoopTurns {
  private since = performance.now();

  async maybeYield(): Promise<void> {
    if (performance.now() - this.since < LOOP_SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.since = performance.now();
  }
}

/** Splits `items` into slices of `size` (the last one shorter). */
export function slices<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}
