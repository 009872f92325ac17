import { describe, expect, it } from 'vitest';
import { clientBehindProxies } from '../../../api/auth/client-address';
import { forwardedChain } from '../../../api/auth/forwarded-chain';
import { isTrustedProxy, readTrustedProxies, type TrustedProxies } from '../../../api/auth/trusted-proxies';
import { parseIpAddress } from '../../../api/net/ip-address';

function proxies(text: string): TrustedProxies {
  const reading = readTrustedProxies(text);
  if (!reading.ok) throw new Error(reading.problem);
  return reading.proxies;
}

describe('readTrustedProxies', () => {
  it('reads CIDRs, bare addresses and loopback, separated by commas or spaces', () => {
    const list = proxies(' loopback,10.0.0.0/8  192.0.2.7, fd00::/8 ,::ffff:172.16.0.0/108 ');
    const trusted = (address: string) => isTrustedProxy(list, parseIpAddress(address)!);
    for (const address of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.9',
      '10.255.0.1',
      '192.0.2.7',
      'fd12::1',
      '172.16.4.4',
      '::ffff:10.1.1.1',
    ]) {
      expect(trusted(address), address).toBe(true);
    }
    for (const address of ['192.0.2.8', '11.0.0.1', 'fe80::1', '2001:db8::1', '172.32.0.1', '::a00:1'])
      expect(trusted(address), address).toBe(false);
  });

  it.each([
    '',
    ' , ',
    'nonsense',
    'localhost',
    '10.0.0.0/33',
    '10.0.0.0/-1',
    '10.0.0.0/8/8',
    '10.0.0.0/',
    'fd00::/129',
    '127.1',
    '::ffff:10.0.0.0/8',
    '10.0.0.0/08x',
  ])('refuses %j with a sentence', (text) => {
    const reading = readTrustedProxies(text);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.problem).toMatch(/CIDRs/);
  });
});

describe('forwardedChain', () => {
  it('lists X-Forwarded-For hops, client first, without ports or brackets', () => {
    expect(
      forwardedChain({ xForwardedFor: '203.0.113.7, 10.0.0.1:5000,[2001:db8::1]:443 , 2001:db8::2, unknown' }),
    ).toEqual(['203.0.113.7', '10.0.0.1', '2001:db8::1', '2001:db8::2', 'unknown']);
  });

  it('reads Forwarded only when there is no X-Forwarded-For (RFC 7239: quoted IPv6 with port, other parameters, obfuscated nodes)', () => {
    const forwarded =
      'for=192.0.2.60;proto=http;by=203.0.113.43, For="[2001:db8:cafe::17]:4711", for=_hidden, proto=https, for="198.51.100.1,x"';
    expect(forwardedChain({ forwarded })).toEqual(['192.0.2.60', '2001:db8:cafe::17', '_hidden', '', '198.51.100.1,x']);
    expect(forwardedChain({ forwarded, xForwardedFor: '203.0.113.9' })).toEqual(['203.0.113.9']);
    expect(forwardedChain({})).toEqual([]);
  });
});

describe('clientBehindProxies', () => {
  const trusted = proxies('10.0.0.0/8, loopback');

  it('takes the right-most address that is not a trusted proxy', () => {
    expect(clientBehindProxies('10.0.0.2', ['198.51.100.1', '203.0.113.7', '10.0.0.5'], trusted)).toBe('203.0.113.7');
    expect(clientBehindProxies('127.0.0.1', ['203.0.113.7'], trusted)).toBe('203.0.113.7');
  });

  it("never reads an untrusted peer's headers", () => {
    expect(clientBehindProxies('203.0.113.7', ['198.51.100.1'], trusted)).toBe('203.0.113.7');
    expect(clientBehindProxies('::ffff:203.0.113.7', ['198.51.100.1'], trusted)).toBe('203.0.113.7');
  });

  it('writes one client one way, whatever form a hop used', () => {
    expect(clientBehindProxies('::ffff:10.0.0.2', ['::ffff:203.0.113.7'], trusted)).toBe('203.0.113.7');
    expect(clientBehindProxies('10.0.0.2', ['2001:0db8:0000:0000:0000:0000:0000:0001'], trusted)).toBe('2001:db8::1');
  });

  it('stops at a hop that is not an address: the proxy that wrote it is the client', () => {
    expect(clientBehindProxies('10.0.0.2', ['203.0.113.7', 'unknown', '10.0.0.5'], trusted)).toBe('10.0.0.5');
    expect(clientBehindProxies('10.0.0.2', ['203.0.113.7', '_hidden'], trusted)).toBe('10.0.0.2');
    expect(clientBehindProxies('10.0.0.2', [], trusted)).toBe('10.0.0.2');
  });

  it('takes the left-most hop when every one is trusted, and keeps an unknown peer as it is', () => {
    expect(clientBehindProxies('10.0.0.2', ['10.1.1.1', '10.0.0.5'], trusted)).toBe('10.1.1.1');
    expect(clientBehindProxies('unknown', ['203.0.113.7'], trusted)).toBe('unknown');
  });
});
