import { say } from '#shared/messages/errors';
import * as oidc from 'openid-client';
import type { AppConfig } from '../config';
import { AppError } from '../errors';
import { log } from '../ops/log';
import type { OidcIdentity } from '../services/auth.service';
import { isLoopbackAddress } from './client-address';

/**
 * Single sign-on through any OpenID Connect provider (openid-client v6), on only when OIDC_ISSUER and
 * OIDC_CLIENT_ID are set. Every redirect gets a fresh PKCE verifier, state and nonce (SECURITY.md: OIDC); the
 * browser carries them in a short-lived HttpOnly cookie between the redirect and the callback.
 */

export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';
const SCOPE = 'openid email profile';

type OidcSettings = Pick<AppConfig, 'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET'>;

/** What the callback must see again: kept by the browser for the few minutes a sign-in takes. */
export type OidcFlowState = {
  codeVerifier: string;
  state: string;
  nonce: string;
  redirectUri: string;
  returnTo: string;
};

export function isOidcConfigured(config: OidcSettings): boolean {
  return Boolean(config.OIDC_ISSUER && config.OIDC_CLIENT_ID);
}

const configurations = new Map<string, Promise<oidc.Configuration>>();

/** The provider's discovered configuration, fetched once per issuer and client (again after a failure). */
function providerConfiguration(config: OidcSettings): Promise<oidc.Configuration> {
  if (!isOidcConfigured(config)) throw new AppError('oidc_not_configured', 404, say('auth.oidcNotConfigured'));
  const issuer = new URL(config.OIDC_ISSUER!);
  const key = `${issuer.href} ${config.OIDC_CLIENT_ID}`;
  let found = configurations.get(key);
  if (!found) {
    const secret = config.OIDC_CLIENT_SECRET;
    // Plain http only for a provider on this machine (a local test or development issuer).
    const insecureAllowed = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
    found = oidc.discovery(
      issuer,
      config.OIDC_CLIENT_ID!,
      secret,
      secret ? oidc.ClientSecretPost(secret) : oidc.None(),
      insecureAllowed ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    found.catch(() => configurations.delete(key));
    configurations.set(key, found);
  }
  return found.catch((err) => {
    log.warn(`OIDC discovery failed: ${describe(err)}`);
    throw new AppError('oidc_unavailable', 502, say('auth.oidcFailed'));
  });
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || isLoopbackAddress(hostname.replace(/^\[|\]$/g, ''));
}

/** The provider's authorization URL for a new sign-in, and the state the callback will need. */
export async function startOidcSignIn(
  config: OidcSettings,
  redirectUri: string,
  returnTo: string,
): Promise<{ url: URL; flow: OidcFlowState }> {
  const configuration = await providerConfiguration(config);
  const flow: OidcFlowState = {
    codeVerifier: oidc.randomPKCECodeVerifier(),
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    redirectUri,
    returnTo,
  };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url, flow };
}

/**
 * Exchanges the callback's code (PKCE, state and nonce checked by openid-client) and returns who signed in.
 * Any failure, from a forged state to an expired code, is a 400 with one generic message.
 */
export async function completeOidcSignIn(
  config: OidcSettings,
  callbackUrl: URL,
  flow: OidcFlowState,
): Promise<OidcIdentity> {
  const configuration = await providerConfiguration(config);
  // openid-client sends the callback URL minus its query as redirect_uri: rebuild it on the registered URI so a
  // proxy that rewrote our host or scheme does not make the token request mismatch the authorization request.
  const currentUrl = new URL(flow.redirectUri);
  currentUrl.search = callbackUrl.search;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined,
      firstName:
        typeof claims.given_name === 'string'
          ? claims.given_name
          : typeof claims.name === 'string'
            ? claims.name
            : undefined,
      picture: typeof claims.picture === 'string' && /^https?:\/\//.test(claims.picture) ? claims.picture : undefined,
    };
  } catch (err) {
    // The reason stays in the server log: the person only needs to know to try again.
    log.warn(`OIDC callback refused: ${describe(err)}`);
    throw new AppError('oidc_failed', 400, say('auth.oidcFailed'));
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 200) : 'unknown error';
}

/** The flow state as a cookie value and back; anything unreadable reads as "no sign-in in progress". */
export function encodeFlowState(flow: OidcFlowState): string {
  return Buffer.from(JSON.stringify(flow)).toString('base64url');
}

export function decodeFlowState(value: string | undefined): OidcFlowState | null {
  if (!value || value.length > 4096) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<OidcFlowState>;
    const fields = [parsed.codeVerifier, parsed.state, parsed.nonce, parsed.redirectUri, parsed.returnTo];
    return fields.every((f) => typeof f === 'string' && f.length > 0) ? (parsed as OidcFlowState) : null;
  } catch {
    return null;
  }
}
