import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../api/billing/stripe-client';
import { usersRepo } from '../../api/db/repositories/users.repo';
import { AppError } from '../../api/errors';
import { MAX_FAILURES_PER_EMAIL, MAX_FAILURES_PER_IP } from '../../api/services/rate-limit.service';
import { consumeSearch } from '../../api/services/usage.service';
import { countRows, requestFromPeer } from '../helpers/auth-requests';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';

/**
 * The read-then-write rules under real concurrency (ADR 0008), on SQLite and on PostgreSQL (the vitest
 * projects `sqlite` and `postgres`). On PostgreSQL nothing serializes write transactions as a whole: each rule holds
 * through its own conditional statement or lock, and these bursts (many requests in flight at once over the pool's
 * connections) are what would break a rule written as a read and a later write.
 */
const ORIGIN = { origin: 'http://localhost' };
const statuses = (responses: Response[]) => responses.map((r) => r.status).sort((a, b) => a - b);
const tally = (values: number[]) =>
  values.reduce<Record<number, number>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});

let t: TestApp;
let fake: FakeStripe | undefined;
afterEach(async () => {
  await t?.close();
  await fake?.close();
  fake = undefined;
});

describe('the monthly limit', () => {
  it("a free user's concurrent searches never pass it, and every accepted one is counted", async () => {
    t = await createTestApp();
    const { user } = await t.signIn(undefined, { monthlyLimit: 5, usageCount: 1 });
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, () =>
        consumeSearch(t.deps, user.id).then(
          () => 'ok',
          (err: unknown) => (err instanceof AppError && err.code === 'limit_reached' ? 'refused' : String(err)),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(4);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(12);
    expect((await usersRepo.getById(t.db, user.id))!.usageCount).toBe(5);
  });

  it('a reset that falls due during a burst is applied once: the burst starts from zero, never past the limit', async () => {
    const clock = testClock(new Date('2026-03-20T12:00:00Z'));
    t = await createTestApp({ clock });
    const { user } = await t.signIn(undefined, {
      monthlyLimit: 3,
      usageCount: 3,
      usageResetDate: new Date('2026-03-10T00:00:00Z'),
    });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        consumeSearch(t.deps, user.id).then(
          () => 'ok',
          () => 'refused',
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(3);
    const after = (await usersRepo.getById(t.db, user.id))!;
    expect(after.usageCount).toBe(3);
    expect(after.usageResetDate.toISOString()).toBe('2026-04-10T00:00:00.000Z');
  });
});

describe('sign-in and sign-up throttles', () => {
  const PEER = '203.0.113.9';
  const login = (email: string, password: string) =>
    requestFromPeer(t, PEER, 'POST', '/api/auth/login', { json: { email, password } });

  it(`a burst of failures at one email from one address: exactly ${MAX_FAILURES_PER_EMAIL} reach the password check, each counted`, async () => {
    t = await createTestApp();
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => login('burst@example.com', `guess ${i}`)));
    expect(tally(statuses(responses))).toEqual({ 401: MAX_FAILURES_PER_EMAIL, 429: 12 - MAX_FAILURES_PER_EMAIL });
    const [pair] = await t.sql<{ n: number }>("select count(*) as n from login_failures where key like 'email-ip:%'");
    expect(pair.n).toBe(MAX_FAILURES_PER_EMAIL);
  });

  it(`a burst of failures across many emails from one address: exactly ${MAX_FAILURES_PER_IP} pass the address's limit`, async () => {
    t = await createTestApp();
    const burst = MAX_FAILURES_PER_IP + 10;
    const responses = await Promise.all(
      Array.from({ length: burst }, (_, i) => login(`someone${i}@example.com`, 'wrong password')),
    );
    expect(tally(statuses(responses))).toEqual({ 401: MAX_FAILURES_PER_IP, 429: 10 });
    const [ip] = await t.sql<{ n: number }>('select count(*) as n from login_failures where key = ?', [`ip:${PEER}`]);
    expect(ip.n).toBe(MAX_FAILURES_PER_IP);
  });

  it('a burst of registrations from one address: exactly the hourly allowance is let through', async () => {
    t = await createTestApp({ env: { LOOT_SIGNUP_LIMIT_PER_HOUR: '4' } });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        requestFromPeer(t, PEER, 'POST', '/api/auth/register', {
          json: { email: `new${i}@example.com`, password: 'a long enough password' },
        }),
      ),
    );
    expect(tally(statuses(responses))).toEqual({ 201: 4, 429: 8 });
    expect(await countRows(t, 'users')).toBe(4);
  });
});

describe('Stripe event idempotency', () => {
  const STRIPE_ENV = {
    STRIPE_SECRET_KEY: 'sk_test_loot',
    STRIPE_WEBHOOK_SECRET: 'whsec_loot_test',
    STRIPE_PRICE_LIGHT: 'price_light',
  };

  it('one event delivered several times at once is applied once; the others answer "duplicate"', async () => {
    fake = await startFakeStripe();
    const clock = testClock();
    t = await createTestApp({
      env: STRIPE_ENV,
      clock,
      extraDeps: { stripe: createStripeClient({ STRIPE_SECRET_KEY: STRIPE_ENV.STRIPE_SECRET_KEY }, fake.connection) },
    });
    const { user } = await t.signIn(undefined, {
      usageCount: 4,
      usageResetDate: new Date(clock.now().getTime() + 86_400_000),
    });
    await usersRepo.update(t.db, user.id, { stripeCustomerId: 'cus_twice' });
    fake.subscriptions.set('sub_twice', {
      id: 'sub_twice',
      customer: 'cus_twice',
      status: 'active',
      priceId: 'price_light',
    });
    const event = {
      id: 'evt_twice',
      object: 'event',
      type: 'customer.subscription.updated',
      data: {
        object: {
          id: 'sub_twice',
          object: 'subscription',
          customer: 'cus_twice',
          status: 'active',
          metadata: {},
          items: { object: 'list', data: [] },
        },
      },
    };
    const payload = JSON.stringify(event);
    const header = new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({
      payload,
      secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
      timestamp: Math.floor(clock.now().getTime() / 1000),
    });
    const deliver = () =>
      Promise.resolve(
        t.app.request('/api/stripe/webhook', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': header, origin: 'https://stripe.com' },
          body: payload,
        }),
      );
    const responses = await Promise.all(Array.from({ length: 6 }, deliver));
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(200));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { duplicate?: boolean }[];
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
    expect(await countRows(t, 'stripe_events')).toBe(1);
    expect(await usersRepo.getById(t.db, user.id)).toMatchObject({ planId: 3, stripeSubscriptionId: 'sub_twice' });
  });
});

describe("a user's boards", () => {
  it('concurrent untitled creates are numbered without a clash', async () => {
    t = await createTestApp();
    const { cookie } = await t.signIn();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => t.call('POST', '/api/boards', { cookie, json: {}, headers: ORIGIN })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201));
    const titles = ((await Promise.all(responses.map((r) => r.json()))) as { title: string }[]).map((b) => b.title);
    expect(new Set(titles).size).toBe(8);
  });

  it('deleting two boards at once when only two are left: one goes, the last one stays (409)', async () => {
    t = await createTestApp();
    const { cookie, user } = await t.signIn();
    const ids: number[] = [];
    for (const title of ['One', 'Two'])
      ids.push(
        (
          (await (await t.call('POST', '/api/boards', { cookie, json: { title }, headers: ORIGIN })).json()) as {
            id: number;
          }
        ).id,
      );
    const [before] = await t.sql<{ n: number }>('select count(*) as n from boards where user_id = ?', [user.id]);
    expect(before.n).toBe(2);
    const responses = await Promise.all(
      ids.map((id) => t.call('DELETE', `/api/boards/${id}`, { cookie, headers: ORIGIN })),
    );
    expect(statuses(responses)).toEqual([200, 409]);
    const [after] = await t.sql<{ n: number }>('select count(*) as n from boards where user_id = ?', [user.id]);
    expect(after.n).toBe(1);
  });

  it('sharing from several tabs at once answers one share code', async () => {
    t = await createTestApp();
    const { cookie } = await t.signIn();
    const board = (await (
      await t.call('POST', '/api/boards', { cookie, json: { title: 'Shared' }, headers: ORIGIN })
    ).json()) as { id: number };
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.call('PATCH', `/api/boards/${board.id}`, { cookie, json: { isShared: 1 }, headers: ORIGIN }),
      ),
    );
    const codes = ((await Promise.all(responses.map((r) => r.json()))) as { shareCode: string }[]).map(
      (b) => b.shareCode,
    );
    const [stored] = await t.sql<{ share_code: string }>('select share_code from boards where id = ?', [board.id]);
    expect(codes).toEqual(Array(12).fill(stored.share_code));
  });

  it('opening one share link several times at once makes one copy', async () => {
    t = await createTestApp();
    const owner = await t.signIn();
    const board = (await (
      await t.call('POST', '/api/boards', { cookie: owner.cookie, json: { title: 'Original' }, headers: ORIGIN })
    ).json()) as { id: number };
    const { shareCode } = (await (
      await t.call('PATCH', `/api/boards/${board.id}`, { cookie: owner.cookie, json: { isShared: 1 }, headers: ORIGIN })
    ).json()) as { shareCode: string };
    const recipient = await t.signIn();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => t.call('GET', `/api/share/${shareCode}`, { cookie: recipient.cookie })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(5).fill(200));
    const opened = (await Promise.all(responses.map((r) => r.json()))) as { boardId: number; copied: boolean }[];
    expect(new Set(opened.map((o) => o.boardId)).size).toBe(1);
    expect(opened.filter((o) => o.copied)).toHaveLength(1);
    const [copies] = await t.sql<{ n: number }>('select count(*) as n from boards where user_id = ?', [
      recipient.user.id,
    ]);
    expect(copies.n).toBe(1);
  });

  it('cards and sections added while their board is deleted: each is added (then goes with the board) or answers 404, never a 500', async () => {
    t = await createTestApp();
    const { cookie } = await t.signIn();
    await t.call('POST', '/api/boards', { cookie, json: { title: 'Keep' }, headers: ORIGIN });
    for (let round = 0; round < 3; round += 1) {
      const board = (await (
        await t.call('POST', '/api/boards', { cookie, json: { title: `Going ${round}` }, headers: ORIGIN })
      ).json()) as { id: number };
      // A board of thousands of cards takes its delete a while (the undo snapshot): adds that read the board before
      // the delete commits and insert after it are what a board read without holding it lets through.
      await t.sql(
        "with recursive n(i) as (select 1 union all select i + 1 from n where i < 4000) insert into cards (board_id, title) select cast(? as integer), 'bulk' from n",
        [board.id],
      );
      const adds = Array.from({ length: 10 }, (_, i) =>
        i % 3 === 0
          ? t.call('POST', '/api/sections', {
              cookie,
              json: {
                boardId: board.id,
                title: `S${i}`,
                color: '#FDE2E4',
                position: { x: 0, y: 0 },
                size: { width: 400, height: 100 },
              },
              headers: ORIGIN,
            })
          : t.call('POST', '/api/cards', { cookie, json: { boardId: board.id, title: `C${i}` }, headers: ORIGIN }),
      );
      const [deleted, ...added] = await Promise.all([
        t.call('DELETE', `/api/boards/${board.id}`, { cookie, headers: ORIGIN }),
        ...adds,
      ]);
      expect(deleted.status).toBe(200);
      expect(added.map((r) => r.status).filter((s) => s !== 201 && s !== 404)).toEqual([]);
      const [left] = await t.sql<{ n: number }>(
        'select (select count(*) from cards where board_id = ?) + (select count(*) from sections where board_id = ?) as n',
        [board.id, board.id],
      );
      expect(Number(left.n)).toBe(0);
    }
  });

  it('undoing one deletion from several tabs at once restores the board once', async () => {
    t = await createTestApp();
    const { cookie, user } = await t.signIn();
    await t.call('POST', '/api/boards', { cookie, json: { title: 'Keep' }, headers: ORIGIN });
    const gone = (await (
      await t.call('POST', '/api/boards', { cookie, json: { title: 'Undo me' }, headers: ORIGIN })
    ).json()) as { id: number };
    expect((await t.call('DELETE', `/api/boards/${gone.id}`, { cookie, headers: ORIGIN })).status).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => t.call('POST', `/api/boards/${gone.id}/restore`, { cookie, headers: ORIGIN })),
    );
    // The others find nothing left to restore (404) or the board already back (409), depending on when they look.
    const codes = statuses(responses);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 404 || c === 409)).toBe(true);
    const [boards] = await t.sql<{ n: number }>('select count(*) as n from boards where user_id = ?', [user.id]);
    expect(boards.n).toBe(2);
  });
});
