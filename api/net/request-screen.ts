import { tryGetContext } from 'hono/context-storage';
import { SCREEN_ID_HEADER, SCREEN_ID_PATTERN } from '#shared/screen-id';

/**
 * The screen whose request is being served (its X-Loot-Screen header, when well formed), read through Hono's
 * context storage: every board write records it on its change without each REST route passing it down.
 * Null outside a request (a CLI, a worker) or when the client sent none.
 */
export function requestScreenId(): string | null {
  const value = tryGetContext()?.req.header(SCREEN_ID_HEADER);
  return value !== undefined && SCREEN_ID_PATTERN.test(value) ? value : null;
}
