import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { isIP } from 'node:net';
import { parseIpAddress, unmapped } from '../net/ip-address';
import { forwardedChain } from './forwarded-chain';
import { isTrustedProxy, type TrustedProxies } from './trusted-proxies';

/** What we call a peer we cannot identify (no socket: app.request() in tests, or a non-Node runtime). */
export const UNKNOWN_PEER = 'unknown';

/**
 * The TCP peer of this request, from the socket itself, never from X-Forwarded-For or similar headers, which any
 * client can write (SECURITY.md: dev-login keys on the socket address).
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
  const parsed = parseIpAddress(address);
  return parsed !== null && unmapped(parsed).range() === 'loopback';
}

/**
 * The client a request comes from, for everything keyed on an address (the sign-in and sign-up limits). Without
 * LOOT_TRUSTED_PROXIES it is the socket peer, whatever the headers say. With it, a trusted peer's forwarding headers
 * are read from the right, skipping the trusted proxies: the first address that is not one is the client (an
 * address a client wrote further left is never reached). An untrusted peer's headers are never read.
 */
export function clientAddress(c: Context, trustedProxies: TrustedProxies | null): string {
  const peer = socketPeerAddress(c);
  if (!trustedProxies) return peer;
  const chain = forwardedChain({
    xForwardedFor: c.req.header('x-forwarded-for'),
    forwarded: c.req.header('forwarded'),
  });
  return clientBehindProxies(peer, chain, trustedProxies);
}

/**
 * The rule of clientAddress on plain values: the peer, then the hops from the right. Every address comes out in
 * one form (IPv4-mapped as IPv4, IPv6 compressed), so one client is one key however a hop wrote it. A hop that is
 * not an address ('unknown', a port-only or obfuscated node) ends the walk at the last address known, the proxy that
 * wrote it; when every hop is trusted, the left-most one is the client.
 */
export function clientBehindProxies(peer: string, chain: readonly string[], trustedProxies: TrustedProxies): string {
  const peerAddress = parseIpAddress(peer);
  if (!peerAddress) return peer;
  let client = unmapped(peerAddress);
  if (!isTrustedProxy(trustedProxies, client)) return client.toString();
  for (let i = chain.length - 1; i >= 0; i -= 1) {
    const hop = parseIpAddress(chain[i]);
    if (!hop) break;
    client = unmapped(hop);
    if (!isTrustedProxy(trustedProxies, client)) break;
  }
  return client.toString();
}
