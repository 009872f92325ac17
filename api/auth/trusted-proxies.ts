import ipaddr from 'ipaddr.js';
import { parseIpAddress, unmapped, type IpAddress } from '../net/ip-address';

/** One entry of LOOT_TRUSTED_PROXIES: every loopback address, or one CIDR block. */
type TrustedRange = { loopback: true } | { range: [IpAddress, number] };

/** The reverse proxies whose forwarding headers this server reads (LOOT_TRUSTED_PROXIES). */
export type TrustedProxies = readonly TrustedRange[];

export type TrustedProxiesReading = { ok: true; proxies: TrustedProxies } | { ok: false; problem: string };

const EXPECTED = 'expected a comma-separated list of CIDRs (10.0.0.0/8, fd00::/8, 192.0.2.7) or the word loopback';

/** One CIDR ('10.0.0.0/8'), or one address as a block of its own; an IPv4-mapped block is read as IPv4. */
function readRange(text: string): [IpAddress, number] | null {
  const [addressText, bitsText, ...rest] = text.split('/');
  const address = parseIpAddress(addressText);
  if (!address || rest.length > 0) return null;
  const width = address instanceof ipaddr.IPv4 ? 32 : 128;
  if (bitsText !== undefined && !/^\d{1,3}$/.test(bitsText)) return null;
  const bits = bitsText === undefined ? width : Number(bitsText);
  if (bits > width) return null;
  const plain = unmapped(address);
  return plain !== address ? (bits >= 96 ? [plain, bits - 96] : null) : [address, bits];
}

/**
 * Reads LOOT_TRUSTED_PROXIES: CIDRs and bare addresses, and `loopback` for a proxy on the same machine, separated
 * by commas or spaces. Anything else is a problem named for the configuration error.
 */
export function readTrustedProxies(text: string): TrustedProxiesReading {
  const items = text.split(/[\s,]+/).filter((item) => item !== '');
  if (items.length === 0) return { ok: false, problem: EXPECTED };
  const proxies: TrustedRange[] = [];
  for (const item of items) {
    if (item.toLowerCase() === 'loopback') {
      proxies.push({ loopback: true });
      continue;
    }
    const range = readRange(item);
    if (!range) return { ok: false, problem: `${JSON.stringify(item)} is not a CIDR or an address; ${EXPECTED}` };
    proxies.push({ range });
  }
  return { ok: true, proxies };
}

/** Whether a peer at this address is one of the trusted proxies. */
export function isTrustedProxy(proxies: TrustedProxies, address: IpAddress): boolean {
  const plain = unmapped(address);
  return proxies.some((entry) =>
    'loopback' in entry
      ? plain.range() === 'loopback'
      : plain.kind() === entry.range[0].kind() && plain.match(entry.range),
  );
}
