const PLACEHOLDER_ORIGIN = 'http://return-to.invalid';
const MAX_LENGTH = 2000;

/**
 * The path to send a user to after signing in, if it is a same-site relative path: it starts with one '/',
 * holds no backslash or control character (browsers read '/\evil' and '/\t/evil' as '//evil'), and resolves
 * on our own origin. Anything else gives '/', so a login link cannot redirect to another site.
 */
export function safeReturnTo(value: string | undefined | null): string {
  if (!value || value.length > MAX_LENGTH || !value.startsWith('/') || value.startsWith('//')) return '/';
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return '/';
  try {
    const resolved = new URL(value, PLACEHOLDER_ORIGIN);
    if (resolved.origin !== PLACEHOLDER_ORIGIN) return '/';
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return '/';
  }
}
