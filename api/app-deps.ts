import type { AppDeps } from './deps';
import { BoardEventHub } from './live/board-event-hub';
import { StreamRegistry } from './live/stream-registry';
import { Lifecycle } from './ops/lifecycle';
import { createStorage } from './storage/storage-for';
import { LayoutWorker } from './workers/organize-layout';

/** The long-lived members of the deps: built once, where the app starts. */
type LongLived = 'storage' | 'lifecycle' | 'eventHub' | 'streamRegistry' | 'layoutWorker';

/**
 * The app's deps with its long-lived things made once, here, where the app starts (the server, a CLI, a test app):
 * the storage the configuration names (or the one given), a lifecycle of its own, the event hub of its database
 * connection, the registry of its live streams and the thread large layouts are computed on. Services read them
 * from the deps they are handed; nothing keeps a second copy in a module-level map.
 */
export function createAppDeps(base: Omit<AppDeps, LongLived> & Partial<Pick<AppDeps, LongLived>>): AppDeps {
  return {
    ...base,
    storage: base.storage ?? createStorage(base.config, base.db),
    lifecycle: base.lifecycle ?? new Lifecycle(),
    eventHub: base.eventHub ?? new BoardEventHub(base.db),
    streamRegistry:
      base.streamRegistry ??
      new StreamRegistry(base.db, base.config.LOOT_LIVE_HEARTBEAT_MS, () => base.clock.now().getTime()),
    layoutWorker: base.layoutWorker ?? new LayoutWorker(),
  };
}
