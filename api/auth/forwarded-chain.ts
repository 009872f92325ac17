/**
 * The hops a request passed through, as its forwarding headers list them, client first, each as written (an
 * address, or something that is not one: 'unknown', an obfuscated node, garbage). X-Forwarded-For is read when
 * present, the standard Forwarded header (RFC 7239) only when it is not: nginx, Caddy, HAProxy, Traefik and the
 * cloud load balancers all write X-Forwarded-For, and a proxy that writes only Forwarded passes on whatever
 * X-Forwarded-For the client sent (README: Deploying behind a proxy).
 */
export function forwardedChain(headers: { xForwardedFor?: string; forwarded?: string }): string[] {
  if (headers.xForwardedFor !== undefined)
    return headers.xForwardedFor.split(',').map((hop) => nodeAddress(hop.trim()));
  if (headers.forwarded !== undefined)
    return forwardedElements(headers.forwarded).map((element) => nodeAddress(forwardedParameter(element, 'for')));
  return [];
}

/** A node without its port: '[2001:db8::1]:4711' → '2001:db8::1', '192.0.2.1:80' → '192.0.2.1'; IPv6 as it is. */
function nodeAddress(node: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(node);
  if (bracketed) return bracketed[1];
  const withPort = /^([^:]+):\d+$/.exec(node);
  return withPort ? withPort[1] : node;
}

/** Splits on a separator outside double quotes (RFC 7239 quoted-string, backslash escapes). */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted && ch === '\\' && i + 1 < text.length) {
      current += ch + text[(i += 1)];
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (ch === separator && !quoted) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts;
}

/** The elements of a Forwarded header, one per proxy, the browser-facing proxy's first. */
export function forwardedElements(header: string): string[] {
  return splitOutsideQuotes(header, ',').map((element) => element.trim());
}

/** One parameter (`for`, `proto`, `host`) of one Forwarded element, unquoted; '' when it has none. */
export function forwardedParameter(element: string, name: 'for' | 'proto' | 'host'): string {
  for (const pair of splitOutsideQuotes(element, ';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim().toLowerCase() !== name) continue;
    const value = pair.slice(equals + 1).trim();
    return value.startsWith('"') && value.endsWith('"') && value.length >= 2
      ? value.slice(1, -1).replace(/\\(.)/g, '$1')
      : value;
  }
  return '';
}
