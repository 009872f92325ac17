import pg from 'pg';
import type { Db } from './client';
import { postgresSideConnection } from './postgres';
import { databaseWarning } from './database-warning';

/** Waits between attempts to get the LISTEN connection back: doubling from the first to the last. */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

export type ChannelListener = {
  /** A NOTIFY's payload on the channel. */
  onNotify(payload: string): void;
  /**
   * The connection is listening (again): called after the first connect and after every reconnect, since
   * notifications sent while it was down are lost and whoever relies on them must catch up from the database.
   */
  onListening(): void;
};

/**
 * LISTEN on one channel of a PostgreSQL database over a connection of its own (a pooled one cannot hold a LISTEN:
 * the pool hands it to the next query). A lost connection (a database restart, a failover) is opened again with
 * backoff, forever, until `stop` or the database's close. Answers `stop`.
 */
export function listenToChannel(db: Db, channel: string, listener: ChannelListener): () => Promise<void> {
  const side = postgresSideConnection(db);
  let client: pg.Client | null = null;
  let stopped = false;
  let wait = RECONNECT_FIRST_MS;
  let timer: NodeJS.Timeout | null = null;

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, wait);
    timer.unref();
    wait = Math.min(wait * 2, RECONNECT_MAX_MS);
  };

  const connect = async () => {
    const next = new pg.Client(side.config);
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) listener.onNotify(message.payload);
    });
    // An ended connection reports 'error' and/or 'end': either one starts the next attempt (retry runs it once).
    next.on('error', (err) => {
      databaseWarning(`PostgreSQL LISTEN connection lost: ${err.message}`);
      if (client === next) client = null;
      retry();
    });
    next.on('end', () => {
      if (client === next) client = null;
      retry();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await next.end().catch(() => undefined);
      databaseWarning(`PostgreSQL LISTEN ${channel} failed: ${(err as Error).message}`);
      retry();
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    wait = RECONNECT_FIRST_MS;
    listener.onListening();
  };

  const stop = async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const open = client;
    client = null;
    await open?.end().catch(() => undefined);
  };
  side.onClose(stop);
  void connect();
  return stop;
}
