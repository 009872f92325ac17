import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../api/billing/stripe-client';
import { usersRepo } from '../../api/db/repositories/users.repo';
import { PLAN_IDS } from '#shared/plans';
import { teamImpact } from '#shared/schemas/billing';
import { liveUserNews } from '#shared/schemas/live';
import { upgradeRequestAnswer } from '#shared/schemas/board-members';
import { UPGRADE_ASK_WINDOW_MS } from '../../api/services/team-plan.service';
import { startFakeStripe } from '../helpers/fake-stripe';
import { openCaughtUpStream, SseReader, type SseEvent } from '../helpers/sse-reader';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';
import { addMember, expectJson, seedUserBoard } from './fixtures/board-api';

/**
 * Plan changes know about the team: what a move to another plan costs the people on the owner's boards, a member
 * asking the owner to upgrade (mailed, told to the owner's open board, once a day), and every open screen of the
 * owner's boards hearing that the section lock came or went.
 */
describe('plans and the team on the owner’s boards', () => {
  let t: TestApp;
  let inbox: SmtpInbox;
  const readers: SseReader[] = [];
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(() => inbox.close());
  afterEach(async () => {
    await Promise.all(readers.splice(0).map((r) => r.close()));
    await t?.close();
  });

  const ORIGIN = { origin: 'http://localhost' };
  const stream = (boardId: number, cookie: string) => openCaughtUpStream(t, boardId, cookie, readers);
  /** The user stream of a page that shows no board (the plan page). */
  const userStream = async (cookie: string) => {
    const res = await t.call('GET', '/api/current-user/events', { cookie });
    expect(res.status).toBe(200);
    const reader = new SseReader(res.body!);
    readers.push(reader);
    await reader.next('ready');
    return reader;
  };
  const upgradeAsked = (e: SseEvent) => e.event === 'user' && JSON.parse(e.data).news === 'upgradeAsked';
  const setPlan = (cookie: string, planId: number) =>
    expectJson(t, 'PATCH', '/api/user/plan', 200, { cookie, json: { planId } });
  const impact = async (cookie: string, planId: number) =>
    teamImpact.parse(await expectJson(t, 'GET', `/api/billing/team-impact?planId=${planId}`, 200, { cookie }));

  async function addSections(cookie: string, boardId: number, titles: string[]) {
    for (const title of titles) {
      const section = await expectJson(t, 'POST', '/api/sections', 201, {
        cookie,
        json: { boardId, title, color: '#FDE2E4' },
      });
      await expectJson(t, 'POST', '/api/cards', 201, { cookie, json: { boardId, sectionId: section.id, title } });
    }
  }
  const lockedOn = async (boardIds: number[]) =>
    Number(
      (
        await t.sql<{ n: number }>(
          `select count(*) n from sections where locked = 1 and board_id in (${boardIds.map(() => '?').join(',')})`,
          boardIds,
        )
      )[0].n,
    );

  /** Olive (Basic) with a board of six sections and Vic, a viewer on it; Olive then moves to Free. */
  async function freeOwnerWithViewer() {
    await t.signIn('olive@example.com', { firstName: 'Olive' });
    const owner = await seedUserBoard(t, 'olive@example.com');
    await setPlan(owner.cookie, PLAN_IDS.basic);
    await addSections(owner.cookie, owner.board.id, ['Offers', 'Events', 'Battle pass', 'Rewards', 'Shop tabs']);
    await t.signIn('vic@example.com', { firstName: 'Vic' });
    const vic = await addMember(t, owner.board.id, owner.cookie, { email: 'vic@example.com', role: 'viewer' });
    await setPlan(owner.cookie, PLAN_IDS.free);
    expect(await lockedOn([owner.board.id])).toBeGreaterThan(0);
    return { owner, vic };
  }

  it('the team impact of a move counts the people on the owner’s boards and the sections Free would lock there, as the move then locks them', async () => {
    t = await createTestApp();
    const owner = await seedUserBoard(t, 'olive@example.com');
    await setPlan(owner.cookie, PLAN_IDS.light);
    await addSections(owner.cookie, owner.board.id, ['Offers', 'Events', 'Battle pass', 'Rewards', 'Shop tabs']);
    const second = await expectJson(t, 'POST', '/api/boards', 201, {
      cookie: owner.cookie,
      json: { title: 'Second board' },
    });
    await addSections(owner.cookie, second.id, ['Daily deals', 'Starter packs', 'Piggy banks']);
    // A board nobody else is on is not the team's: its sections are not counted.
    const solo = await expectJson(t, 'POST', '/api/boards', 201, { cookie: owner.cookie, json: { title: 'Solo' } });
    await addSections(owner.cookie, solo.id, ['A', 'B', 'C', 'D']);
    // Before anyone joins, nobody loses anything.
    expect(await impact(owner.cookie, PLAN_IDS.free)).toEqual({
      planId: PLAN_IDS.free,
      members: 0,
      boards: 0,
      lockedSections: 0,
      overLimitBoards: 0,
    });
    const sam = await addMember(t, owner.board.id, owner.cookie, { email: 'sam@example.com', role: 'editor' });
    await addMember(t, owner.board.id, owner.cookie, { email: 'vic@example.com', role: 'viewer' });
    await addMember(t, owner.board.id, owner.cookie, { email: 'kim@example.com', role: 'viewer' });
    await addMember(t, second.id, owner.cookie, { email: 'sam@example.com', role: 'viewer' });

    // Basic allows 3 people per board: the first board has 4 (the owner too); nothing is locked on a paid plan.
    expect(await impact(owner.cookie, PLAN_IDS.basic)).toEqual({
      planId: PLAN_IDS.basic,
      members: 3,
      boards: 2,
      lockedSections: 0,
      overLimitBoards: 1,
    });
    const toFree = await impact(owner.cookie, PLAN_IDS.free);
    expect(toFree).toMatchObject({ planId: PLAN_IDS.free, members: 3, boards: 2, overLimitBoards: 2 });
    expect(toFree.lockedSections).toBeGreaterThan(0);
    // Asking changed nothing; the move then locks exactly what was said.
    expect(await lockedOn([owner.board.id, second.id])).toBe(0);
    await setPlan(owner.cookie, PLAN_IDS.free);
    expect(await lockedOn([owner.board.id, second.id])).toBe(toFree.lockedSections);
    // A member's own plan has no team of theirs to count.
    expect(await impact(sam.cookie, PLAN_IDS.free)).toMatchObject({ members: 0, boards: 0, lockedSections: 0 });

    // Refusals: a guest, no such plan, not a plan id, another parameter.
    await expectJson(t, 'GET', '/api/billing/team-impact?planId=1', 401);
    for (const query of ['planId=999', 'planId=abc', 'planId=0', 'planId=1&x=2', ''])
      await expectJson(t, 'GET', `/api/billing/team-impact?${query}`, 400, { cookie: owner.cookie });
  });

  it("a member asks the owner of a free board to upgrade: the owner is mailed and every open page of theirs told, the board's or another; once a day; never the owner, a stranger or a bad request", async () => {
    const clock = testClock();
    t = await createTestApp({
      clock,
      env: { LOOT_SMTP_URL: inbox.url, LOOT_MAIL_FROM: 'Loot Test <loot@example.com>' },
    });
    const { owner, vic } = await freeOwnerWithViewer();
    const ownerStream = await stream(owner.board.id, owner.cookie);
    const ownerPlanPage = await userStream(owner.cookie);
    const vicStream = await stream(owner.board.id, vic.cookie);
    const url = `/api/boards/${owner.board.id}/upgrade-request`;
    const mailsToOwner = () => inbox.mails.filter((m) => m.to.includes('olive@example.com'));

    const answer = upgradeRequestAnswer.parse(await expectJson(t, 'POST', url, 201, { cookie: vic.cookie, json: {} }));
    expect(answer).toEqual({ sent: true, ownerName: 'Olive' });
    const asked = { news: 'upgradeAsked', boardId: owner.board.id, boardTitle: 'Main Board', name: 'Vic' };
    for (const page of [ownerStream, ownerPlanPage])
      expect(liveUserNews.parse(JSON.parse((await page.next(upgradeAsked)).data))).toMatchObject(asked);
    const mail = await inbox.next('olive@example.com', (m) => m.subject.includes('Main Board'));
    expect(mail.subject).toContain('Vic');
    expect(mail.body).toContain('Vic (vic@example.com)');
    expect(mail.links.map((l) => new URL(l).pathname)).toContain('/billing');

    // Again the same day: 429 with Retry-After, nothing mailed.
    const limited = await t.call('POST', url, { cookie: vic.cookie, json: {}, headers: ORIGIN });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner's own board keeps the owner's own upgrade; a stranger learns nothing of the board; bad requests.
    await expectJson(t, 'POST', url, 409, { cookie: owner.cookie, json: {} });
    const stranger = await t.signIn('stranger@example.com');
    await expectJson(t, 'POST', url, 404, { cookie: stranger.cookie, json: {} });
    await expectJson(t, 'POST', url, 401, { json: {} });
    await expectJson(t, 'POST', url, 400, { cookie: vic.cookie, json: { note: 'please' } });
    await expectJson(t, 'POST', '/api/boards/abc/upgrade-request', 400, { cookie: vic.cookie, json: {} });

    // A day later Vic may ask again.
    clock.advance(UPGRADE_ASK_WINDOW_MS);
    await expectJson(t, 'POST', url, 201, { cookie: vic.cookie, json: {} });
    expect(JSON.parse((await ownerStream.next(upgradeAsked)).data)).toMatchObject(asked);
    await inbox.next('olive@example.com', () => mailsToOwner().length >= 2);
    expect(mailsToOwner()).toHaveLength(2);

    // The owner upgrades: both screens hear it (Vic's never heard the ask); with nothing locked, asking is a 409.
    await setPlan(owner.cookie, PLAN_IDS.basic);
    const vicEvents = await vicStream.until('plan');
    expect(vicEvents.filter(upgradeAsked)).toEqual([]);
    expect(JSON.parse(vicEvents.at(-1)!.data)).toEqual({ locksSections: false });
    clock.advance(UPGRADE_ASK_WINDOW_MS);
    await expectJson(t, 'POST', url, 409, { cookie: vic.cookie, json: {} });
    expect(mailsToOwner()).toHaveLength(2);
  });

  it('the owner’s plan change reaches every open screen of their boards when the lock comes or goes, and the member’s board follows', async () => {
    t = await createTestApp();
    const { owner, vic } = await freeOwnerWithViewer();
    const lockedIds = async () =>
      (
        await expectJson<{ id: number; locked?: boolean }[]>(t, 'GET', `/api/sections?boardId=${owner.board.id}`, 200, {
          cookie: vic.cookie,
        })
      )
        .filter((s) => s.locked)
        .map((s) => s.id)
        .sort((a, b) => a - b);
    const lockedBefore = await lockedIds();
    expect(lockedBefore.length).toBeGreaterThan(0);
    const vicStream = await stream(owner.board.id, vic.cookie);
    const ownerStream = await stream(owner.board.id, owner.cookie);

    await setPlan(owner.cookie, PLAN_IDS.basic);
    expect(JSON.parse((await vicStream.next('plan')).data)).toEqual({ locksSections: false });
    expect(JSON.parse((await ownerStream.next('plan')).data)).toEqual({ locksSections: false });
    expect(await lockedIds()).toEqual([]);

    // Between paid plans the lock stays off and nothing is said: the next word Vic hears is the move back to Free.
    await setPlan(owner.cookie, PLAN_IDS.light);
    await setPlan(owner.cookie, PLAN_IDS.free);
    expect(JSON.parse((await vicStream.next('plan')).data)).toEqual({ locksSections: true });
    expect(await lockedIds()).toEqual(lockedBefore);
  });

  it('a plan written by a Stripe webhook reaches the member’s open board the same way', async () => {
    const env = {
      STRIPE_SECRET_KEY: 'sk_test_loot',
      STRIPE_WEBHOOK_SECRET: 'whsec_loot_test',
      STRIPE_PRICE_BASIC: 'price_basic',
      STRIPE_PRICE_LIGHT: 'price_light',
      STRIPE_PRICE_PRO: 'price_pro',
    };
    const fake = await startFakeStripe();
    try {
      const clock = testClock();
      const stripe = createStripeClient({ STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY }, fake.connection);
      t = await createTestApp({ env, clock, extraDeps: { stripe } });
      const owner = await seedUserBoard(t, 'olive@example.com');
      await usersRepo.update(t.db, owner.user.id, {
        stripeCustomerId: 'cus_olive',
        stripeSubscriptionId: 'sub_olive',
        planId: PLAN_IDS.light,
        monthlyLimit: 150,
      });
      const now = Math.floor(clock.now().getTime() / 1000);
      fake.subscriptions.set('sub_olive', {
        id: 'sub_olive',
        customer: 'cus_olive',
        status: 'active',
        priceId: 'price_light',
        itemId: 'si_olive',
        currentPeriodStart: now - 86_400,
        currentPeriodEnd: now + 29 * 86_400,
      });
      await addSections(owner.cookie, owner.board.id, ['Offers', 'Events', 'Battle pass', 'Rewards', 'Shop tabs']);
      const vic = await addMember(t, owner.board.id, owner.cookie, { email: 'vic@example.com', role: 'viewer' });
      const vicStream = await stream(owner.board.id, vic.cookie);
      const webhook = (id: string, type: string) => {
        const payload = JSON.stringify({
          id,
          object: 'event',
          type,
          data: { object: { id: 'sub_olive', object: 'subscription', customer: 'cus_olive', metadata: {} } },
        });
        const header = new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({
          payload,
          secret: env.STRIPE_WEBHOOK_SECRET,
          timestamp: Math.floor(clock.now().getTime() / 1000),
        });
        return expectJson(t, 'POST', '/api/stripe/webhook', 200, {
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          json: JSON.parse(payload),
        });
      };

      // The subscription ends: Stripe's word returns the owner to Free, and Vic's board locks.
      fake.subscriptions.get('sub_olive')!.status = 'canceled';
      await webhook('evt_deleted', 'customer.subscription.deleted');
      expect(JSON.parse((await vicStream.next('plan')).data)).toEqual({ locksSections: true });
      expect(await lockedOn([owner.board.id])).toBeGreaterThan(0);
      // A new subscription on Basic: the lock goes.
      Object.assign(fake.subscriptions.get('sub_olive')!, { status: 'active', priceId: 'price_basic' });
      await webhook('evt_updated', 'customer.subscription.updated');
      expect(JSON.parse((await vicStream.next('plan')).data)).toEqual({ locksSections: false });
      expect(await lockedOn([owner.board.id])).toBe(0);
    } finally {
      await fake.close();
    }
  });
});
