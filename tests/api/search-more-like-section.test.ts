import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CARD_HEIGHT_HORIZONTAL, CARD_HEIGHT_VERTICAL } from '#shared/constants';
import { moreLikeSectionResponse, processQueryResponse } from '#shared/schemas/search';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** POST /api/gemini/more-like-section over the real app and the demo catalogue. */
type Row = Record<string, unknown>;

describe('POST /api/gemini/more-like-section', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ catalogue: 'demo' });
  });
  afterEach(() => t.close());

  const rows = async (sql: string, ...params: unknown[]) => (await t.sql(sql, [...params])) as Row[];
  const usage = async (userId: number) =>
    ((await t.sql('select usage_count n from users where id = ?', [userId]))[0] as { n: number }).n;

  async function boardWithSearch(cookie: string, query: string): Promise<{ boardId: number; sections: Row[] }> {
    const board = await t.call('POST', '/api/boards', { cookie, json: { title: 'Refs' } });
    const boardId = ((await board.json()) as { id: number }).id;
    const res = await t.call('POST', '/api/gemini/process', { cookie, json: { query, boardId } });
    expect(processQueryResponse.parse(await res.json()).success).toBe(true);
    return { boardId, sections: await rows('select * from sections where board_id = ? order by id', boardId) };
  }
  const more = (cookie: string | undefined, sectionId: unknown) =>
    t.call('POST', '/api/gemini/more-like-section', { cookie, json: { sectionId } });

  it('adds up to 10 new cards to that section, none already on the board, each with its reasons, and counts one search', async () => {
    const { user, cookie } = await t.signIn(undefined, { monthlyLimit: 10 });
    // "royal match" fills the board with Royal Match's screens by category; its first section is its core gameplay.
    const { boardId, sections } = await boardWithSearch(cookie, 'royal match');
    const section = sections.find((s) => s.locked !== 1)!;
    const before = await rows('select id, feature_id from cards where board_id = ?', boardId);
    const usedBefore = await usage(user.id);

    const res = await more(cookie, section.id);
    expect(res.status).toBe(200);
    const body = moreLikeSectionResponse.parse(await res.json());
    expect(body.success).toBe(true);
    expect(body.cardIds.length).toBeGreaterThan(0);
    expect(body.cardIds.length).toBeLessThanOrEqual(10);
    expect(body.message).toBe(
      `Added ${body.cardIds.length} more reference${body.cardIds.length === 1 ? '' : 's'} to “${section.title}”.`,
    );
    expect(await usage(user.id)).toBe(usedBefore + 1);

    const added = await rows(`select * from cards where id in (${body.cardIds.join(',')})`);
    const onBoard = new Set(before.map((c) => c.feature_id));
    for (const c of added) {
      expect(c.section_id).toBe(section.id);
      expect(onBoard.has(c.feature_id)).toBe(false);
      expect(JSON.parse(c.reasons as string).length).toBeGreaterThan(0);
    }
    expect(new Set(added.map((c) => c.feature_id)).size).toBe(added.length);
    // The section grew to hold its new cards, which sit below the ones it had.
    const grown = (await rows('select * from sections where id = ?', section.id))[0];
    const oldBottom = Math.max(
      ...(
        await rows(
          'select y from cards where section_id = ? and id not in (' + body.cardIds.join(',') + ')',
          section.id,
        )
      ).map((c) => c.y as number),
    );
    for (const c of added) {
      expect(c.y as number).toBeGreaterThan(oldBottom);
      const height = c.orientation === 'vertical' ? CARD_HEIGHT_VERTICAL : CARD_HEIGHT_HORIZONTAL;
      expect((c.y as number) + height).toBeLessThanOrEqual((grown.y as number) + (grown.height as number));
    }
    const query = (await rows('select * from queries where id = ?', body.queryId))[0];
    expect(query).toMatchObject({
      user_id: user.id,
      board_id: boardId,
      provider: 'offline (more like section)',
      result_count: added.length,
    });
    expect(query.text).toBe(`More like this section: ${section.title}`);

    // Run again: still never a feature the board already holds.
    const again = moreLikeSectionResponse.parse(await (await more(cookie, section.id)).json());
    const second = await rows(`select feature_id from cards where id in (${again.cardIds.join(',') || 0})`);
    const firstIds = new Set(
      (
        await rows(
          'select feature_id from cards where board_id = ? and id not in (' + (again.cardIds.join(',') || 0) + ')',
          boardId,
        )
      ).map((c) => c.feature_id),
    );
    for (const c of second) expect(firstIds.has(c.feature_id)).toBe(false);
  });

  it('answers a user who chose Russian in Russian, and records the run in Russian', async () => {
    const { cookie } = await t.signIn('ru-more@example.com', { language: 'ru', monthlyLimit: -1 });
    const { sections } = await boardWithSearch(cookie, 'royal match');
    const section = sections.find((s) => s.locked !== 1)!;
    const body = moreLikeSectionResponse.parse(await (await more(cookie, section.id)).json());
    expect(body.cardIds.length).toBeGreaterThan(0);
    expect(body.message).toMatch(/^В «.+» добавлен[о]? ещё \d+ референс(а|ов)?\.$/);
    expect(body.message).toContain(`«${section.title}» добавлен`);
    expect(body.message).toContain(`ещё ${body.cardIds.length} референс`);
    const query = (await rows('select text from queries where id = ?', body.queryId))[0];
    expect(query.text).toBe(`Ещё похожие на секцию: ${section.title}`);
  });

  it("keeps to the section's topic: its cards' tags and neighbours, each card saying so", async () => {
    const { cookie } = await t.signIn(undefined, { monthlyLimit: -1 });
    const { sections } = await boardWithSearch(cookie, 'royal match');
    expect(sections[0].title).toMatch(/^Core Gameplay/);
    const body = moreLikeSectionResponse.parse(await (await more(cookie, sections[0].id)).json());
    const added = await rows(`select tags, reasons from cards where id in (${body.cardIds.join(',') || 0})`);
    expect(added.length).toBe(10);
    for (const c of added) {
      expect(['Core Gameplay', 'Game Modes']).toContain(JSON.parse(c.tags as string)[0]);
      expect(JSON.parse(c.reasons as string).some((r: { kind: string }) => r.kind === 'tag')).toBe(true);
    }
  });

  it('says so, and counts nothing, when the catalogue has nothing more like the section', async () => {
    const { user, cookie } = await t.signIn(undefined, { monthlyLimit: -1 });
    // Every season pass of the catalogue is on the "battle pass" board already.
    const { boardId, sections } = await boardWithSearch(cookie, 'battle pass');
    const cards = (await rows('select count(*) n from cards where board_id = ?', boardId))[0].n;
    const usedBefore = await usage(user.id);
    const body = moreLikeSectionResponse.parse(await (await more(cookie, sections[0].id)).json());
    expect(body).toMatchObject({
      success: false,
      message: 'No more references like this section in the catalogue.',
      cardIds: [],
    });
    expect((await rows('select count(*) n from cards where board_id = ?', boardId))[0].n).toBe(cards);
    expect(await usage(user.id)).toBe(usedBefore);
  });

  it("a user at the limit is refused with the spec's message and nothing is written", async () => {
    const { user, cookie } = await t.signIn(undefined, { monthlyLimit: 1 });
    const { boardId, sections } = await boardWithSearch(cookie, 'gacha');
    const cards = (await rows('select count(*) n from cards where board_id = ?', boardId))[0].n;
    // An open section: the free plan's locked ones answer 404 (tested below).
    const res = await more(cookie, sections.find((s) => s.locked !== 1)!.id);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'limit_reached',
      message: 'Reached monthly limit; upgrade your plan',
    });
    expect((await rows('select count(*) n from cards where board_id = ?', boardId))[0].n).toBe(cards);
    expect(await usage(user.id)).toBe(1);
  });

  it("404 for another user's section or a missing one, 401 for a guest, 400 for a bad id", async () => {
    const owner = await t.signIn('owner@example.com', { monthlyLimit: -1 });
    const { sections } = await boardWithSearch(owner.cookie, 'gacha');
    const other = await t.signIn('other@example.com', { monthlyLimit: -1 });
    const res = await more(other.cookie, sections[0].id);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Section not found' } });
    expect((await more(other.cookie, 999_999)).status).toBe(404);
    expect((await more(undefined, sections[0].id)).status).toBe(401);
    for (const bad of [0, -1, 1.5, null, 'x']) expect((await more(owner.cookie, bad)).status).toBe(400);
    expect((await rows('select count(*) n from queries'))[0].n).toBe(1);
  });
  it('a free user cannot add to a section the plan locks: 404, nothing written, no search counted', async () => {
    const { user, cookie } = await t.signIn(undefined, { monthlyLimit: 10 });
    const { boardId, sections } = await boardWithSearch(cookie, 'starter pack offers');
    const locked = sections.find((s) => s.locked === 1);
    expect(locked).toBeDefined();
    const cardsBefore = (await rows('select id from cards where board_id = ?', boardId)).length;
    const usedBefore = await usage(user.id);
    const res = await more(cookie, locked!.id);
    expect(res.status).toBe(404);
    expect((await rows('select id from cards where board_id = ?', boardId)).length).toBe(cardsBefore);
    expect(await usage(user.id)).toBe(usedBefore);
  });
});
