import { STORAGE_URL_PREFIX } from '#shared/image-urls';

/** Spec: /api/storage/ URLs are retried with a full-origin URL if the first load fails. */
export function storageRetryUrl(failed: string, origin: string): string | null {
  try {
    const url = new URL(failed, origin);
    if (!url.pathname.startsWith(STORAGE_URL_PREFIX)) return null;
    const retry = `${origin.replace(/\/$/, '')}${url.pathname}`;
    return retry === failed ? null : retry;
  } catch {
    return null;
  }
}
