import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { isIP } from 'node:net';

/** What we call a peer we cannot identify (no socket: app.request() in tests, or a non-Node runtime). */
export const UNKNOWN_PEER = 'unknown';

/**
 * The TCP peer of this request, from the socket itself, never from X-Forwarded-For or similar headers, which any
 * client can write (SECURITY.md: rate limits and dev-login key on the socket address).
 */
export function socketPeerAddress(c: Context): string {
  try {
    const address = getConnInfo(c).remote.address;
    return address && isIP(address) ? address : UNKNOWN_PEER;
  } catch {
    return UNKNOWN_PEER;
  }
}

/** 127.0.0.0/8, ::1, and IPv4-mapped 127.x (::ffff:127.0.0.1); anything else, "unknown" included, is remote. */
export function isLoopbackAddress(address: string): boolean {
  const lower = address.toLowerCase();
  const v4 = lower.startsWith('::ffff:') ? lower.slice('::ffff:'.length) : lower;
  if (isIP(v4) === 4) return v4.split('.')[0] === '127';
  if (isIP(lower) === 6) return expandIPv6(lower) === '0000:0000:0000:0000:0000:0000:0000:0001';
  return false;
}

function expandIPv6(address: string): string {
  const [head, tail = ''] = address.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts = address.includes('::') ? [...headParts, ...Array(missing).fill('0'), ...tailParts] : headParts;
  return parts.map((p) => p.padStart(4, '0')).join(':');
}
