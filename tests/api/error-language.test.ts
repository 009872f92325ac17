import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

const ORIGIN = { origin: 'http://localhost' };
const RUSSIAN = { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' };

/**
 * The API's refusals are written for the person who asked: in the language they chose (saved with the account),
 * else in their browser's (Accept-Language, which the web sets to its interface language), else in English. The code
 * stays the same in every language; English is the texts the API has always sent.
 */
describe('error messages in the user’s language', () => {
  let t: TestApp;
  let russian: string;
  let english: string;
  let boardId: number;

  const errorOf = async (res: Response) => ({ status: res.status, ...(await res.json()).error });

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie: russian } = await t.signIn('ru@example.com', { language: 'ru' }));
    ({ cookie: english } = await t.signIn('en@example.com'));
    boardId = (await (await t.call('POST', '/api/boards', { cookie: russian, json: { title: 'Доска' } })).json()).id;
  });
  afterAll(() => t.close());

  it('answers a user who chose Russian in Russian, whatever the browser says', async () => {
    const missing = await errorOf(await t.call('GET', '/api/boards/999999/content', { cookie: russian }));
    expect(missing).toMatchObject({ status: 404, code: 'not_found', message: 'Доска не найдена' });

    // Their choice wins over an English browser.
    const lastBoard = await errorOf(
      await t.call('DELETE', `/api/boards/${boardId}`, {
        cookie: russian,
        headers: { ...ORIGIN, 'accept-language': 'en-US' },
      }),
    );
    expect(lastBoard).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'Последнюю доску удалить нельзя: сначала создайте другую.',
    });
  });

  it('words validation failures in Russian, naming the field', async () => {
    const res = await t.call('POST', '/api/sections', {
      cookie: russian,
      json: { boardId, title: 'x'.repeat(500), color: '#FDE2E4' },
      headers: ORIGIN,
    });
    const error = await errorOf(res);
    expect(error).toMatchObject({ status: 400, code: 'invalid_input', field: 'title' });
    expect(error.message).toMatch(/^В поле «Заголовок» не больше \d+ символ/);
  });

  it('answers a signed-out Russian browser in Russian, a refusal before any route included', async () => {
    const signIn = await errorOf(
      await t.call('POST', '/api/auth/login', {
        json: { email: 'nobody@example.com', password: 'not the password' },
        headers: { ...ORIGIN, ...RUSSIAN },
      }),
    );
    expect(signIn).toMatchObject({ status: 401, code: 'invalid_credentials', message: 'Неверный email или пароль' });

    const signedOut = await errorOf(await t.call('GET', '/api/boards', { headers: RUSSIAN }));
    expect(signedOut).toMatchObject({ status: 401, code: 'unauthorized', message: 'Нужно войти' });

    // Not JSON: refused by the body check before the route runs.
    const notJson = await errorOf(
      await t.call('POST', '/api/auth/login', {
        headers: { ...ORIGIN, ...RUSSIAN, 'content-type': 'text/plain' },
      }),
    );
    expect(notJson).toMatchObject({
      status: 400,
      message: 'Запрос нужно отправлять как JSON (Content-Type: application/json).',
    });

    // Hono's own CSRF refusal of a form post from another site.
    const crossSite = await t.app.request('/api/auth/login', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded', ...RUSSIAN },
      body: 'email=a',
    });
    expect((await errorOf(crossSite)).message).toMatch(/^Запрос/);
  });

  it('keeps English byte for byte for English and for languages Loot does not speak', async () => {
    const missing = await errorOf(await t.call('GET', '/api/boards/999999/content', { cookie: english }));
    expect(missing).toMatchObject({ status: 404, code: 'not_found', message: 'Board not found' });

    const german = await errorOf(
      await t.call('POST', '/api/auth/login', {
        json: { email: 'nobody@example.com', password: 'not the password' },
        headers: { ...ORIGIN, 'accept-language': 'de-DE' },
      }),
    );
    expect(german.message).toBe('Invalid email or password');

    const tooLong = await errorOf(
      await t.call('POST', '/api/sections', {
        cookie: english,
        json: { boardId, title: 'x'.repeat(500), color: '#FDE2E4' },
        headers: ORIGIN,
      }),
    );
    // Validation comes before the board is looked up.
    expect(tooLong.status).toBe(400);
    expect(tooLong.message).toMatch(/^Title must be at most \d+ characters\.$/);
  });
});
