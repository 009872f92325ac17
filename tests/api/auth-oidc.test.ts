import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countRows, sessionCookieFrom } from '../helpers/auth-requests';
import { createTestApp, type TestApp } from '../helpers/test-app';

const CLIENT_ID = 'loot-web';
const CLIENT_SECRET = 'loot-secret';

type Identity = { sub: string; email?: string; email_verified?: boolean; given_name?: string };
type Grant = { identity: Identity; challenge: string; nonce: string; redirectUri: string; used: boolean };

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/**
 * A minimal OpenID provider on a real local port: discovery, JWKS, and a token endpoint that checks the client
 * secret, the redirect URI and the PKCE verifier, and signs RS256 ID tokens. The "user approves" step is
 * `approve(authorizationUrl, identity)`, which returns the code the provider would send back.
 */
class FakeOidcProvider {
  issuer = '';
  private server = http.createServer((req, res) => this.handle(req, res));
  private keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private kid = b64url(randomBytes(8));
  private grants = new Map<string, Grant>();
  tokenRequests = 0;

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  approve(authorizationUrl: string, identity: Identity): { code: string; state: string } {
    const url = new URL(authorizationUrl);
    const code = b64url(randomBytes(16));
    this.grants.set(code, {
      identity,
      challenge: url.searchParams.get('code_challenge')!,
      nonce: url.searchParams.get('nonce')!,
      redirectUri: url.searchParams.get('redirect_uri')!,
      used: false,
    });
    return { code, state: url.searchParams.get('state')! };
  }

  private idToken(grant: Grant): string {
    const now = Math.floor(Date.now() / 1000);
    const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: this.kid }));
    const payload = b64url(
      JSON.stringify({
        iss: this.issuer,
        aud: CLIENT_ID,
        iat: now,
        exp: now + 300,
        nonce: grant.nonce,
        ...grant.identity,
      }),
    );
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), this.keys.privateKey as KeyObject);
    return `${header}.${payload}.${b64url(signature)}`;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    const path = new URL(req.url!, this.issuer).pathname;
    if (path === '/.well-known/openid-configuration') {
      return send(200, {
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/authorize`,
        token_endpoint: `${this.issuer}/token`,
        jwks_uri: `${this.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      });
    }
    if (path === '/jwks') {
      const jwk = this.keys.publicKey.export({ format: 'jwk' });
      return send(200, { keys: [{ ...jwk, kid: this.kid, alg: 'RS256', use: 'sig' }] });
    }
    if (path === '/token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        this.tokenRequests += 1;
        const form = new URLSearchParams(raw);
        const grant = this.grants.get(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET)
          return send(401, { error: 'invalid_client' });
        if (!grant || grant.used) return send(400, { error: 'invalid_grant' });
        if (b64url(createHash('sha256').update(verifier).digest()) !== grant.challenge)
          return send(400, { error: 'invalid_grant', error_description: 'PKCE' });
        if (form.get('redirect_uri') !== grant.redirectUri)
          return send(400, { error: 'invalid_grant', error_description: 'redirect_uri' });
        grant.used = true;
        send(200, {
          access_token: b64url(randomBytes(16)),
          token_type: 'Bearer',
          expires_in: 300,
          id_token: this.idToken(grant),
        });
      });
      return;
    }
    send(404, { error: 'not_found' });
  }
}

describe('OIDC sign-in (openid-client against a local provider)', () => {
  const provider = new FakeOidcProvider();
  let t: TestApp;
  beforeAll(() => provider.start());
  afterAll(() => provider.stop());
  afterEach(() => t?.close());

  const app = async () =>
    await createTestApp({
      env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET },
    });

  /** GET /api/login → the provider's URL and the flow cookie the browser keeps. */
  async function startLogin(returnTo = '/collections') {
    const res = await t.call('GET', `/api/login?returnTo=${encodeURIComponent(returnTo)}`);
    expect(res.status).toBe(302);
    const flowCookie = res.headers.getSetCookie().find((c) => c.startsWith('loot_oidc='))!;
    return { location: res.headers.get('location')!, flowCookieLine: flowCookie, flowCookie: flowCookie.split(';')[0] };
  }

  const callback = (code: string, state: string, cookie?: string) =>
    t.call('GET', `/api/auth/oidc/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`, {
      cookie,
    });

  it('redirects to the provider with PKCE (S256), state and nonce, fresh for every redirect', async () => {
    t = await app();
    const first = await startLogin();
    const second = await startLogin();
    const a = new URL(first.location);
    const b = new URL(second.location);
    expect(a.origin + a.pathname).toBe(`${provider.issuer}/authorize`);
    expect(a.searchParams.get('response_type')).toBe('code');
    expect(a.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(a.searchParams.get('redirect_uri')).toBe('http://localhost/api/auth/oidc/callback');
    expect(a.searchParams.get('code_challenge_method')).toBe('S256');
    expect(a.searchParams.get('scope')).toBe('openid email profile');
    for (const param of ['code_challenge', 'state', 'nonce']) {
      expect(a.searchParams.get(param)).toMatch(/^[\w-]{22,}$/);
      expect(a.searchParams.get(param)).not.toBe(b.searchParams.get(param));
    }
    expect(first.flowCookieLine).toMatch(/HttpOnly/);
    expect(first.flowCookieLine).toMatch(/SameSite=Lax/);
    expect(first.flowCookieLine).toMatch(/Path=\/api\/auth\/oidc\/callback/);
    expect(first.flowCookieLine).toMatch(/Max-Age=600/);
  });

  it('completes the sign-in, creates the account, and returns to the saved path', async () => {
    t = await app();
    const { location, flowCookie } = await startLogin('/feature-search?games=X');
    const { code, state } = provider.approve(location, {
      sub: 'user-42',
      email: 'Ada@Example.com',
      email_verified: true,
      given_name: 'Ada',
    });
    const res = await callback(code, state, flowCookie);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/feature-search?games=X');
    const me = await t.call('GET', '/api/current-user', { cookie: sessionCookieFrom(res) });
    expect(await me.json()).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', plan_id: 1 });
    const row = (await t.sql('select oidc_issuer, oidc_subject, password_hash from users'))[0];
    expect(row).toEqual({ oidc_issuer: provider.issuer, oidc_subject: 'user-42', password_hash: null });
  });

  it('links later sign-ins by issuer + subject, even when the provider reports a new email', async () => {
    t = await app();
    let flow = await startLogin();
    let grant = provider.approve(flow.location, { sub: 'user-7', email: 'first@example.com' });
    expect((await callback(grant.code, grant.state, flow.flowCookie)).status).toBe(302);
    flow = await startLogin();
    grant = provider.approve(flow.location, { sub: 'user-7', email: 'renamed@example.com' });
    const res = await callback(grant.code, grant.state, flow.flowCookie);
    expect(res.status).toBe(302);
    expect(await countRows(t, 'users')).toBe(1);
    expect((await (await t.call('GET', '/api/current-user', { cookie: sessionCookieFrom(res) })).json()).email).toBe(
      'first@example.com',
    );
  });

  it('counts the address as proven only when the provider says email_verified, at the first or a later sign-in', async () => {
    t = await app();
    const verifiedOf = async (res: Response) =>
      (
        (await (await t.call('GET', '/api/current-user', { cookie: sessionCookieFrom(res) })).json()) as {
          emailVerified: boolean;
        }
      ).emailVerified;
    let flow = await startLogin();
    let grant = provider.approve(flow.location, { sub: 'user-v', email: 'vouched@example.com' });
    expect(await verifiedOf(await callback(grant.code, grant.state, flow.flowCookie))).toBe(false);
    flow = await startLogin();
    grant = provider.approve(flow.location, { sub: 'user-v', email: 'vouched@example.com', email_verified: true });
    expect(await verifiedOf(await callback(grant.code, grant.state, flow.flowCookie))).toBe(true);
    flow = await startLogin();
    grant = provider.approve(flow.location, { sub: 'user-w', email: 'at-once@example.com', email_verified: true });
    expect(await verifiedOf(await callback(grant.code, grant.state, flow.flowCookie))).toBe(true);
  });

  it('never links to an existing password account by email alone', async () => {
    t = await app();
    await t.call('POST', '/api/auth/register', { json: { email: 'owner@example.com', password: 'lantern-quiet-93' } });
    const flow = await startLogin();
    const grant = provider.approve(flow.location, {
      sub: 'attacker',
      email: 'owner@example.com',
      email_verified: true,
    });
    const res = await callback(grant.code, grant.state, flow.flowCookie);
    expect(res.status).toBe(409);
    expect(sessionCookieFrom(res)).toBeUndefined();
    expect(await t.sql('select oidc_subject from users')).toEqual([{ oidc_subject: null }]);
  });

  it('refuses a callback whose state does not match the browser’s flow (login CSRF) and writes nothing', async () => {
    t = await app();
    const victim = await startLogin();
    const attacker = await startLogin();
    const grant = provider.approve(attacker.location, { sub: 'attacker', email: 'attacker@example.com' });
    const res = await callback(grant.code, grant.state, victim.flowCookie);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'oidc_failed' } });
    expect(await countRows(t, 'users')).toBe(0);
    expect(await countRows(t, 'sessions')).toBe(0);
  });

  it('refuses a callback with no sign-in in progress, a replayed code, and an unverified email', async () => {
    t = await app();
    const flow = await startLogin();
    const grant = provider.approve(flow.location, { sub: 'u1', email: 'u1@example.com' });
    expect((await callback(grant.code, grant.state)).status).toBe(400); // no flow cookie
    expect((await callback(grant.code, grant.state, flow.flowCookie)).status).toBe(302);
    expect((await callback(grant.code, grant.state, flow.flowCookie)).status).toBe(400); // replay

    const unverified = await startLogin();
    const g2 = provider.approve(unverified.location, { sub: 'u2', email: 'u2@example.com', email_verified: false });
    expect((await callback(g2.code, g2.state, unverified.flowCookie)).status).toBe(400);
    expect(await countRows(t, 'users')).toBe(1);
  });

  it('clears the flow cookie at the callback so a flow is used once', async () => {
    t = await app();
    const flow = await startLogin();
    const grant = provider.approve(flow.location, { sub: 'u3', email: 'u3@example.com' });
    const res = await callback(grant.code, grant.state, flow.flowCookie);
    expect(res.headers.getSetCookie().some((c) => /^loot_oidc=;.*Max-Age=0/.test(c))).toBe(true);
  });

  it('answers 502 when the provider cannot be reached', async () => {
    t = await createTestApp({ env: { OIDC_ISSUER: 'http://127.0.0.1:9/', OIDC_CLIENT_ID: CLIENT_ID } });
    const res = await t.call('GET', '/api/login');
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: { code: 'oidc_unavailable' } });
  });
});
