import { describe, expect, it } from 'vitest';
import { createAppDeps } from '../../../api/app-deps';
import { systemClock, type AppDeps } from '../../../api/deps';
import { DRAIN_RETRY_AFTER_MS, Lifecycle } from '../../../api/ops/lifecycle';

describe('lifecycle: the drain hooks live streams register', () => {
  it('runs every hook once with the retry hint when draining starts; a removed hook does not run', async () => {
    const lifecycle = new Lifecycle();
    const told: string[] = [];
    lifecycle.onDrain(({ retryAfterMs }) => void told.push(`a ${retryAfterMs}`));
    const off = lifecycle.onDrain(() => void told.push('removed'));
    lifecycle.onDrain(async ({ retryAfterMs }) => {
      await Promise.resolve();
      told.push(`b ${retryAfterMs}`);
    });
    off();
    expect(lifecycle.draining).toBe(false);
    await lifecycle.drain();
    expect(lifecycle.draining).toBe(true);
    expect(told.sort()).toEqual([`a ${DRAIN_RETRY_AFTER_MS}`, `b ${DRAIN_RETRY_AFTER_MS}`]);
    await lifecycle.drain();
    expect(told).toHaveLength(2);
  });

  it('a hook that throws does not stop the others; one registered after the start runs at once', async () => {
    const lifecycle = new Lifecycle();
    const told: string[] = [];
    lifecycle.onDrain(() => {
      throw new Error('a stream already gone');
    });
    lifecycle.onDrain(() => void told.push('second'));
    await lifecycle.drain();
    expect(told).toEqual(['second']);
    lifecycle.onDrain(() => void told.push('late'));
    expect(told).toEqual(['second', 'late']);
  });

  it("one lifecycle per app, made where the app's deps are made: the server's when it gave one, else a new one", () => {
    const given = new Lifecycle();
    const base = { db: {} as AppDeps['db'], config: {} as AppDeps['config'], clock: systemClock };
    const storage = {} as AppDeps['storage'];
    expect(createAppDeps({ ...base, storage, lifecycle: given }).lifecycle).toBe(given);
    const made = createAppDeps({ ...base, storage }).lifecycle;
    expect(made).toBeInstanceOf(Lifecycle);
    expect(made).not.toBe(createAppDeps({ ...base, storage }).lifecycle);
  });
});
