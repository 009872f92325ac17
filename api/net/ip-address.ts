import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * An IP address read strictly, or null: IPv4 in dotted-quad form only (never '127.1' or hex), IPv6 without a zone.
 * IPv6 text is read from its WHATWG URL serialisation (hex groups only), because ipaddr.js reads any dotted tail as
 * IPv4-mapped: '::8.8.8.8' would become ::ffff:8.8.8.8 and hide the deprecated IPv4-compatible form it is.
 */
export function parseIpAddress(text: string): IpAddress | null {
  const family = isIP(text);
  if (family === 4) return ipaddr.IPv4.parse(text);
  if (family !== 6) return null;
  let host: string;
  try {
    host = new URL(`http://[${text}]/`).hostname;
  } catch {
    return null;
  }
  return ipaddr.IPv6.parse(host.slice(1, -1));
}

/** The address as the host it reaches: an IPv4-mapped IPv6 address (::ffff:a.b.c.d) as its IPv4 address. */
export function unmapped(address: IpAddress): IpAddress {
  return address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
}
