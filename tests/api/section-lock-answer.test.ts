import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKED_SECTION_FRACTION } from '#shared/constants';
import { translatorFor } from '#shared/messages/translator';
import { processQueryResponse, type ProcessQueryResponse } from '#shared/schemas/search';
import { createTestApp, type TestApp } from '../helpers/test-app';

type Section = { id: number; title: string; locked: boolean };
type Content = { total: number; rows: unknown[][]; sections: Section[] };
const ORIGIN = { origin: 'http://localhost' };

/** The spec's share (accounts §4: about 55 %, at least one open) of a batch of n sections. */
const lockShare = (n: number) => Math.min(n - 1, Math.max(1, Math.round(n * LOCKED_SECTION_FRACTION)));

/**
 * A free user's query, through HTTP on the demo catalogue: the section that answers it (the first by relevance,
 * the one the answer's sentence names) is never locked; the plan's share of locked sections comes from the others,
 * and the answer says how many. Decided in the write and stored, so renames and a share copy keep it.
 */
describe("a free user's answer is never locked", () => {
  let t: TestApp;
  let free: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp({ catalogue: 'demo' });
    free = await t.signIn(undefined, { monthlyLimit: -1 });
  });
  afterAll(() => t.close());

  const content = async (cookie: string, boardId: number): Promise<Content> =>
    (await t.call('GET', `/api/boards/${boardId}/content`, { cookie })).json();

  /** A new "Untitled" board (it takes the query's name, as a first search's board does) and the query's answer. */
  async function ask(
    cookie: string,
    query: string,
    headers: Record<string, string> = {},
  ): Promise<{ boardId: number; answer: ProcessQueryResponse; page: Content }> {
    const board = await (await t.call('POST', '/api/boards', { cookie, json: { title: 'Untitled' } })).json();
    const res = await t.call('POST', '/api/gemini/process', { cookie, json: { query, boardId: board.id }, headers });
    expect(res.status).toBe(200);
    const answer = processQueryResponse.parse(await res.json());
    expect(answer.success).toBe(true);
    return { boardId: board.id, answer, page: await content(cookie, board.id) };
  }

  /** The sections in the order the answer ranked them (they are inserted in that order). */
  const byRelevance = (page: Content) => [...page.sections].sort((a, b) => a.id - b.id);

  it.each(['Starter Pack in Match-3', 'pvp modes in puzzle games', 'battle pass', 'piggy bank in casino games'])(
    '"%s": the first section is open, the share is taken from the others, the answer counts them',
    async (query) => {
      const { answer, page } = await ask(free.cookie, query);
      const sections = byRelevance(page);
      expect(sections.length).toBeGreaterThanOrEqual(2);
      const [first, ...others] = sections;
      expect(first.locked).toBe(false);
      const locked = others.filter((s) => s.locked);
      expect(locked).toHaveLength(lockShare(sections.length));
      // The answer's own cards are on the board for this user.
      expect(page.rows.some((row) => row[1] === first.id)).toBe(true);
      const clause = `${locked.length} more section${locked.length === 1 ? ' is' : 's are'} in Premium.`;
      expect(answer.message.endsWith(`; ${clause}`)).toBe(true);
      // The panel's sentence: the scope's own, when the query names one, else the clause alone.
      expect(answer.notice).toMatch(new RegExp(`(^|; )${clause.replace('.', '\\.')}$`, 'i'));
    },
  );

  it('"Starter Pack in Match-3": the panel names the open first section and the locked rest', async () => {
    const { answer, page } = await ask(free.cookie, 'Starter Pack in Match-3');
    const [first, ...others] = byRelevance(page);
    expect(first.title).toMatch(/^\d+ Starter Packs matches in Match-3 games$/);
    const found = page.rows.filter((row) => row[1] === first.id).length;
    // What comes after the answer counts only the cards this user sees.
    const after = page.rows.length - found;
    const locked = others.filter((s) => s.locked).length;
    expect(answer.notice).toBe(
      `${found} Starter Packs matches in Match-3 games, first on the board` +
        (after > 0 ? `; ${after} more after them, in sections that say what they are` : '') +
        `; ${locked} more sections are in Premium.`,
    );
  });

  it('keeps the decision through renames of the board and of the answer, and a share copy carries it', async () => {
    const { boardId, page } = await ask(free.cookie, 'Starter Pack in Match-3');
    const lockedBefore = page.sections.filter((s) => s.locked).map((s) => s.id);
    const firstId = byRelevance(page)[0].id;
    for (const [round, title] of ['Starter packs', 'Offers', 'zzz', 'Starter Pack in Match-3 again'].entries()) {
      const board = await t.call('PATCH', `/api/boards/${boardId}`, {
        cookie: free.cookie,
        json: { title },
        headers: ORIGIN,
      });
      expect(board.status).toBe(200);
      const section = await t.call('PATCH', `/api/sections/${firstId}`, {
        cookie: free.cookie,
        json: { title: `${title} ${round}` },
        headers: ORIGIN,
      });
      expect(section.status).toBe(200);
      const now = await content(free.cookie, boardId);
      expect(now.sections.filter((s) => s.locked).map((s) => s.id)).toEqual(lockedBefore);
      expect(now.total).toBe(page.total);
    }

    const shared = await t.call('PATCH', `/api/boards/${boardId}`, {
      cookie: free.cookie,
      json: { isShared: 1 },
      headers: ORIGIN,
    });
    const { shareCode } = await shared.json();
    const recipient = await t.signIn();
    const copy = await t.call('GET', `/api/share/${shareCode}`, { cookie: recipient.cookie });
    expect(copy.status).toBe(200);
    const copied = byRelevance(await content(recipient.cookie, (await copy.json()).boardId));
    expect(copied.map((s) => s.locked)).toEqual(byRelevance(page).map((s) => s.locked));
    expect(copied[0].locked).toBe(false);
  });

  it('on a paid plan nothing is locked and the answer says nothing of Premium', async () => {
    const paid = await t.signIn(undefined, { monthlyLimit: -1, planId: 3 });
    const { answer, page } = await ask(paid.cookie, 'Starter Pack in Match-3');
    expect(page.sections.every((s) => !s.locked)).toBe(true);
    expect(answer.message).not.toContain('Premium');
    expect(answer.notice ?? '').not.toContain('Premium');
  });

  it("speaks the user's language: Russian plural forms for a Russian browser", async () => {
    const { answer, page } = await ask(free.cookie, 'battle pass', { 'accept-language': 'ru-RU,ru;q=0.9' });
    const count = page.sections.filter((s) => s.locked).length;
    const form = count % 10 === 1 && count % 100 !== 11 ? 'секция доступна' : 'секции доступны';
    expect(count).toBeLessThan(5);
    expect(answer.notice).toBe(`Ещё ${count} ${form} в Premium.`);
    const t_ = translatorFor('ru', 'board');
    expect(t_('searchAnswer.premiumSections', { count: 1 })).toBe('ещё 1 секция доступна в Premium');
    expect(t_('searchAnswer.premiumSections', { count: 3 })).toBe('ещё 3 секции доступны в Premium');
    expect(t_('searchAnswer.premiumSections', { count: 5 })).toBe('ещё 5 секций доступно в Premium');
    expect(t_('searchAnswer.premiumSections', { count: 21 })).toBe('ещё 21 секция доступна в Premium');
  });
});
