import { type Said, say } from '#shared/messages/errors';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { OWN_IMAGE_LIMITS } from '#shared/own-images';
import { AppError } from '../errors';
import { parseIpAddress, unmapped } from '../net/ip-address';
import { refusal } from './normalize-image';
import { embeddedIpv4, specialIpv6Block } from './special-ipv6-blocks';

/**
 * Fetches an image link for the user without ever fetching for an attacker (SECURITY.md: the server never fetches
 * for an attacker). http(s) only; every address the name resolves to must be public unicast (no loopback,
 * private, link-local — the 169.254.169.254 metadata service included —, carrier NAT, multicast; for IPv6 none of
 * the special-purpose blocks of special-ipv6-blocks.ts, IPv4-mapped and NAT64 forms judged by their IPv4); the connection goes to the address that was checked (a custom lookup),
 * so a second DNS answer cannot swap it (DNS rebinding); redirects are followed by hand, at most 3, each checked
 * the same way; the body is capped at 20 MB and the whole fetch at 10 s. The bytes are checked by decoding
 * afterwards, never by Content-Type.
 */
export type LinkFetchOptions = {
  /** Test-only (LOOT_IMAGE_LINKS_ALLOW_LOOPBACK): lets a local test server answer. */
  allowLoopback: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
};

export type FetchedLink = { data: Buffer; finalUrl: URL };

const linkError = (code: string, message: Said, status: 400 | 413 | 422 = 422) => new AppError(code, status, message);

/**
 * Whether the server may connect to this address: IPv4 public unicast; IPv6 outside every block of
 * SPECIAL_IPV6_BLOCKS, or the IPv4 address an IPv4-mapped or NAT64 address carries, judged as IPv4.
 */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  const parsed = parseIpAddress(address);
  if (!parsed) return false;
  if (allowLoopback && unmapped(parsed).range() === 'loopback') return true;
  if (parsed instanceof ipaddr.IPv4) return parsed.range() === 'unicast';
  const block = specialIpv6Block(parsed);
  if (!block) return true;
  return block.rule === 'embedded-ipv4' && isPublicAddress(embeddedIpv4(parsed).toString(), allowLoopback);
}

/** The checked address to connect to for this URL's host; refuses the whole link if any answer is not public. */
async function resolveChecked(url: URL, allowLoopback: boolean): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const answers = parseIpAddress(host)
    ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
    : await dns.promises.lookup(host, { all: true, verbatim: true }).catch(() => {
        throw linkError('link_unreachable', say('ownImages.linkUnreachable'));
      });
  if (answers.length === 0 || answers.some((a) => !isPublicAddress(a.address, allowLoopback))) {
    throw linkError('link_address_refused', say('ownImages.linkAddress'), 400);
  }
  const first = answers[0];
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

function parseLink(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw linkError('link_scheme', say('ownImages.linkScheme'), 400);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw linkError('link_scheme', say('ownImages.linkScheme'), 400);
  if (url.username || url.password) throw linkError('link_scheme', say('ownImages.linkScheme'), 400);
  return url;
}

type Hop = { redirect: URL } | { data: Buffer };

function requestOnce(
  url: URL,
  target: { address: string; family: 4 | 6 },
  maxBytes: number,
  signal: AbortSignal,
): Promise<Hop> {
  // The socket connects to the checked address whatever the name resolves to now.
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const req = client.request(
      url,
      { method: 'GET', lookup, signal, headers: { accept: 'image/*', 'user-agent': 'Loot image link fetcher' } },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          try {
            resolve({ redirect: parseLink(new URL(res.headers.location, url)) });
          } catch (err) {
            reject(err);
          }
          return;
        }
        if (status !== 200) {
          res.resume();
          reject(linkError('link_status', say('ownImages.linkStatus', { status })));
          return;
        }
        if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
          res.destroy();
          reject(refusal.tooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let total = 0;
        res.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > maxBytes) {
            res.destroy();
            reject(refusal.tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ data: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export async function fetchImageLink(raw: string, options: LinkFetchOptions): Promise<FetchedLink> {
  const maxBytes = options.maxBytes ?? OWN_IMAGE_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? OWN_IMAGE_LIMITS.linkMaxRedirects;
  const signal = AbortSignal.timeout(options.timeoutMs ?? OWN_IMAGE_LIMITS.linkTimeoutMs);
  let url = parseLink(raw);
  try {
    for (let hop = 0; ; hop++) {
      const target = await resolveChecked(url, options.allowLoopback);
      const answer = await requestOnce(url, target, maxBytes, signal);
      if ('data' in answer) return { data: answer.data, finalUrl: url };
      if (hop >= maxRedirects) throw linkError('link_redirects', say('ownImages.linkRedirects'));
      url = answer.redirect;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (signal.aborted) throw linkError('link_timeout', say('ownImages.linkTimeout'));
    throw linkError('link_unreachable', say('ownImages.linkUnreachable'));
  }
}
