import type { Context } from 'hono';
import { socketPeerAddress } from '../auth/client-address';
import { forwardedElements, forwardedParameter } from '../auth/forwarded-chain';
import { isTrustedProxy, type TrustedProxies } from '../auth/trusted-proxies';
import type { AppConfig } from '../config';
import { parseIpAddress } from './ip-address';

/** What decides this site's origin: LOOT_PUBLIC_URL, else the headers of a trusted proxy, else the socket. */
export type OriginSettings = Pick<AppConfig, 'LOOT_PUBLIC_URL' | 'trustedProxies'>;

/** A proxy's forwarding headers that name the scheme and host the browser used. */
export type ForwardedOriginHeaders = { xForwardedProto?: string; xForwardedHost?: string; forwarded?: string };

/**
 * The origin browsers use to reach this site (`https://loot.example.com`): the one answer for the Origin and
 * Fetch-Metadata checks, the session cookie's Secure flag, and every absolute URL we hand out (OIDC, Stripe).
 *
 * Behind a TLS-terminating proxy the request reaches Node over plain http, so the URL @hono/node-server builds from
 * the socket says `http:` while the browser's Origin says `https:`. LOOT_PUBLIC_URL, when set, is therefore the
 * origin outright and the Host header never matters. Without it, a trusted proxy's X-Forwarded-Proto /
 * X-Forwarded-Host (or Forwarded) name the scheme and host; anybody else's headers are ignored, as for the client
 * address (README: Deploying behind a proxy).
 */
export function publicOrigin(c: Context, settings: OriginSettings): string {
  if (settings.LOOT_PUBLIC_URL) return new URL(settings.LOOT_PUBLIC_URL).origin;
  const socketOrigin = new URL(c.req.url).origin;
  if (!settings.trustedProxies || !peerIsTrustedProxy(c, settings.trustedProxies)) return socketOrigin;
  return forwardedOrigin(
    {
      xForwardedProto: c.req.header('x-forwarded-proto'),
      xForwardedHost: c.req.header('x-forwarded-host'),
      forwarded: c.req.header('forwarded'),
    },
    socketOrigin,
  );
}

/** Whether this site is reached over https, as the browser sees it (the cookie's Secure flag and __Host- name). */
export function servedOverHttps(c: Context, settings: OriginSettings): boolean {
  return publicOrigin(c, settings).startsWith('https:');
}

function peerIsTrustedProxy(c: Context, trustedProxies: TrustedProxies): boolean {
  const peer = parseIpAddress(socketPeerAddress(c));
  return peer !== null && isTrustedProxy(trustedProxies, peer);
}

/**
 * The origin a trusted proxy's headers name, each part falling back to the socket's when the proxy did not send it
 * or sent something that is not a scheme or a host. X-Forwarded-* win over Forwarded (nginx, Caddy and the cloud
 * load balancers write them); in a list, the first value is the one the browser-facing proxy wrote.
 */
export function forwardedOrigin(headers: ForwardedOriginHeaders, socketOrigin: string): string {
  const socket = new URL(socketOrigin);
  const element = headers.forwarded ? forwardedElements(headers.forwarded)[0] : '';
  const proto = firstValue(headers.xForwardedProto) ?? (forwardedParameter(element, 'proto') || undefined);
  const host = firstValue(headers.xForwardedHost) ?? (forwardedParameter(element, 'host') || undefined);
  const scheme = proto && /^https?$/i.test(proto) ? proto.toLowerCase() : socket.protocol.slice(0, -1);
  return originOf(scheme, host) ?? originOf(scheme, socket.host) ?? socketOrigin;
}

function firstValue(header: string | undefined): string | undefined {
  const value = header?.split(',')[0].trim();
  return value ? value : undefined;
}

/** `scheme://host` when host is a plain host[:port] (no user, path or query hidden in it), else null. */
function originOf(scheme: string, host: string | undefined): string | null {
  if (!host || /[/\\?#@\s]/.test(host)) return null;
  try {
    const url = new URL(`${scheme}://${host}`);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}
