import type { TestApp } from './test-app';

/** The socket bindings @hono/node-server passes as env; getConnInfo reads the peer address from them. */
export function peerBindings(address: string) {
  const family = address.includes(':') ? 'IPv6' : 'IPv4';
  return { incoming: { socket: { remoteAddress: address, remotePort: 40000, remoteFamily: family } } };
}

/** app.request as if it arrived on a socket from `address` (JSON body when given). */
export function requestFromPeer(
  t: TestApp,
  address: string,
  method: string,
  url: string,
  opts: { json?: unknown; headers?: Record<string, string>; cookie?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(opts.json);
  }
  return Promise.resolve(t.app.request(url, { method, headers, body }, peerBindings(address)));
}

/** The `name=value` pair of the session cookie a response sets, or undefined. */
export function sessionCookieFrom(res: Response): string | undefined {
  const line = res.headers.getSetCookie().find((c) => /^(__Host-)?loot_session=[^;]+/.test(c));
  return line?.split(';')[0];
}

export async function countRows(t: TestApp, table: string): Promise<number> {
  const [row] = await t.sql<{ n: number }>(`select count(*) as n from ${table}`);
  return row.n;
}
