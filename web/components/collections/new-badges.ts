import { SESSION_KEYS } from '#shared/constants';

/**
 * The 'new!' badges on Collections and Feature Search (spec accounts §4: they "hide once seen in the session").
 * The seen flags live in session storage under the spec's keys.
 */
export type NewBadgeKey = typeof SESSION_KEYS.collectionsNewSeen | typeof SESSION_KEYS.featureSearchNewSeen;

export function isNewSeen(key: NewBadgeKey, storage: Storage | undefined = globalThis.sessionStorage): boolean {
  try {
    return storage?.getItem(key) === 'true';
  } catch {
    return false;
  }
}

export function markNewSeen(key: NewBadgeKey, storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.setItem(key, 'true');
  } catch {
    // storage blocked: the badge shows again on the next screen, which is harmless
  }
}

/** Spec §4: the Collections badge shows when any collection has `new` set and it was not seen this session. */
export function showCollectionsBadge(collections: readonly { new: 0 | 1 }[], seen: boolean): boolean {
  return !seen && collections.some((c) => c.new === 1);
}
