import { describe, expect, it } from 'vitest';
import { RECONNECT_FIRST_MS, RECONNECT_MAX_MS, reconnectDelay } from '../../../../../web/logic/board-ops/reconnect';

describe('reconnectDelay (a dead live stream comes back with backoff)', () => {
  it('doubles from the first pause with each failure in a row, up to the ceiling', () => {
    const none = () => 0;
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, none))).toEqual([
      RECONNECT_FIRST_MS,
      RECONNECT_FIRST_MS * 2,
      RECONNECT_FIRST_MS * 4,
      RECONNECT_FIRST_MS * 8,
    ]);
    expect(reconnectDelay(10, none)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(1_000, none)).toBe(RECONNECT_MAX_MS);
  });

  it('spreads screens dropped at once over up to a quarter more', () => {
    expect(reconnectDelay(0, () => 0.999_999)).toBe(Math.round(RECONNECT_FIRST_MS * 1.25));
    expect(reconnectDelay(10, () => 0.5)).toBe(Math.round(RECONNECT_MAX_MS * 1.125));
  });
});
