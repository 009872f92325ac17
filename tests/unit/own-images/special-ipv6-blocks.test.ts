import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../../api/own-images/fetch-image-link';
import { SPECIAL_IPV6_BLOCKS, specialIpv6Block } from '../../../api/own-images/special-ipv6-blocks';

/** The first, a middle and the last address of a CIDR block. */
function samples(cidr: string): string[] {
  const [network, bits] = ipaddr.IPv6.parseCIDR(cidr);
  const first = ipaddr.IPv6.networkAddressFromCIDR(cidr);
  const last = ipaddr.IPv6.broadcastAddressFromCIDR(cidr);
  const middle = network.toByteArray().map((byte, i) => {
    // Host bits set to 1010…: neither end of the block.
    const hostMask = i * 8 >= bits ? 0xff : i * 8 + 8 > bits ? 0xff >> (bits - i * 8) : 0;
    return (byte & ~hostMask) | (0xaa & hostMask);
  });
  return [first.toString(), ipaddr.fromByteArray(middle).toString(), last.toString()];
}

/** One test per block of the table, through the same check every image link goes through. */
describe('special-purpose IPv6 blocks', () => {
  describe.each(SPECIAL_IPV6_BLOCKS.filter((b) => b.rule === 'refuse'))('$cidr ($name, $source)', (block) => {
    it('is refused at its first, a middle and its last address', () => {
      for (const address of samples(block.cidr)) {
        expect(specialIpv6Block(ipaddr.IPv6.parse(address)), address).not.toBeNull();
        expect(isPublicAddress(address), address).toBe(false);
      }
    });
  });

  describe.each(SPECIAL_IPV6_BLOCKS.filter((b) => b.rule === 'embedded-ipv4'))('$cidr ($name, $source)', (block) => {
    const carrying = (v4: string) => {
      const bytes = ipaddr.IPv6.parseCIDR(block.cidr)[0].toByteArray().slice(0, 12);
      return ipaddr.fromByteArray([...bytes, ...ipaddr.IPv4.parse(v4).octets]).toString();
    };
    it('is judged by the IPv4 address it carries', () => {
      for (const v4 of [
        '127.0.0.1',
        '10.0.0.1',
        '169.254.169.254',
        '192.168.1.1',
        '100.64.0.1',
        '0.0.0.0',
        '224.0.0.1',
      ]) {
        expect(isPublicAddress(carrying(v4)), carrying(v4)).toBe(false);
      }
      for (const v4 of ['8.8.8.8', '93.184.216.34']) expect(isPublicAddress(carrying(v4)), carrying(v4)).toBe(true);
    });
  });

  it('names the IPv4-compatible forms of the issue, and the deprecated range whole', () => {
    for (const address of ['::127.0.0.1', '::7f00:1', '::a00:1', '::8.8.8.8', '::ffff:0:7f00:1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(specialIpv6Block(ipaddr.IPv6.parse('::7f00:1'))?.cidr).toBe('::/96');
  });

  it('lets global unicast through, next to the blocks', () => {
    for (const address of [
      '2606:4700:4700::1111',
      '2a00:1450:4001:82b::200e',
      '2001:200::1',
      '2003::1',
      '2620:fe::fe',
      'fbff:ffff::1',
    ]) {
      expect(specialIpv6Block(ipaddr.IPv6.parse(address)), address).toBeNull();
    }
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
  });

  it('judges an address by the most specific block that holds it', () => {
    expect(specialIpv6Block(ipaddr.IPv6.parse('::ffff:8.8.8.8'))?.cidr).toBe('::ffff:0:0/96');
    expect(specialIpv6Block(ipaddr.IPv6.parse('64:ff9b::808:808'))?.cidr).toBe('64:ff9b::/96');
    expect(specialIpv6Block(ipaddr.IPv6.parse('2001:db8::1'))?.cidr).toBe('2001:db8::/32');
  });
});
