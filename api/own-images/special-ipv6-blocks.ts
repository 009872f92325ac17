import ipaddr from 'ipaddr.js';

/**
 * How an address in a block is judged: 'refuse' never connects to it; 'embedded-ipv4' judges the IPv4 address it
 * carries in its last 32 bits, the host a connection to it reaches (through the kernel or a NAT64 translator).
 */
export type Ipv6BlockRule = 'refuse' | 'embedded-ipv4';

export type SpecialIpv6Block = { cidr: string; name: string; source: string; rule: Ipv6BlockRule };

/**
 * The IPv6 blocks an image link may not reach (SECURITY.md: the server never fetches for an
 * attacker): every entry of the IANA IPv6 Special-Purpose Address Registry (2025) that is not globally reachable
 * ("False", and "N/A" for blocks that hold only protocol plumbing), and, outside that registry, the rest of
 * `::/8` (the deprecated IPv4-compatible `::/96` among it), deprecated site-local and multicast. The most specific
 * block that holds an address decides; an address in none of them is global unicast.
 */
export const SPECIAL_IPV6_BLOCKS: readonly SpecialIpv6Block[] = [
  // IANA IPv6 Special-Purpose Address Registry
  { cidr: '::1/128', name: 'Loopback Address', source: 'RFC 4291', rule: 'refuse' },
  { cidr: '::/128', name: 'Unspecified Address', source: 'RFC 4291', rule: 'refuse' },
  { cidr: '::ffff:0:0/96', name: 'IPv4-mapped Address', source: 'RFC 4291', rule: 'embedded-ipv4' },
  // Globally reachable in the registry, but a translator's way to the IPv4 address it carries.
  {
    cidr: '64:ff9b::/96',
    name: 'IPv4-IPv6 Translation (NAT64 well-known prefix)',
    source: 'RFC 6052',
    rule: 'embedded-ipv4',
  },
  { cidr: '64:ff9b:1::/48', name: 'IPv4-IPv6 Translation (local use)', source: 'RFC 8215', rule: 'refuse' },
  { cidr: '100::/64', name: 'Discard-Only Address Block', source: 'RFC 6666', rule: 'refuse' },
  { cidr: '100:0:0:1::/64', name: 'Dummy IPv6 Prefix', source: 'RFC 9780', rule: 'refuse' },
  // Its globally reachable sub-blocks (anycast relays, AMT, AS112, ORCHIDv2, DETs) serve protocols, never images.
  { cidr: '2001::/23', name: 'IETF Protocol Assignments', source: 'RFC 2928', rule: 'refuse' },
  { cidr: '2001::/32', name: 'TEREDO', source: 'RFC 4380, RFC 8190', rule: 'refuse' },
  { cidr: '2001:2::/48', name: 'Benchmarking', source: 'RFC 5180', rule: 'refuse' },
  { cidr: '2001:10::/28', name: 'Deprecated (previously ORCHID)', source: 'RFC 4843', rule: 'refuse' },
  { cidr: '2001:db8::/32', name: 'Documentation', source: 'RFC 3849', rule: 'refuse' },
  { cidr: '2002::/16', name: '6to4', source: 'RFC 3056', rule: 'refuse' },
  { cidr: '3fff::/20', name: 'Documentation', source: 'RFC 9637', rule: 'refuse' },
  { cidr: '5f00::/16', name: 'Segment Routing (SRv6) SIDs', source: 'RFC 9602', rule: 'refuse' },
  { cidr: 'fc00::/7', name: 'Unique-Local', source: 'RFC 4193, RFC 8190', rule: 'refuse' },
  { cidr: 'fe80::/10', name: 'Link-Local Unicast', source: 'RFC 4291', rule: 'refuse' },
  // Outside that registry
  { cidr: '::/96', name: 'IPv4-compatible Address (deprecated)', source: 'RFC 4291 §2.5.5.1', rule: 'refuse' },
  {
    cidr: '::/8',
    name: 'Reserved by IETF (IPv4-translated ::ffff:0:0:0/96 among it)',
    source: 'RFC 4291, RFC 2765',
    rule: 'refuse',
  },
  { cidr: 'fec0::/10', name: 'Site-Local Unicast (deprecated)', source: 'RFC 3879', rule: 'refuse' },
  { cidr: 'ff00::/8', name: 'Multicast', source: 'RFC 4291', rule: 'refuse' },
];

const PARSED_BLOCKS = SPECIAL_IPV6_BLOCKS.map((block) => ({ block, range: ipaddr.IPv6.parseCIDR(block.cidr) }));

/** The most specific block of SPECIAL_IPV6_BLOCKS that holds the address, or null for global unicast. */
export function specialIpv6Block(address: ipaddr.IPv6): SpecialIpv6Block | null {
  let found: { block: SpecialIpv6Block; bits: number } | null = null;
  for (const { block, range } of PARSED_BLOCKS) {
    if (address.match(range) && (!found || range[1] > found.bits)) found = { block, bits: range[1] };
  }
  return found?.block ?? null;
}

/** The IPv4 address in an IPv6 address's last 32 bits. */
export function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  return new ipaddr.IPv4(address.toByteArray().slice(12));
}
