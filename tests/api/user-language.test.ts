import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The user's interface language is kept with the account (PATCH /api/current-user), and the
 * exports (PDF reference pack, Markdown brief) are made in it; a user who never chose follows the browser's
 * Accept-Language, English when it names none we speak.
 */
describe('the user language and the exports made in it', () => {
  let t: TestApp;
  let cookie: string;
  let boardId: number;

  const post = async (url: string, json: unknown) => (await t.call('POST', url, { cookie, json })).json();
  const setLanguage = (language: unknown, who = cookie) =>
    t.call('PATCH', '/api/current-user', { cookie: who, json: { language } });
  const currentLanguage = async () => (await (await t.call('GET', '/api/current-user', { cookie })).json()).language;

  async function brief(headers: Record<string, string> = {}): Promise<string> {
    const res = await t.call('GET', `/api/boards/${boardId}/export?format=md`, { cookie, headers });
    expect(res.status).toBe(200);
    return strFromU8(unzipSync(new Uint8Array(await res.arrayBuffer()))['brief.md']);
  }

  async function pdfText(): Promise<string> {
    const res = await t.call('GET', `/api/boards/${boardId}/export?format=pdf`, { cookie });
    expect(res.status).toBe(200);
    const file = path.join(t.dir, `lang-${Date.now()}.pdf`);
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  }

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await t.signIn());
    boardId = (await post('/api/boards', { title: 'Offers' })).id;
    const section = await post('/api/sections', {
      boardId,
      title: 'Shops',
      color: '#FDE2E4',
      position: { x: 0, y: 0 },
    });
    for (let i = 0; i < 5; i += 1)
      await post('/api/cards', {
        boardId,
        sectionId: section.id,
        title: `Shop ${i}`,
        images: [],
        position: { x: i * 400, y: 60 },
      });
    await post('/api/cards', { boardId, title: 'Loose idea', images: [] });
  });
  afterAll(() => t.close());

  it('starts with no language: the exports follow Accept-Language, English by default', async () => {
    expect(await currentLanguage()).toBeNull();
    const english = await brief();
    expect(english).toContain('## No section');
    expect(english).toContain('6 cards · 2 sections');
    expect(english).not.toMatch(/[А-Яа-яЁё]/);
    const russian = await brief({ 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' });
    expect(russian).toContain('## Без секции');
    expect(russian).toContain('6 карточек · 2 секции');
    expect(await brief({ 'accept-language': 'de-DE' })).toContain('## No section');
  });

  it('keeps the chosen language with the user, and the exports use it whatever the browser asks', async () => {
    const res = await setLanguage('ru');
    expect(res.status).toBe(200);
    expect((await res.json()).language).toBe('ru');
    expect(await currentLanguage()).toBe('ru');

    const md = await brief({ 'accept-language': 'en-US' });
    expect(md).toContain('## Без секции');
    expect(md).toMatch(/^Экспортировано \d{4}-\d{2}-\d{2} · 6 карточек · 2 секции$/m);
    const pdf = await pdfText();
    expect(pdf).toContain('Без секции');
    expect(pdf).toContain('Секции');
    expect(pdf).not.toContain('No section');

    expect((await setLanguage('en')).status).toBe(200);
    const englishPdf = await pdfText();
    expect(englishPdf).toContain('No section');
    expect(englishPdf).not.toContain('Без секции');

    // null goes back to following the browser.
    expect((await (await setLanguage(null)).json()).language).toBeNull();
    expect(await brief({ 'accept-language': 'ru' })).toContain('## Без секции');
  });

  it('refuses a language it does not speak or other fields with a 400 and writes nothing; 401 for a guest', async () => {
    await setLanguage('ru');
    for (const body of [{ language: 'de' }, { language: 'ru', planId: 4 }, { language: 7 }, {}]) {
      const res = await t.call('PATCH', '/api/current-user', { cookie, json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: 'invalid_input', message: expect.any(String) });
    }
    expect(await currentLanguage()).toBe('ru');
    const me = await (await t.call('GET', '/api/current-user', { cookie })).json();
    expect(me.planId ?? me.plan_id ?? null).not.toBe(4);
    expect((await setLanguage('en', '')).status).toBe(401);
  });
});
