import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const brotliCompress = promisify(zlib.brotliCompress);

/** Quality 4: several times faster than gzip's default here and, on board content, far smaller (a 4 MB window). */
const QUALITY = 4;
const THRESHOLD_BYTES = 1024;

function acceptsBrotli(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name.trim().toLowerCase() !== 'br') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Brotli for large JSON answers (issue 9: a 100,000-card board's content is ~40 MB of JSON). Compressed in the
 * libuv thread pool (zlib's async API), so the event loop keeps serving; a client without `br` falls through to
 * Hono's gzip `compress()` placed before this middleware. Weakens the ETag like compress() does.
 */
export function brotli(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (res.status !== 200 || res.headers.has('Content-Encoding') || c.req.method === 'HEAD' || !acceptsBrotli(c.req.header('Accept-Encoding'))) return;
    if (!/^application\/json/.test(res.headers.get('Content-Type') ?? '')) return;
    const body = Buffer.from(await res.arrayBuffer());
    if (body.length < THRESHOLD_BYTES) {
      c.res = new Response(body, res);
      return;
    }
    const compressed = await brotliCompress(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    // Hono copies the previous answer's headers onto a new c.res: set ours after the assignment.
    c.res = new Response(compressed, res);
    const headers = c.res.headers;
    headers.set('Content-Encoding', 'br');
    headers.set('Content-Length', String(compressed.length));
    const vary = headers.get('Vary');
    if (!vary || !/accept-encoding/i.test(vary)) headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  };
}
