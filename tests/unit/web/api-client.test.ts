import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  apiRequest,
  cleanUrl,
  getJsonOrNull,
  getList,
  isAbortError,
  withTimestamp,
} from '../../../web/data/api-client';

/** The request helper against a real local HTTP server. */
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/error')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { code: 'not_found', message: 'Card not found' } }));
    }
    if (req.url?.startsWith('/empty-error')) {
      res.writeHead(500, 'Internal Server Error');
      return res.end();
    }
    if (req.url?.startsWith('/slow')) return void setTimeout(() => res.end('[]'), 2000);
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, url: req.url, type: req.headers['content-type'] ?? null, body }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

describe('apiRequest', () => {
  it('sends JSON bodies with their content type', async () => {
    const res = await apiRequest('PATCH', `${base}/echo`, { title: 'x' });
    expect(await res.json()).toMatchObject({ method: 'PATCH', type: 'application/json', body: '{"title":"x"}' });
  });

  it("raises 'status: body' with the server's code and message", async () => {
    const err = await apiRequest('GET', `${base}/error`).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('404: {"error":{"code":"not_found","message":"Card not found"}}');
    expect(err).toMatchObject({ status: 404, code: 'not_found', serverMessage: 'Card not found' });
  });

  it('uses the status text when the body is empty', async () => {
    const err = await apiRequest('GET', `${base}/empty-error`).catch((e) => e);
    expect(err.message).toBe('500: Internal Server Error');
    expect(err.code).toBeNull();
  });

  it('turns an abort into the synthetic 499 and lists into []', async () => {
    const controller = new AbortController();
    const pending = apiRequest('GET', `${base}/slow`, undefined, { signal: controller.signal }).catch((e) => e);
    controller.abort();
    const err = await pending;
    expect(err).toMatchObject({ status: 499 });
    expect(isAbortError(err)).toBe(true);
    const listController = new AbortController();
    const list = getList(`${base}/slow`, 'Failed to fetch cards', listController.signal);
    listController.abort();
    expect(await list).toEqual([]);
    const oneController = new AbortController();
    const one = getJsonOrNull(`${base}/slow`, oneController.signal);
    oneController.abort();
    expect(await one).toBeNull();
  });

  it("wraps list failures in the spec's message", async () => {
    const err = await getList(`${base}/error`, 'Failed to fetch cards').catch((e) => e);
    expect(err.message).toBe('Failed to fetch cards');
    expect((err.cause as ApiError).status).toBe(404);
  });
});

describe('URLs', () => {
  it('drops userId=undefined and keeps the rest (spec §7)', () => {
    expect(cleanUrl('/api/boards?userId=undefined&_t=1')).toBe('/api/boards?_t=1');
    expect(cleanUrl('/api/boards?userId=undefined')).toBe('/api/boards');
    expect(cleanUrl('/api/boards?userId=3')).toBe('/api/boards?userId=3');
  });
  it('adds the _t timestamp', () => {
    expect(withTimestamp('/api/bookmarks', 5)).toBe('/api/bookmarks?_t=5');
    expect(withTimestamp('/api/cards?boardId=1', 5)).toBe('/api/cards?boardId=1&_t=5');
  });
});
