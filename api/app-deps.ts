import type { AppDeps } from './deps';
import { Lifecycle } from './ops/lifecycle';
import { createStorage } from './storage/storage-for';

/** The long-lived members of the deps: built once, where the app starts. */
type LongLived = 'storage' | 'lifecycle';

/**
 * The app's deps with its long-lived things made once, here, where the app starts (the server, a CLI, a test app):
 * the storage the configuration names (or the one given) and a lifecycle of its own. Services read them from the
 * deps they are handed; nothing keeps a second copy in a module-level map.
 */
export function createAppDeps(base: Omit<AppDeps, LongLived> & Partial<Pick<AppDeps, LongLived>>): AppDeps {
  return {
    ...base,
    storage: base.storage ?? createStorage(base.config, base.db),
    lifecycle: base.lifecycle ?? new Lifecycle(),
  };
}
