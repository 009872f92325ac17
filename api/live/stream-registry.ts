import crypto from 'node:crypto';
import type { Db } from '../db/client';
import { liveStreamsRepo } from '../db/repositories/live-streams.repo';
import { log } from '../ops/log';

/** This process's name in the live_streams table: its rows are renewed together and expire together if it dies. */
export const INSTANCE_ID = crypto.randomUUID();

/** An open stream as the registry sees it: something to send a heartbeat to. */
export type RegisteredStream = { ping(): void };

/**
 * The open live streams of this process on one database: one timer sends every stream its heartbeat and renews
 * their rows (one UPDATE for all of them), so a stream's row outlives it by at most a few heartbeats when the
 * process dies (kill -9), and the per-user cap frees its place.
 */
export class StreamRegistry {
  private readonly streams = new Set<RegisteredStream>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly heartbeatMs: number,
    private readonly now: () => number,
  ) {}

  /** How long a row lives without renewal: three heartbeats. */
  get leaseMs(): number {
    return this.heartbeatMs * 3;
  }

  get size(): number {
    return this.streams.size;
  }

  add(stream: RegisteredStream): () => void {
    this.streams.add(stream);
    if (!this.timer) {
      this.timer = setInterval(() => this.beat(), this.heartbeatMs);
      this.timer.unref();
    }
    return () => {
      this.streams.delete(stream);
      if (this.streams.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  private beat() {
    for (const stream of this.streams) stream.ping();
    liveStreamsRepo
      .renewInstance(this.db, INSTANCE_ID, this.now() + this.leaseMs)
      .catch((err: Error) => log.warn(`Live stream renewal failed: ${err.message}`));
  }
}
