import type { ToastText } from '#shared/messages/web';
import { ApiError } from './api-client';

/**
 * What the web says when a request fails: the server's own `message` whenever it sent one
 * (the API writes them for people: "Title must be at most 200 characters."), the caller's generic words only
 * when it did not (a network failure, a 5xx without a body). Every failure toast and error line goes through here.
 */

/**
 * The server's message of a failed request ({error:{code,message}}), or null when it sent none. A read that
 * rethrows under the spec's own words ('Failed to fetch collections') keeps the request's error as its cause.
 */
export function serverMessageOf(err: unknown): string | null {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (e instanceof ApiError && e.serverMessage) return e.serverMessage;
  }
  return null;
}

/** A failure toast: the fallback's title, with the server's message as its description when there is one. */
export function failureToast(fallback: ToastText, err: unknown): ToastText {
  const message = serverMessageOf(err);
  return message ? { title: fallback.title, description: message } : fallback;
}

/** A failure line (a form's error, a page's alert): the server's message, else the fallback. */
export function failureText(err: unknown, fallback: string): string {
  return serverMessageOf(err) ?? fallback;
}
