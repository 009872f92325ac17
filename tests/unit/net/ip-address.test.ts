import { describe, expect, it } from 'vitest';
import { parseIpAddress, unmapped } from '../../../api/net/ip-address';

describe('parseIpAddress', () => {
  it('keeps an IPv4-compatible address what it is, where ipaddr.js alone reads it as IPv4-mapped', () => {
    expect(parseIpAddress('::8.8.8.8')?.toString()).toBe('::808:808');
    expect(parseIpAddress('::ffff:127.0.0.1')?.toString()).toBe('::ffff:7f00:1');
    expect(parseIpAddress('0:0:0:0:0:0:0:1')?.toString()).toBe('::1');
  });

  it.each([
    '127.1',
    '0x7f.0.0.1',
    '2130706433',
    '010.0.0.1',
    'fe80::1%eth0',
    '[::1]',
    '::1:',
    'localhost',
    '',
    'unknown',
    '1.2.3.4:80',
  ])('refuses %j', (text) => expect(parseIpAddress(text)).toBeNull());

  it('unmaps IPv4-mapped addresses only', () => {
    expect(unmapped(parseIpAddress('::ffff:10.0.0.1')!).toString()).toBe('10.0.0.1');
    expect(unmapped(parseIpAddress('::a00:1')!).toString()).toBe('::a00:1');
    expect(unmapped(parseIpAddress('10.0.0.1')!).toString()).toBe('10.0.0.1');
  });
});
