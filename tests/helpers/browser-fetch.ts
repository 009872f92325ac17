import type { TestApp } from './test-app';

/**
 * The browser's fetch, for web code tested in Node against the real API: every request goes to the Hono app, signed
 * in with `cookie` and sending Origin as a browser does on every unsafe request (the API's CSRF check relies on it).
 * `onRequest` hears each as "METHOD path". Returns the function that puts the real fetch back.
 */
export function routeFetchToApp(t: TestApp, cookie: string, onRequest?: (request: string) => void): () => void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', cookie);
    headers.set('origin', 'http://localhost');
    onRequest?.(`${init.method ?? 'GET'} ${String(input)}`);
    return t.app.request(String(input), { ...init, headers });
  }) as typeof fetch;
  return () => {
    globalThis.fetch = realFetch;
  };
}
