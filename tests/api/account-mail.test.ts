import { PassThrough } from 'node:stream';
import { PLAN_IDS } from '#shared/plans';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../api/mail/mailer';
import { createLogger } from '../../api/ops/log';
import { RESETS_PER_ADDRESS, RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from '../../api/services/account.service';
import { requestFromPeer, sessionCookieFrom } from '../helpers/auth-requests';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../helpers/smtp-inbox';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';

const PASSWORD = 'lantern-quiet-93';
const NEW_PASSWORD = 'harbour-violet-47';

let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
});
afterAll(() => inbox.close());

let people = 0;
const newAddress = (name: string) => `${name}-${++people}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The path of the first link in a mail that goes to `prefix` (/verify-email/, /reset-password/, /invite/). */
function linkPath(mail: ReceivedMail, prefix: string): string {
  const link = mail.links.find((l) => new URL(l).pathname.startsWith(prefix));
  if (!link) throw new Error(`no ${prefix} link in: ${mail.body}`);
  return new URL(link).pathname + new URL(link).search;
}
const tokenOf = (mail: ReceivedMail, prefix: string) => linkPath(mail, prefix).slice(prefix.length);

async function appWithMail(clock = testClock(), sharedWith?: TestApp) {
  return await createTestApp({
    clock,
    sharedWith,
    env: {
      LOOT_SMTP_URL: inbox.url,
      LOOT_MAIL_FROM: 'Loot Test <loot@example.com>',
    },
  });
}

async function register(t: TestApp, email: string, headers: Record<string, string> = {}) {
  const res = await t.call('POST', '/api/auth/register', { json: { email, password: PASSWORD }, headers });
  expect(res.status).toBe(201);
  return sessionCookieFrom(res)!;
}

/** Every request as the app's own page sends it: browsers name the Origin on every write. */
const ORIGIN = { origin: 'http://localhost' };

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe('mail', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('sends a sign-up confirmation through SMTP with its credentials, From, plain text and HTML', async () => {
    t = await appWithMail();
    const email = newAddress('first');
    await register(t, email);
    const mail = await inbox.next(email);
    expect(mail.auth).toEqual({ username: 'mailer', password: 'mail-password' });
    expect(mail.from).toBe('loot@example.com');
    expect(mail.subject).toBe('Loot: confirm your email address');
    expect(mail.body).toMatch(/content-type:\s*text\/plain/i);
    expect(mail.body).toMatch(/content-type:\s*text\/html/i);
    expect(linkPath(mail, '/verify-email/')).toMatch(/^\/verify-email\/[A-Za-z0-9_-]{43}$/);
    expect(mail.links.every((l) => l.startsWith('http://localhost/'))).toBe(true);
    // No tracking: no image, no remote content.
    expect(mail.body).not.toMatch(/<img/i);
  });

  it('writes the mail in the language of the browser that signed up', async () => {
    t = await appWithMail();
    const email = newAddress('ru');
    await register(t, email, { 'accept-language': 'ru-RU,ru;q=0.9' });
    const mail = await inbox.next(email);
    expect(mail.subject).toBe('Loot: подтвердите адрес почты');
    expect(mail.body).toContain('Подтвердить адрес');
  });

  it('without LOOT_SMTP_URL writes one log line per mail with its link, and says so', async () => {
    const out = new PassThrough();
    const lines: string[] = [];
    out.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const mailer = createMailer({ LOOT_PUBLIC_URL: undefined }, createLogger({ destination: out }));
    expect(mailer.mode).toBe('log');
    expect(mailer.describe()).toMatch(/written to the log/);
    await mailer.send({
      to: 'a@example.com',
      subject: 'Hello',
      text: 't',
      html: 'h',
      link: 'http://x/verify-email/abc',
    });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]).msg).toBe('Mail (not sent) to a@example.com: Hello http://x/verify-email/abc');
  });

  it('never names the SMTP password when it says where mail goes', () => {
    const mailer = createMailer({
      LOOT_SMTP_URL: 'smtp://user:s3cret-pass@mail.example.com:587',
      LOOT_PUBLIC_URL: undefined,
    });
    expect(mailer.describe()).toBe(
      'Mail is sent through SMTP at smtp://mail.example.com:587, from Loot <no-reply@localhost>.',
    );
    mailer.close();
  });
});

describe('email verification', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('proves the address once; the link then refuses, and an unproven address sees and accepts no email invitation', async () => {
    t = await appWithMail();
    const owner = await t.signIn(undefined, { planId: PLAN_IDS.basic });
    const board = (await (
      await t.call('POST', '/api/boards', { cookie: owner.cookie, json: { title: 'Sprites' } })
    ).json()) as { id: number };
    const email = newAddress('invitee');
    const cookie = await register(t, email);
    expect(
      ((await (await t.call('GET', '/api/current-user', { cookie })).json()) as { emailVerified: boolean })
        .emailVerified,
    ).toBe(false);
    const invited = await t.call('POST', `/api/boards/${board.id}/members`, {
      cookie: owner.cookie,
      json: { email, role: 'editor' },
    });
    expect(invited.status).toBe(201);
    const code = ((await invited.json()) as { invitation: { code: string } }).invitation.code;

    expect(await (await t.call('GET', '/api/invitations', { cookie })).json()).toEqual({ invitations: [] });
    const refused = await t.call('POST', `/api/invitations/${code}/accept`, { cookie, headers: ORIGIN });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('email_not_verified');
    expect(await t.sql('select * from board_members where board_id = ?', [board.id])).toHaveLength(0);

    const mail = await inbox.next(email, (m) => m.subject.includes('confirm'));
    const token = tokenOf(mail, '/verify-email/');
    const verified = await t.call('POST', '/api/auth/verify-email', { json: { token } });
    expect(verified.status).toBe(200);
    expect(
      ((await (await t.call('GET', '/api/current-user', { cookie })).json()) as { emailVerified: boolean })
        .emailVerified,
    ).toBe(true);

    const again = await t.call('POST', '/api/auth/verify-email', { json: { token } });
    expect(again.status).toBe(410);
    expect(await errorOf(again)).toEqual({
      code: 'link_used',
      message: 'This link was already used. Ask for a new one if you still need it.',
    });

    const listed = (await (await t.call('GET', '/api/invitations', { cookie })).json()) as {
      invitations: { code: string }[];
    };
    expect(listed.invitations.map((i) => i.code)).toEqual([code]);
    expect((await t.call('POST', `/api/invitations/${code}/accept`, { cookie, headers: ORIGIN })).status).toBe(200);
  });

  it('expires the link after 24 hours', async () => {
    const clock = testClock();
    t = await appWithMail(clock);
    const email = newAddress('late');
    await register(t, email);
    const token = tokenOf(await inbox.next(email), '/verify-email/');
    clock.advance(VERIFY_EMAIL_TTL_MS);
    const res = await t.call('POST', '/api/auth/verify-email', { json: { token } });
    expect(res.status).toBe(410);
    expect(await errorOf(res)).toEqual({ code: 'link_expired', message: 'This link has expired. Ask for a new one.' });
    expect(
      (await t.sql<{ v: unknown }>('select email_verified_at as v from users where email = ?', [email]))[0].v,
    ).toBeNull();
  });

  it('answers a malformed or unknown link with a 400 and a sentence, and stores only hashes', async () => {
    t = await appWithMail();
    const email = newAddress('shape');
    await register(t, email);
    const token = tokenOf(await inbox.next(email), '/verify-email/');
    for (const bad of [token.slice(0, 20), `${token}x`, 'not a token at all, with spaces......', '']) {
      const res = await t.call('POST', '/api/auth/verify-email', { json: { token: bad } });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(
        'This link is not complete: copy the whole link from the mail, or ask for a new one.',
      );
    }
    const unknown = await t.call('POST', '/api/auth/verify-email', { json: { token: 'A'.repeat(43) } });
    expect(unknown.status).toBe(400);
    expect(await errorOf(unknown)).toEqual({
      code: 'link_invalid',
      message: 'This link is not valid. Ask for a new one.',
    });
    const stored = await t.sql<{ token_hash: string }>('select token_hash from account_tokens');
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('sends a new link on request, a few an hour, and refuses when the address is already proven', async () => {
    t = await appWithMail();
    const email = newAddress('resend');
    const cookie = await register(t, email);
    for (let i = 0; i < 5; i += 1)
      expect((await t.call('POST', '/api/auth/verify-email/resend', { cookie, headers: ORIGIN })).status).toBe(202);
    const limited = await t.call('POST', '/api/auth/verify-email/resend', { cookie, headers: ORIGIN });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    const latest = await inbox.next(email, (m) => inbox.mails.filter((x) => x.to.includes(email)).indexOf(m) === 5);
    expect(
      (await t.call('POST', '/api/auth/verify-email', { json: { token: tokenOf(latest, '/verify-email/') } })).status,
    ).toBe(200);
    const done = await t.call('POST', '/api/auth/verify-email/resend', { cookie, headers: ORIGIN });
    expect(done.status).toBe(409);
  });

  it('changes the address only once the new one is proven', async () => {
    t = await appWithMail();
    const email = newAddress('old');
    const cookie = await register(t, email);
    const next = newAddress('new');
    const wrong = await t.call('POST', '/api/current-user/email', {
      cookie,
      json: { email: next, password: 'not it at all' },
    });
    expect(wrong.status).toBe(403);
    const asked = await t.call('POST', '/api/current-user/email', {
      cookie,
      json: { email: next, password: PASSWORD },
    });
    expect(asked.status).toBe(202);
    expect(((await (await t.call('GET', '/api/current-user', { cookie })).json()) as { email: string }).email).toBe(
      email,
    );
    const mail = await inbox.next(next);
    expect(
      (await t.call('POST', '/api/auth/verify-email', { json: { token: tokenOf(mail, '/verify-email/') } })).status,
    ).toBe(200);
    const me = (await (await t.call('GET', '/api/current-user', { cookie })).json()) as {
      email: string;
      emailVerified: boolean;
    };
    expect(me).toMatchObject({ email: next, emailVerified: true });
    // The first address's own link, still unopened, no longer proves anything.
    const first = await inbox.next(email);
    expect(
      (await t.call('POST', '/api/auth/verify-email', { json: { token: tokenOf(first, '/verify-email/') } })).status,
    ).toBe(410);
  });
});

describe('password reset', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('answers every address the same, mails only an account, resets once and signs out every other session', async () => {
    t = await appWithMail();
    const email = newAddress('forgetful');
    const oldCookie = await register(t, email);
    const stranger = newAddress('nobody');
    const known = await requestFromPeer(t, '203.0.113.5', 'POST', '/api/auth/forgot-password', { json: { email } });
    const unknown = await requestFromPeer(t, '203.0.113.5', 'POST', '/api/auth/forgot-password', {
      json: { email: stranger },
    });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort());

    const mail = await inbox.next(email, (m) => m.subject.includes('new password'));
    expect(mail.body).toContain('1 hour');
    const token = tokenOf(mail, '/reset-password/');
    const reset = await t.call('POST', '/api/auth/reset-password', { json: { token, password: NEW_PASSWORD } });
    expect(reset.status).toBe(200);
    const newCookie = sessionCookieFrom(reset)!;
    expect((await t.call('GET', '/api/current-user', { cookie: oldCookie })).status).toBe(401);
    expect((await t.call('GET', '/api/current-user', { cookie: newCookie })).status).toBe(200);
    expect((await t.call('POST', '/api/auth/login', { json: { email, password: PASSWORD } })).status).toBe(401);
    expect((await t.call('POST', '/api/auth/login', { json: { email, password: NEW_PASSWORD } })).status).toBe(200);

    const reused = await t.call('POST', '/api/auth/reset-password', {
      json: { token, password: 'yet-another-pass-82' },
    });
    expect(reused.status).toBe(410);
    expect(inbox.mails.some((m) => m.to.includes(stranger))).toBe(false);
  });

  it('expires the link after an hour, and refuses malformed links and common passwords in words', async () => {
    const clock = testClock();
    t = await appWithMail(clock);
    const email = newAddress('slow');
    await register(t, email);
    await t.call('POST', '/api/auth/forgot-password', { json: { email } });
    const token = tokenOf(await inbox.next(email, (m) => m.subject.includes('new password')), '/reset-password/');
    const common = await t.call('POST', '/api/auth/reset-password', { json: { token, password: 'password123' } });
    expect(common.status).toBe(400);
    const malformed = await t.call('POST', '/api/auth/reset-password', {
      json: { token: 'short', password: NEW_PASSWORD },
    });
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).message).toMatch(/link is not complete/);
    clock.advance(RESET_PASSWORD_TTL_MS);
    const late = await t.call('POST', '/api/auth/reset-password', { json: { token, password: NEW_PASSWORD } });
    expect(late.status).toBe(410);
    expect((await errorOf(late)).code).toBe('link_expired');
    expect((await t.call('POST', '/api/auth/login', { json: { email, password: PASSWORD } })).status).toBe(200);
  });

  it('limits requests per address across instances, whether or not the address has an account', async () => {
    t = await appWithMail();
    const other = await appWithMail(t.deps.clock as ReturnType<typeof testClock>, t);
    try {
      for (const address of [newAddress('known'), newAddress('unknown')]) {
        if (address.startsWith('known')) await register(t, address);
        for (let i = 0; i < RESETS_PER_ADDRESS; i += 1) {
          const app = i % 2 === 0 ? t : other;
          const res = await requestFromPeer(app, `198.51.100.${i + 1}`, 'POST', '/api/auth/forgot-password', {
            json: { email: address },
          });
          expect(res.status).toBe(202);
        }
        const limited = await requestFromPeer(other, '198.51.100.99', 'POST', '/api/auth/forgot-password', {
          json: { email: address },
        });
        expect(limited.status).toBe(429);
        expect((await errorOf(limited)).message).toMatch(/^Too many requests for a new password/);
      }
    } finally {
      await other.close();
    }
  });
});

describe('invitations by mail', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('names the board and the inviter; an address with no account is sent to sign up with it filled in', async () => {
    t = await appWithMail();
    const owner = await t.signIn(newAddress('owner'), { firstName: 'Robin', planId: PLAN_IDS.basic });
    const board = (await (
      await t.call('POST', '/api/boards', { cookie: owner.cookie, json: { title: 'Boss fights' } })
    ).json()) as { id: number };
    const member = await t.signIn(newAddress('member'));
    const stranger = newAddress('stranger');
    for (const email of [member.user.email, stranger])
      expect(
        (
          await t.call('POST', `/api/boards/${board.id}/members`, {
            cookie: owner.cookie,
            json: { email, role: 'viewer' },
          })
        ).status,
      ).toBe(201);

    const toMember = await inbox.next(member.user.email);
    expect(toMember.subject).toBe(`Loot: Robin (${owner.user.email}) invited you to “Boss fights”`);
    const code = (
      await t.sql<{ code: string }>('select code from board_invitations where email = ?', [member.user.email])
    )[0].code;
    expect(linkPath(toMember, '/invite/')).toBe(`/invite/${code}`);
    expect(
      (await t.call('POST', `/api/invitations/${code}/accept`, { cookie: member.cookie, headers: ORIGIN })).status,
    ).toBe(200);

    const toStranger = await inbox.next(stranger);
    const strangerCode = (
      await t.sql<{ code: string }>('select code from board_invitations where email = ?', [stranger])
    )[0].code;
    const signUp = new URL(toStranger.links.find((l) => l.includes('/login'))!);
    expect(signUp.searchParams.get('mode')).toBe('signUp');
    expect(signUp.searchParams.get('email')).toBe(stranger);
    expect(signUp.searchParams.get('returnTo')).toBe(`/invite/${strangerCode}`);
  });
});

describe('sessions', () => {
  let t: TestApp;
  afterEach(() => t?.close());
  const firefox = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0' };
  const iphone = {
    'user-agent':
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  };

  async function signInWith(email: string, headers: Record<string, string>, password = PASSWORD) {
    const res = await t.call('POST', '/api/auth/login', { json: { email, password }, headers });
    expect(res.status).toBe(200);
    return sessionCookieFrom(res)!;
  }
  type Listed = { sessions: { id: string; device: string; current: boolean; createdAt: string; lastSeenAt: string }[] };

  it('lists the devices, ends one, then every other; nobody else can end them', async () => {
    t = await appWithMail();
    const email = newAddress('many');
    await register(t, email);
    const laptop = await signInWith(email, firefox);
    const phone = await signInWith(email, iphone);
    const listed = (await (await t.call('GET', '/api/sessions', { cookie: laptop })).json()) as Listed;
    expect(listed.sessions.map((s) => s.device).sort()).toEqual([
      'Firefox on Windows',
      'Safari on iOS',
      'Unknown device',
    ]);
    expect(listed.sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['Firefox on Windows']);
    const phoneSession = listed.sessions.find((s) => s.device === 'Safari on iOS')!;

    const stranger = await t.signIn();
    expect(
      (await t.call('DELETE', `/api/sessions/${phoneSession.id}`, { cookie: stranger.cookie, headers: ORIGIN })).status,
    ).toBe(404);
    expect((await t.call('GET', '/api/current-user', { cookie: phone })).status).toBe(200);
    expect(
      (await t.call('DELETE', `/api/sessions/${phoneSession.id}`, { cookie: laptop, headers: ORIGIN })).status,
    ).toBe(200);
    expect((await t.call('GET', '/api/current-user', { cookie: phone })).status).toBe(401);
    expect((await t.call('DELETE', '/api/sessions/not-an-id', { cookie: laptop, headers: ORIGIN })).status).toBe(400);

    const again = await signInWith(email, iphone);
    expect((await t.call('POST', '/api/sessions/sign-out-others', { cookie: laptop, headers: ORIGIN })).status).toBe(
      200,
    );
    expect((await t.call('GET', '/api/current-user', { cookie: again })).status).toBe(401);
    const left = (await (await t.call('GET', '/api/sessions', { cookie: laptop })).json()) as Listed;
    expect(left.sessions.map((s) => s.device)).toEqual(['Firefox on Windows']);
  });

  it('changing the password needs the current one and signs out every other session', async () => {
    t = await appWithMail();
    const email = newAddress('changer');
    const first = await register(t, email);
    const second = await signInWith(email, firefox);
    const wrong = await t.call('POST', '/api/current-user/password', {
      cookie: first,
      json: { currentPassword: 'not the password', newPassword: NEW_PASSWORD },
    });
    expect(wrong.status).toBe(403);
    expect((await t.call('GET', '/api/current-user', { cookie: second })).status).toBe(200);
    const changed = await t.call('POST', '/api/current-user/password', {
      cookie: first,
      json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect((await t.call('GET', '/api/current-user', { cookie: first })).status).toBe(200);
    expect((await t.call('GET', '/api/current-user', { cookie: second })).status).toBe(401);
    expect(await signInWith(email, firefox, NEW_PASSWORD)).toBeTruthy();
  });
});
