import { retryAfterSeconds } from '#shared/retry-after';
import { apiErrorBody } from '#shared/schemas/common';
import { SCREEN_ID_HEADER } from '#shared/screen-id';
import { currentLocale } from '../i18n/i18n';
import { SCREEN_ID } from './screen-id';

/**
 * The one way the web app talks to the API (spec board-workspace §7 "Generic request behaviour"): credentials
 * included, JSON body when given, abortable, a userId parameter equal to 'undefined' dropped. A non-OK answer
 * throws an ApiError whose message is "status: body" (spec §8) and which carries the server's {error:{code,message}}.
 */

/**
 * The interface's language as the API's Accept-Language: what the server writes for a user who has not saved a
 * choice (an error's message, an export) then speaks the language they are reading, one they switched to here
 * included, not only their browser's. A saved choice still comes first on the server.
 */
export const languageHeader = (): { 'Accept-Language': string } => ({ 'Accept-Language': currentLocale() });

/** Synthetic status of a request the client aborted (spec §8: 499 'Client Closed Request'). */
export const CLIENT_CLOSED_REQUEST = 499;

export class ApiError extends Error {
  readonly status: number;
  /** The server's error code from {error:{code,message}}, when the body had that shape. */
  readonly code: string | null;
  /** The server's own message, when the body had that shape. */
  readonly serverMessage: string | null;
  /** Seconds until a retry makes sense, from the answer's Retry-After header (a 429 or 503); null without one. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, bodyText: string, statusText = '', retryAfterSeconds: number | null = null) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    let code: string | null = null;
    let serverMessage: string | null = null;
    try {
      const parsed = apiErrorBody.safeParse(JSON.parse(bodyText));
      if (parsed.success) {
        code = parsed.data.error.code;
        serverMessage = parsed.data.error.message;
      }
    } catch {
      // not JSON: the message keeps the raw text
    }
    this.code = code;
    this.serverMessage = serverMessage;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get aborted(): boolean {
    return this.status === CLIENT_CLOSED_REQUEST;
  }
}

export function isAbortError(err: unknown): boolean {
  return (
    (err instanceof ApiError && err.aborted) ||
    (err instanceof DOMException && err.name === 'AbortError') ||
    (err instanceof Error && err.name === 'AbortError')
  );
}

/** Drops userId=undefined (spec §7) and keeps everything else of the URL as given. */
export function cleanUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  if (query === undefined) return url;
  const params = new URLSearchParams(query);
  if (params.get('userId') === 'undefined') params.delete('userId');
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

/** Adds the spec's cache-busting _t parameter to list reads (spec §7: "List reads carry a timestamp _t"). */
export function withTimestamp(url: string, now: number = Date.now()): string {
  return `${url}${url.includes('?') ? '&' : '?'}_t=${now}`;
}

export type RequestOptions = { signal?: AbortSignal; headers?: Record<string, string> };

/**
 * Sends one request and returns the raw Response when it is OK. Throws ApiError otherwise; an aborted request
 * throws ApiError(499) so callers can ignore it with isAbortError.
 */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [SCREEN_ID_HEADER]: SCREEN_ID,
    ...languageHeader(),
    ...options.headers,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(cleanUrl(url), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (err) {
    if (isAbortError(err)) throw new ApiError(CLIENT_CLOSED_REQUEST, '', 'Client Closed Request');
    throw err;
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, text, res.statusText, retryAfterSeconds(res.headers.get('retry-after'), Date.now()));
  }
  return res;
}

/** apiRequest + JSON parse; an empty body answers null. */
export async function apiJson<T = unknown>(method: string, url: string, body?: unknown, options?: RequestOptions): Promise<T> {
  const res = await apiRequest(method, url, body, options);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * A GET for react-query: null when aborted (spec §8: "null for the query helper"); other errors throw.
 */
export async function getJsonOrNull<T>(url: string, signal?: AbortSignal): Promise<T | null> {
  try {
    return await apiJson<T>('GET', url, undefined, { signal });
  } catch (err) {
    if (isAbortError(err)) return null;
    throw err;
  }
}

/**
 * A list read: timestamped, an empty list when aborted (spec §8), and the spec's "Failed to fetch ..." error
 * (keeping the HTTP detail as its cause) when the server fails.
 */
export async function getList<T>(url: string, failureMessage: string, signal?: AbortSignal): Promise<T[]> {
  try {
    const data = await apiJson<T[]>('GET', withTimestamp(url), undefined, { signal });
    return Array.isArray(data) ? data : [];
  } catch (err) {
    if (isAbortError(err)) return [];
    throw new Error(failureMessage, { cause: err });
  }
}
