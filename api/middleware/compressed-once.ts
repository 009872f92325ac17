import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import type { HashedBody } from '../services/board-content-cache';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Quality 4: several times faster than gzip's default here and, on board content, far smaller (a 4 MB window). */
const BROTLI_QUALITY = 4;
const THRESHOLD_BYTES = 1024;

type Encoding = 'br' | 'gzip';

function accepts(header: string | undefined, encoding: Encoding): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name.trim().toLowerCase() !== encoding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** If-None-Match may list several tags or '*'; weak and strong forms compare equal for GET (RFC 9110 §13.1.2). */
function etagMatches(header: string, tag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === tag);
}

/**
 * Compressed bodies by strong ETag and encoding, bounded by bytes (oldest out first). A per-process cache whose
 * stale reads are harmless: the key is the SHA-1 of the exact uncompressed body, so a key always maps to the
 * compression of those same bytes, and a changed page has a new ETag and can never be answered with old bytes.
 * Every instance computes the same keys; none needs another's cache.
 */
export class CompressedBodyCache {
  private readonly entries = new Map<string, Promise<Buffer>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** The cached bytes for `key`, or `make()`'s, kept; concurrent misses of one key share one compression. */
  get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const job = make();
    this.entries.set(key, job);
    job.then(
      (data) => this.account(key, data.length),
      () => this.entries.delete(key),
    );
    return job;
  }

  get size(): number {
    return this.entries.size;
  }

  private account(key: string, size: number) {
    if (!this.entries.has(key)) return;
    this.sizes.set(key, size);
    this.bytes += size;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= this.sizes.get(oldest) ?? 0;
      this.sizes.delete(oldest);
    }
  }
}

/**
 * Answers a body with a strong ETag (its SHA-1), 304 when the client has it, and brotli (else gzip)
 * when the client accepts it and the body is large enough, compressed once per ETag (board content
 * at 20 concurrent clients). A compressed answer carries the weak form of the tag, as Hono's compress() does.
 * Compression runs in libuv's thread pool, so the event loop keeps serving.
 */
export async function respondCompressedOnce(
  c: Context,
  { raw, hash }: HashedBody,
  headers: Record<string, string>,
  cache: CompressedBodyCache,
): Promise<Response> {
  const tag = `"${hash}"`;
  const acceptEncoding = c.req.header('accept-encoding');
  const encoding: Encoding | null =
    raw.length < THRESHOLD_BYTES
      ? null
      : accepts(acceptEncoding, 'br')
        ? 'br'
        : accepts(acceptEncoding, 'gzip')
          ? 'gzip'
          : null;
  const out: Record<string, string> = { ...headers, ETag: encoding ? `W/${tag}` : tag, Vary: 'Accept-Encoding' };
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && etagMatches(ifNoneMatch, tag)) {
    delete out['Content-Type'];
    return new Response(null, { status: 304, headers: out });
  }
  if (!encoding)
    return new Response(new Uint8Array(raw), {
      status: 200,
      headers: { ...out, 'Content-Length': String(raw.length) },
    });
  const data = await cache.get(`${encoding}:${hash}`, () =>
    encoding === 'br'
      ? brotliCompress(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        })
      : gzip(raw),
  );
  return new Response(new Uint8Array(data), {
    status: 200,
    headers: { ...out, 'Content-Encoding': encoding, 'Content-Length': String(data.length) },
  });
}
