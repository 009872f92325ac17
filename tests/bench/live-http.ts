import http from 'node:http';

/** Plain HTTP for the live benches: kept-alive connections, no client library between the timer and the socket. */

export const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

export type Sent = { status: number; headers: http.IncomingHttpHeaders; body: string };

export function send(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Sent> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(url, base),
      {
        method,
        agent,
        headers: {
          origin: base,
          ...headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export async function expectOk(sent: Promise<Sent>): Promise<any> {
  const res = await sent;
  if (res.status >= 300) throw new Error(`HTTP ${res.status}: ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function devSession(url: string): Promise<string> {
  const res = await send(url, 'GET', '/api/dev-login', {});
  const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('loot_session='));
  if (!cookie) throw new Error(`dev login gave no session (status ${res.status})`);
  return cookie.split(';')[0];
}
