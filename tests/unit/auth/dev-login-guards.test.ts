import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../../../api/auth/client-address';
import { devLoginRefusal, isLocalHostHeader } from '../../../api/auth/dev-login';
import { safeReturnTo } from '../../../api/auth/return-to';

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.255.255.254', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::FFFF:127.1.2.3'])(
    '%s is loopback',
    (a) => {
      expect(isLoopbackAddress(a)).toBe(true);
    },
  );
  it.each([
    'unknown',
    '',
    '128.0.0.1',
    '10.0.0.1',
    '0.0.0.0',
    '::',
    '::2',
    '::ffff:10.0.0.1',
    'fe80::1',
    '1::1',
    'localhost',
    '127.0.0.1.evil',
  ])('%s is not loopback', (a) => {
    expect(isLoopbackAddress(a)).toBe(false);
  });
});

describe('isLocalHostHeader', () => {
  it.each(['localhost', 'localhost:3000', 'LocalHost', '127.0.0.1', '127.0.0.1:1', '[::1]', '[::1]:65535'])(
    '%s is local',
    (h) => {
      expect(isLocalHostHeader(h)).toBe(true);
    },
  );
  it.each([
    undefined,
    '',
    'localhost.',
    'localhost:abc',
    'localhost:3000:1',
    'evil.localhost',
    '127.0.0.2',
    '::1',
    '[::1',
    'x@localhost',
  ])('%s is not local', (h) => {
    expect(isLocalHostHeader(h)).toBe(false);
  });
});

describe('devLoginRefusal', () => {
  const local = { enabled: true, peerAddress: '127.0.0.1', host: 'localhost:3000', header: () => undefined };
  it('allows a local, direct, enabled request', () => {
    expect(devLoginRefusal(local)).toBeNull();
  });
  it('names each reason to refuse', () => {
    expect(devLoginRefusal({ ...local, enabled: false })).toBe('disabled');
    expect(devLoginRefusal({ ...local, peerAddress: '192.0.2.1' })).toBe('remote_peer');
    expect(devLoginRefusal({ ...local, peerAddress: 'unknown' })).toBe('remote_peer');
    expect(devLoginRefusal({ ...local, host: 'loot.example' })).toBe('foreign_host');
    expect(devLoginRefusal({ ...local, header: (n) => (n === 'x-real-ip' ? '1.2.3.4' : undefined) })).toBe('forwarded');
    expect(devLoginRefusal({ ...local, header: (n) => (n === 'forwarded' ? '' : undefined) })).toBe('forwarded');
  });
});

describe('safeReturnTo', () => {
  it.each([
    ['/', '/'],
    ['/collections', '/collections'],
    ['/feature-search?features=A,B#x', '/feature-search?features=A,B#x'],
    ['/share/abc', '/share/abc'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });
  it.each([
    undefined,
    null,
    '',
    'collections',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil',
    'https://evil.example',
    'javascript:alert(1)',
    `/${'a'.repeat(2001)}`,
  ])('turns %j into /', (input) => {
    expect(safeReturnTo(input)).toBe('/');
  });
});
