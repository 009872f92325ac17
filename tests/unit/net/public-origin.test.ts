import { describe, expect, it } from 'vitest';
import { forwardedOrigin } from '../../../api/net/public-origin';

const SOCKET = 'http://127.0.0.1:3000';

describe('forwardedOrigin: the origin a trusted proxy names', () => {
  it('takes the scheme and host a TLS-terminating proxy forwards', () => {
    expect(forwardedOrigin({ xForwardedProto: 'https', xForwardedHost: 'loot.example.com' }, SOCKET)).toBe(
      'https://loot.example.com',
    );
    expect(forwardedOrigin({ xForwardedProto: 'HTTPS', xForwardedHost: 'Loot.Example.com:8443' }, SOCKET)).toBe(
      'https://loot.example.com:8443',
    );
  });

  it('keeps the host the request arrived with when the proxy names only the scheme (nginx: Host $host)', () => {
    expect(forwardedOrigin({ xForwardedProto: 'https' }, 'http://loot.example.com')).toBe('https://loot.example.com');
    // The default port of the new scheme is no port at all, as the browser's Origin writes it.
    expect(forwardedOrigin({ xForwardedProto: 'https', xForwardedHost: 'loot.example.com:443' }, SOCKET)).toBe(
      'https://loot.example.com',
    );
  });

  it('reads the first value of a list: the one the browser-facing proxy wrote', () => {
    expect(
      forwardedOrigin({ xForwardedProto: 'https, http', xForwardedHost: 'loot.example.com, 10.0.0.2:3000' }, SOCKET),
    ).toBe('https://loot.example.com');
  });

  it('reads the standard Forwarded header when there are no X-Forwarded-* headers', () => {
    expect(
      forwardedOrigin(
        { forwarded: 'for=192.0.2.60;proto=https;host="loot.example.com", for=10.0.0.2;proto=http' },
        SOCKET,
      ),
    ).toBe('https://loot.example.com');
    expect(
      forwardedOrigin({ forwarded: 'for=192.0.2.60;proto=https', xForwardedHost: 'other.example.com' }, SOCKET),
    ).toBe('https://other.example.com');
  });

  it('falls back to the socket for what is not a scheme or a plain host', () => {
    expect(forwardedOrigin({}, SOCKET)).toBe(SOCKET);
    expect(forwardedOrigin({ xForwardedProto: 'javascript' }, SOCKET)).toBe(SOCKET);
    expect(forwardedOrigin({ xForwardedProto: 'https', xForwardedHost: 'evil.example@loot.example.com' }, SOCKET)).toBe(
      'https://127.0.0.1:3000',
    );
    expect(forwardedOrigin({ xForwardedProto: 'https', xForwardedHost: 'loot.example.com/path' }, SOCKET)).toBe(
      'https://127.0.0.1:3000',
    );
    expect(forwardedOrigin({ xForwardedHost: 'bad host' }, SOCKET)).toBe(SOCKET);
  });
});
