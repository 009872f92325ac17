/**
 * What no log line of Loot may hold (README: Logs): passwords, session cookies, keys and tokens, signed URLs, a
 * share link's code, an OAuth callback's query. Request lines carry route patterns, so none of these should ever
 * reach a log; each pattern here would catch one that did.
 */
const NEVER: { what: string; pattern: RegExp }[] = [
  { what: 'a session cookie', pattern: /loot_session/i },
  {
    what: 'a credential field',
    pattern: /"(password|newPassword|cookie|authorization|token|secret)"\s*:\s*"(?!\[redacted\])/i,
  },
  { what: 'a signed URL', pattern: /X-Amz-(Signature|Credential)/i },
  { what: 'a Stripe key', pattern: /\b(sk|rk)_(test|live)_[0-9A-Za-z]+|\bwhsec_[0-9A-Za-z]+/ },
  { what: 'a database URL with its password', pattern: /postgres(ql)?:\/\/[^\s"@/]*:[^\s"@/]+@/ },
  { what: 'a query string with a code or token', pattern: /[?&](code|state|token|session)=/ },
  { what: "a share link's code", pattern: /\/api\/share\/(?!:)[^\s"/]+/ },
];

/** The lines of `logs` that hold a secret: one of NEVER's, or one of `known` (the passwords a run used). */
export function linesWithSecrets(logs: string, known: string[] = []): string[] {
  return logs
    .split('\n')
    .filter(
      (line) =>
        NEVER.some(({ pattern }) => pattern.test(line)) || known.some((secret) => secret && line.includes(secret)),
    )
    .map((line) => {
      const why = NEVER.find(({ pattern }) => pattern.test(line))?.what ?? 'a known secret';
      return `${why}: ${line.slice(0, 300)}`;
    });
}

/** The passwords the e2e specs sign up and sign in with. */
export const E2E_PASSWORDS = ['correct horse battery staple', 'wrong password here', 'another good password'];
