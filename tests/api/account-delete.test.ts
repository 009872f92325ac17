import { strFromU8, unzipSync } from 'fflate';
import { PLAN_IDS } from '#shared/plans';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../api/billing/stripe-client';
import { RECENT_SIGN_IN_MS } from '../../api/services/account-deletion.service';
import { hashPassword } from '../../api/services/auth.service';
import { keysOf } from '../../api/services/own-images.service';
import { sessionCookieFrom } from '../helpers/auth-requests';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { startS3Server, type TestS3 } from '../helpers/s3-server';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';
import { addMember, expectJson, seedUserBoard } from './fixtures/board-api';
import { solidPng, upload } from './fixtures/own-images';

const PASSWORD = 'lantern-quiet-93';
const ORIGIN = { origin: 'http://localhost' };
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_loot', STRIPE_WEBHOOK_SECRET: 'whsec_loot_test' };

let fake: FakeStripe;
let s3: TestS3;
beforeAll(async () => {
  fake = await startFakeStripe();
  s3 = await startS3Server();
});
afterAll(async () => {
  await fake.close();
  await s3.close();
});

let t: TestApp;
afterEach(() => t?.close());

async function app(storage: 'local' | 's3', clock = testClock()) {
  const stripe = createStripeClient({ STRIPE_SECRET_KEY: STRIPE_ENV.STRIPE_SECRET_KEY }, fake.connection);
  const prefix = `acct-${Math.random().toString(36).slice(2, 8)}`;
  return await createTestApp({
    clock,
    env: { ...STRIPE_ENV, ...(storage === 's3' ? s3.env(prefix) : {}) },
    extraDeps: { stripe },
  });
}

/** A Pro account with a password, a board with a section, two cards and an uploaded image. */
async function seedAccount(t: TestApp, email = `owner-${Math.random().toString(36).slice(2, 8)}@example.com`) {
  const seeded = await seedUserBoard(t, email);
  await t.sql('update users set password_hash = ?, plan_id = ?, monthly_limit = -1 where id = ?', [
    await hashPassword(PASSWORD),
    PLAN_IDS.pro,
    seeded.user.id,
  ]);
  const res = await upload(t, `/api/boards/${seeded.board.id}/images`, {
    cookie: seeded.cookie,
    file: await solidPng(120, 90, '#3a7'),
    name: 'stall.png',
  });
  expect(res.status).toBe(201);
  const imageUrl: string = (await res.json()).images[0];
  return { ...seeded, imageUrl, email };
}

const del = (t: TestApp, cookie: string, json: unknown = {}) =>
  t.call('DELETE', '/api/account', { cookie, json, headers: ORIGIN });

const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

/** Rows anywhere that still name the user, table by table (every table with a user_id column, and users). */
async function rowsOf(t: TestApp, userId: number, boardIds: number[]) {
  const tables = [
    'sessions',
    'boards',
    'board_members',
    'card_bookmarks',
    'own_images',
    'queries',
    'account_tokens',
    'deleted_boards',
    'feedback',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables)
    counts[table] = Number(
      (await t.sql<{ n: number }>(`select count(*) as n from ${table} where user_id = ?`, [userId]))[0].n,
    );
  counts.users = Number((await t.sql<{ n: number }>('select count(*) as n from users where id = ?', [userId]))[0].n);
  for (const table of ['cards', 'sections', 'board_changes', 'board_content_versions', 'board_invitations']) {
    let n = 0;
    for (const id of boardIds)
      n += Number((await t.sql<{ n: number }>(`select count(*) as n from ${table} where board_id = ?`, [id]))[0].n);
    counts[table] = n;
  }
  return counts;
}

describe('download my data', () => {
  it('streams a zip of every owned board (brief and JSON) and the own images, for the owner only', async () => {
    t = await app('local');
    const owner = await seedAccount(t);
    const second = await expectJson(t, 'POST', '/api/boards', 201, {
      cookie: owner.cookie,
      json: { title: 'Ideas: shops / events' },
    });
    // Someone else's board the owner is a member of is not theirs to take away.
    const other = await seedUserBoard(t);
    await t.sql('update users set plan_id = ? where id = ?', [PLAN_IDS.pro, other.user.id]);
    await expectJson(t, 'POST', '/api/cards', 201, {
      cookie: other.cookie,
      json: { boardId: other.board.id, title: 'Not mine to export' },
    });
    await addMember(t, other.board.id, other.cookie, { email: owner.email, role: 'editor' });

    expect((await t.call('GET', '/api/account/data')).status).toBe(401);
    const res = await t.call('GET', '/api/account/data', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="loot-data-\d{4}-\d{2}-\d{2}\.zip"/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const names = Object.keys(files).sort();
    const sha = owner.imageUrl.split('/').pop()!;
    const mainFolder = `boards/${owner.board.id}-Main-Board`;
    const secondFolder = `boards/${second.id}-Ideas-shops-events`;
    expect(names).toEqual(
      [
        'account.json',
        `${mainFolder}/board.json`,
        `${mainFolder}/brief.md`,
        `${secondFolder}/board.json`,
        `${secondFolder}/brief.md`,
        `images/${sha}`,
      ].sort(),
    );

    const account = JSON.parse(strFromU8(files['account.json']));
    expect(account.account.email).toBe(owner.email);
    expect(account.boards).toEqual([
      { id: owner.board.id, title: 'Main Board', folder: mainFolder },
      { id: second.id, title: 'Ideas: shops / events', folder: secondFolder },
    ]);
    expect(account.images).toEqual([expect.objectContaining({ file: `images/${sha}`, width: 120, height: 90 })]);

    const board = JSON.parse(strFromU8(files[`${mainFolder}/board.json`]));
    expect(board.board.title).toBe('Main Board');
    expect(board.sections.map((s: { title: string }) => s.title)).toEqual(['Shops']);
    expect(board.cards.map((c: { title: string }) => c.title).sort()).toEqual(
      ['Daily offer', 'Loose card', 'stall'].sort(),
    );
    const inSection = board.cards.find((c: { title: string }) => c.title === 'Daily offer');
    expect(inSection).toMatchObject({ sectionId: owner.section.id, tags: ['Shop'] });

    const brief = strFromU8(files[`${mainFolder}/brief.md`]);
    expect(brief).toMatch(/^# Main Board\n/);
    expect(brief).toContain('## Shops');
    expect(brief).toContain('Daily offer');
    // The own image is the zip's own file; a catalogue image stays a link to this server.
    expect(brief).toContain(`](../../images/${sha})`);
    expect(brief).toContain('](<http://localhost/api/storage/a.png>)');

    const stored = await t.deps.storage.store.get(owner.imageUrl.replace('/api/storage/', ''));
    expect(Buffer.from(files[`images/${sha}`]).equals(stored!.data)).toBe(true);
    expect(JSON.stringify(Object.values(files).map((f) => strFromU8(f, true)))).not.toContain('Not mine to export');
  });
});

describe.each(['local', 's3'] as const)('delete my account (%s storage)', (storage) => {
  it('asks for the password, then leaves nothing of the account readable', async () => {
    t = await app(storage);
    const owner = await seedAccount(t);
    fake.subscriptions.set(`sub_del_${owner.user.id}_${storage}`, {
      id: `sub_del_${owner.user.id}_${storage}`,
      customer: `cus_del_${owner.user.id}`,
      status: 'active',
      priceId: 'price_pro',
    });
    await t.sql('update users set stripe_customer_id = ?, stripe_subscription_id = ? where id = ?', [
      `cus_del_${owner.user.id}_${storage}`,
      `sub_del_${owner.user.id}_${storage}`,
      owner.user.id,
    ]);
    // A member of the owner's board, and a board of someone else the owner is a member of.
    const member = await addMember(t, owner.board.id, owner.cookie, {
      email: `member-${owner.user.id}@example.com`,
      role: 'editor',
    });
    const other = await seedUserBoard(t);
    await t.sql('update users set plan_id = ? where id = ?', [PLAN_IDS.pro, other.user.id]);
    await addMember(t, other.board.id, other.cookie, { email: owner.email, role: 'editor' });
    // A card the owner adds to the other board: its change names them as its author.
    await expectJson(t, 'POST', '/api/cards', 201, {
      cookie: owner.cookie,
      json: { boardId: other.board.id, title: 'Added by the leaver' },
    });
    const authored = () =>
      t.sql<{ change: string }>('select change from board_changes where board_id = ? and user_id = ?', [
        other.board.id,
        owner.user.id,
      ]);
    expect((await authored()).some((row) => row.change.includes(owner.user.firstName!))).toBe(true);
    // The owner's bookmark of a card on the other board.
    const otherCard = (
      await expectJson(t, 'GET', `/api/cards?boardId=${other.board.id}`, 200, { cookie: owner.cookie })
    )[0];
    expect(
      (await t.call('PATCH', `/api/cards/${otherCard.id}/bookmark`, { cookie: owner.cookie, headers: ORIGIN })).status,
    ).toBe(200);
    // A second session of the owner (another browser).
    const login = await t.call('POST', '/api/auth/login', {
      json: { email: owner.email, password: PASSWORD },
      headers: ORIGIN,
    });
    expect(login.status).toBe(200);
    const otherBrowser = sessionCookieFrom(login)!;
    const imageKeys = keysOf(owner.imageUrl);
    for (const key of imageKeys) expect(await t.deps.storage.store.has(key)).toBe(true);
    const before = await rowsOf(t, owner.user.id, [owner.board.id]);
    const cancelsBefore = fake.requests.filter((r) => r.method === 'DELETE').length;

    // No password, a wrong one, a malformed body: refused, nothing written, Stripe not called.
    expect((await del(t, owner.cookie)).status).toBe(400);
    const wrong = await del(t, owner.cookie, { password: 'not-the-password' });
    expect([wrong.status, await errorCode(wrong)]).toEqual([403, 'wrong_password']);
    expect((await del(t, owner.cookie, { password: PASSWORD, extra: 1 })).status).toBe(400);
    expect((await t.call('DELETE', '/api/account', { json: { password: PASSWORD }, headers: ORIGIN })).status).toBe(
      401,
    );
    expect(await rowsOf(t, owner.user.id, [owner.board.id])).toEqual(before);
    expect(fake.requests.filter((r) => r.method === 'DELETE').length).toBe(cancelsBefore);

    const res = await del(t, owner.cookie, { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(res.headers.get('set-cookie')).toMatch(/loot_session=;/);

    // Stripe was told to end the subscription now.
    const cancel = fake.requests.filter((r) => r.method === 'DELETE').slice(cancelsBefore);
    expect(cancel.map((r) => r.path)).toEqual([`/v1/subscriptions/sub_del_${owner.user.id}_${storage}`]);
    expect(fake.subscriptions.get(`sub_del_${owner.user.id}_${storage}`)!.status).toBe('canceled');

    // Sign-in refused; both sessions dead.
    const again = await t.call('POST', '/api/auth/login', {
      json: { email: owner.email, password: PASSWORD },
      headers: ORIGIN,
    });
    expect(again.status).toBe(401);
    for (const cookie of [owner.cookie, otherBrowser])
      expect((await t.call('GET', '/api/current-user', { cookie })).status).toBe(401);

    // The member's list no longer has the board, and the board answers 404 to them.
    const memberBoards = await expectJson(t, 'GET', '/api/boards', 200, { cookie: member.cookie });
    expect(memberBoards.map((b: { id: number }) => b.id)).not.toContain(owner.board.id);
    expect((await t.call('GET', `/api/cards?boardId=${owner.board.id}`, { cookie: member.cookie })).status).toBe(404);
    // The other owner's board no longer lists them as a member.
    const members = await expectJson(t, 'GET', `/api/boards/${other.board.id}/members`, 200, { cookie: other.cookie });
    expect(JSON.stringify(members)).not.toContain(owner.email);

    // The image and its variants are gone from storage (folder or bucket), and not served.
    for (const key of imageKeys) expect(await t.deps.storage.store.has(key)).toBe(false);
    expect(await t.deps.storage.store.list('own')).toEqual([]);
    expect((await t.call('GET', owner.imageUrl, { cookie: member.cookie })).status).toBe(404);

    // Their change on the other board stays (the board keeps its history) without their name.
    const kept = await authored();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.some((row) => row.change.includes(owner.user.firstName!) || row.change.includes('"author"'))).toBe(
      false,
    );
    expect(
      (await expectJson(t, 'GET', `/api/cards?boardId=${other.board.id}`, 200, { cookie: other.cookie })).map(
        (c: { title: string }) => c.title,
      ),
    ).toContain('Added by the leaver');

    // No row names them.
    const after = await rowsOf(t, owner.user.id, [owner.board.id]);
    expect(after).toEqual(Object.fromEntries(Object.keys(after).map((table) => [table, 0])));
    expect(
      Number((await t.sql<{ n: number }>('select count(*) as n from users where email = ?', [owner.email]))[0].n),
    ).toBe(0);
  });
});

describe('delete my account: the rest', () => {
  it('asks an account without a password for a sign-in made in the last 10 minutes', async () => {
    const clock = testClock();
    t = await app('local', clock);
    const { user, cookie } = await t.signIn();
    clock.advance(RECENT_SIGN_IN_MS + 1000);
    const stale = await del(t, cookie);
    expect([stale.status, await errorCode(stale)]).toEqual([403, 'recent_sign_in_required']);
    expect(Number((await t.sql<{ n: number }>('select count(*) as n from users where id = ?', [user.id]))[0].n)).toBe(
      1,
    );
    // A fresh sign-in (a new session) may.
    const fresh = await t.signIn(user.email);
    expect((await del(t, fresh.cookie)).status).toBe(200);
    expect((await t.call('GET', '/api/current-user', { cookie: fresh.cookie })).status).toBe(401);
  });

  it('keeps an image file another account also uploaded', async () => {
    t = await app('local');
    const a = await seedAccount(t);
    const b = await seedAccount(t);
    // The same picture, uploaded by both: one stored file, two rows.
    expect(b.imageUrl).toBe(a.imageUrl);
    expect((await del(t, a.cookie, { password: PASSWORD })).status).toBe(200);
    for (const key of keysOf(a.imageUrl)) expect(await t.deps.storage.store.has(key)).toBe(true);
    expect((await t.call('GET', b.imageUrl, { cookie: b.cookie })).status).toBe(200);
  });

  it('deletes nothing when Stripe cannot cancel the subscription', async () => {
    t = await app('local');
    const owner = await seedAccount(t);
    // A subscription whose cancellation Stripe answers with a server error.
    fake.subscriptions.set(`sub_fails_${owner.user.id}`, {
      id: `sub_fails_${owner.user.id}`,
      customer: `cus_fails_${owner.user.id}`,
      status: 'active',
      priceId: 'price_pro',
      cancelFails: true,
    });
    await t.sql('update users set stripe_subscription_id = ? where id = ?', [
      `sub_fails_${owner.user.id}`,
      owner.user.id,
    ]);
    const res = await del(t, owner.cookie, { password: PASSWORD });
    expect(res.status).toBe(502);
    expect((await t.call('GET', '/api/current-user', { cookie: owner.cookie })).status).toBe(200);
    for (const key of keysOf(owner.imageUrl)) expect(await t.deps.storage.store.has(key)).toBe(true);
  });
});
