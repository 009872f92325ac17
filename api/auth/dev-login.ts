import { isLoopbackAddress } from './client-address';

/**
 * Headers a reverse proxy adds. Their presence means the request crossed a proxy, so the loopback peer we see is
 * the proxy, not the person: dev-login must then stay shut (SECURITY.md: dev-login is never reachable from outside).
 */
export const FORWARDING_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'forwarded',
  'x-real-ip',
] as const;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export type DevLoginRequest = {
  enabled: boolean;
  peerAddress: string;
  host: string | undefined;
  /** Reads one request header (case-insensitive), undefined when absent. */
  header(name: string): string | undefined;
};

export type DevLoginRefusal = 'disabled' | 'remote_peer' | 'foreign_host' | 'forwarded';

/** Why dev-login must refuse this request, or null when every condition holds. */
export function devLoginRefusal(request: DevLoginRequest): DevLoginRefusal | null {
  if (!request.enabled) return 'disabled';
  if (!isLoopbackAddress(request.peerAddress)) return 'remote_peer';
  if (!isLocalHostHeader(request.host)) return 'foreign_host';
  if (FORWARDING_HEADERS.some((name) => request.header(name) !== undefined)) return 'forwarded';
  return null;
}

/** Host is localhost, 127.0.0.1 or [::1], with any port (or none). */
export function isLocalHostHeader(host: string | undefined): boolean {
  if (!host) return false;
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(host.trim().toLowerCase());
  return match !== null && LOCAL_HOSTS.has(match[1]);
}
