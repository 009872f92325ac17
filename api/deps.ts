import type Stripe from 'stripe';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { LlmClient } from './search/llm';
import type { Storage } from './storage/storage-for';
import type { Lifecycle } from './ops/lifecycle';
import type { Logger } from './ops/log';
import type { Mailer } from './mail/mailer';
import type { BoardEventHub } from './live/board-event-hub';
import type { StreamRegistry } from './live/stream-registry';
import type { LayoutWorker } from './workers/organize-layout';

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/**
 * Everything a service may touch, injected so tests control it (ARCHITECTURE: time, randomness, the LLM,
 * Stripe and storage enter services as deps). Later capabilities add their own optional members here.
 */
export type AppDeps = {
  db: Db;
  config: AppConfig;
  clock: Clock;
  /** The Stripe client; null or absent = self-hosted mode (plans switch without payment). */
  stripe?: Stripe | null;
  /** Uniform [0, 1) numbers for services that pick at random (the random record); Math.random when absent. */
  random?: () => number;
  /** The OpenAI-compatible query planner; null or absent = the offline query engine only (no OPENAI_API_KEY). */
  llm?: LlmClient | null;
  /**
   * Stored files and the locks over them (the bucket of LOOT_STORAGE_URL, else the local folder), made once at
   * start (api/app-deps.ts): one S3 client and one set of in-flight variants per instance.
   */
  storage: Storage;
  /**
   * The demo catalogue's images while the server draws them after start: one asked for before its turn is drawn at
   * once. Absent when the server does not seed the catalogue (and in tests that bring their own files).
   */
  catalogueImages?: { drawNow(key: string): Promise<boolean> };
  /** Requests, errors and events of the running server; absent in tests, whose requests leave no log line. */
  log?: Logger;
  /** Where account mail goes; one made from the configuration (SMTP or the log) when absent (api/mail/mailer.ts). */
  mailer?: Mailer;
  /** Whether the server is draining and who to tell when it starts (api/ops/lifecycle.ts), made once at start. */
  lifecycle: Lifecycle;
  /**
   * How committed board changes and a user's own news reach this process's open streams (api/live/board-event-hub.ts:
   * on PostgreSQL its one LISTEN connection), made once at start.
   */
  eventHub: BoardEventHub;
  /** This process's open live streams: one heartbeat timer and one lease renewal for all of them, made once at start. */
  streamRegistry: StreamRegistry;
  /** Where a large board's Organize is laid out, off the event loop (api/workers/organize-layout.ts). */
  layoutWorker: LayoutWorker;
};
