import { STORAGE_URL_PREFIX } from './image-urls';

/**
 * Image URLs in one spelling: the API stores an image URL only in this form, and every decision about
 * an image (may this user show it, which stored file is it) is made on it. So a URL cannot name one thing to the
 * check and another to the reader: `/api/storage/%6Fwn/x.png`, `http://any.host/api/storage/own/x.png?a=1` and
 * `/api/storage/w/96/own/x.png` all come out as `/api/storage/own/x.png`, and `/api/storage/%2e%2e/logout` is
 * no storage path at all.
 *
 * The rules: an absolute http(s) URL, or a path inside /api/storage/ that names a file (an image extension storage
 * serves). Dot segments are resolved and percent-escapes of unreserved characters decoded first. A storage path
 * loses its query and fragment (storage serves none). An absolute URL on any host whose path is inside
 * /api/storage/ names our stored file too (the export and the board treat it so).
 */
export type CanonicalImage = {
  /** The spelling to store and to load. */
  url: string;
  /**
   * The storage key (decoded segments joined by '/') when the URL names a file in our storage; null otherwise. For
   * an own image it is the original's key, whatever variant the URL named.
   */
  storageKey: string | null;
  /** The own image (`/api/storage/own/...`, the original, never a variant) the URL names in any spelling; null when none. */
  ownImage: string | null;
};

/** Extensions of the image files storage serves (api/storage/content-types.ts maps them to types). */
export const STORAGE_IMAGE_EXTENSIONS = ['.webp', '.png', '.jpg', '.jpeg', '.gif', '.avif', '.svg'] as const;

const MAX_URL_LENGTH = 2048;
const OWN_DIR = 'own';
const VARIANT_DIR = 'w';
const BASE = new URL('http://loot.invalid');
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** A decoded storage segment may not carry these (the storage route refuses them too: safe-path.ts). */
const FORBIDDEN_IN_SEGMENT = /[\\\u0000-\u001f\u007f%/]/;
const UNRESERVED = /[A-Za-z0-9\-._~]/;
/** RFC 3986 pchar, less '%': what a canonical path segment keeps unescaped. */
const NOT_PCHAR = /[^A-Za-z0-9\-._~!$&'()*+,;=:@]/gu;

/** %6F → o (unreserved characters never need an escape); other escapes in upper case. */
function decodeUnreserved(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const ch = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(ch) ? ch : escape.toUpperCase();
  });
}

/** The pathname with unreserved escapes decoded and dot segments resolved (again, after decoding). */
function canonicalPathname(url: URL): string {
  return new URL(decodeUnreserved(url.pathname), BASE).pathname;
}

/** The decoded segments of a path inside /api/storage/ that names an image file; null for anything else. */
function storageSegments(pathname: string): string[] | null {
  if (!pathname.startsWith(STORAGE_URL_PREFIX)) return null;
  const rest = pathname.slice(STORAGE_URL_PREFIX.length);
  if (rest.length === 0 || rest.length > 1024) return null;
  const segments: string[] = [];
  for (const raw of rest.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (
      segment === '' ||
      segment === '.' ||
      segment === '..' ||
      FORBIDDEN_IN_SEGMENT.test(segment) ||
      /^[a-zA-Z]:/.test(segment)
    )
      return null;
    segments.push(segment);
  }
  const last = segments[segments.length - 1].toLowerCase();
  return STORAGE_IMAGE_EXTENSIONS.some((ext) => last.endsWith(ext) && last.length > ext.length) ? segments : null;
}

const encodeSegment = (segment: string) => segment.replace(NOT_PCHAR, (ch) => encodeURIComponent(ch));
const storageUrlOf = (segments: string[]) => STORAGE_URL_PREFIX + segments.map(encodeSegment).join('/');

/**
 * The own image a storage key names: `own/<file>` itself, or any variant folder in front of it (`w/96/own/<file>`,
 * `w/320/w/96/own/<file>`); the folder is matched without regard to case, so no spelling slips past as "not own".
 */
function ownImageOf(segments: string[]): string[] | null {
  let at = 0;
  while (segments[at] === VARIANT_DIR && segments.length - at > 2) at += 2;
  if (segments[at]?.toLowerCase() !== OWN_DIR) return null;
  return [OWN_DIR, ...segments.slice(at + 1)];
}

/**
 * The canonical form of an image URL, or null when it is neither an http(s) URL nor a storage path naming a file.
 * Idempotent: canonicalImageUrl(c.url) gives c again.
 *
 * @example canonicalImageUrl('/api/storage/%6Fwn/a.png?x=1')?.url // '/api/storage/own/a.png'
 * @example canonicalImageUrl('/api/storage/%2e%2e/logout') // null
 */
export function canonicalImageUrl(raw: string): CanonicalImage | null {
  const value = raw.trim();
  if (value === '' || value.length > MAX_URL_LENGTH || CONTROL.test(value)) return null;
  const absolute = /^https?:\/\//i.test(value);
  // A relative value must be a path on this site: not `//host`, and no backslash (the URL parser reads `/\host` as a host).
  if (!absolute && (!value.startsWith('/') || value.startsWith('//') || value.includes('\\'))) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (absolute && url.hostname === '') return null;
  if (!absolute && url.origin !== BASE.origin) return null;
  const pathname = canonicalPathname(url);
  const segments = storageSegments(pathname);
  if (!segments) {
    if (!absolute) return null;
    url.pathname = pathname;
    return { url: url.href, storageKey: null, ownImage: null };
  }
  const own = ownImageOf(segments);
  if (own) {
    const ownImage = storageUrlOf(own);
    return { url: ownImage, storageKey: own.join('/'), ownImage };
  }
  if (!absolute) return { url: storageUrlOf(segments), storageKey: segments.join('/'), ownImage: null };
  url.pathname = pathname;
  return { url: url.href, storageKey: segments.join('/'), ownImage: null };
}

/**
 * Escapes of ASCII characters undone until none is left (a proxy or a router may decode once more than we did).
 * Bytes above ASCII stay escaped: they can spell no part of `/api/`.
 */
function asciiDecoded(path: string): string {
  let current = path;
  for (let round = 0; round < 8; round += 1) {
    const next = current.replace(/%([0-7][0-9A-Fa-f])/g, (_escape, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * True for a path of this app's API other than storage, in any spelling something on the way could read as one:
 * escapes of any character (`/%61pi/logout`, `/api%2Fboards/5/events`, double escapes), backslashes, repeated or
 * dot segments (`//api`, `/./api`, `/x/../api`) and any case (`/API/`). The board and the web never load such a
 * path as an image, whatever a stored URL says: an `<img>` of /api/logout, of a share link or of a board's event
 * stream would act for the viewer.
 */
export function isApiPathOutsideStorage(pathname: string): boolean {
  const collapsed = asciiDecoded(pathname)
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
  let path: string;
  try {
    path = new URL(collapsed.startsWith('/') ? collapsed : `/${collapsed}`, BASE).pathname;
  } catch {
    return true;
  }
  return (path === '/api' || path.startsWith('/api/')) && !path.startsWith(STORAGE_URL_PREFIX);
}

/**
 * An image source in Markdown (notes, descriptions): only http(s) and our storage, in canonical spelling; null for
 * anything else (javascript:, data:), which then renders as its alt text. A URL whose path is one of our API routes
 * other than storage is refused on any host: the web cannot tell every name our server answers to, and an `<img>`
 * of /api/boards/:id/events (absolute, protocol-relative, escaped, …) would open a stream as the viewer.
 */
export function markdownImageSource(raw: string): string | null {
  const canonical = canonicalImageUrl(raw);
  if (!canonical) return null;
  if (isApiPathOutsideStorage(new URL(canonical.url, BASE).pathname)) return null;
  // The browser reads the source as written, not our canonical spelling: its path must pass the same test.
  const asWritten = raw.trim().replace(/\\/g, '/');
  try {
    if (isApiPathOutsideStorage(new URL(asWritten, BASE).pathname)) return null;
  } catch {
    return null;
  }
  return canonical.url;
}

/** A link target in Markdown: absolute http(s) or mailto only; null renders the link as plain text. */
export function markdownLinkTarget(raw: string): string | null {
  const value = raw.trim();
  if (!/^(https?:\/\/|mailto:)/i.test(value) || CONTROL.test(value)) return null;
  try {
    return new URL(value).href;
  } catch {
    return null;
  }
}

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'blob:', 'data:']);

/**
 * The absolute, query-free URL an image source loads from (spec board-workspace §2: query strings are removed,
 * relative paths made absolute), or null when there is nothing loadable: empty or invalid, another scheme, or a path
 * of our API other than storage (an image never loads /api/logout or a share link). The board's and the web's one
 * rule.
 * @example normalizeImageUrl('shots/a.png?v=2', 'https://loot.example') // 'https://loot.example/shots/a.png'
 */
export function normalizeImageUrl(raw: string | null | undefined, origin: string): string | null {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!value) return null;
  // data: and blob: URLs carry no query string to strip; they are used as they are.
  if (/^(data|blob):/i.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value, origin.endsWith('/') ? origin : `${origin}/`);
  } catch {
    return null;
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) return null;
  if (isApiPathOutsideStorage(url.pathname) && url.origin === new URL(origin).origin) return null;
  url.search = '';
  url.hash = '';
  return url.href;
}
