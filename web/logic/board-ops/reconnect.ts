/**
 * How long a board's live stream waits before it connects again: doubling from a first pause up to a
 * ceiling, with up to a quarter of random spread so that many screens dropped at once (an instance restarted) do
 * not come back all in the same instant. `attempt` counts failures in a row, from 0. Pure.
 *
 * @example
 * reconnectDelay(0, () => 0) // 500
 * reconnectDelay(10, () => 0) // 30000
 */
export const RECONNECT_FIRST_MS = 500;
export const RECONNECT_MAX_MS = 30_000;

export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + random() / 4));
}
