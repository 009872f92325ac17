import type { Response } from '@playwright/test';
import { startHttpsProxy, type HttpsProxy } from '../helpers/https-proxy';
import { dropFiles, png } from './file-drop-fixtures';
import { expect, startServer, test as base } from './fixtures';
import { submitQuery } from './search-fixtures';

/**
 * A deployment as an operator runs one: Loot in production mode behind a TLS-terminating reverse proxy on the same
 * machine (README's nginx block), LOOT_PUBLIC_URL the proxy's https address, the proxy trusted. The browser only ever
 * talks https to the proxy; Loot sees plain http from loopback, so every write's Origin (https) differs from the
 * request's own URL (http) and only our public origin can say they are the same site.
 */
const test = base.extend<{}, { tlsProxy: HttpsProxy }>({
  // Not `proxy`: that name is Playwright's own option for the browser's outgoing proxy.
  tlsProxy: [
    async ({}, use) => {
      const proxy = await startHttpsProxy();
      const server = await startServer({
        NODE_ENV: 'production',
        LOOT_PUBLIC_URL: proxy.url,
        LOOT_TRUSTED_PROXIES: 'loopback',
      });
      proxy.forwardTo(server.url);
      await use(proxy);
      await proxy.close();
      await server.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

// The proxy's certificate is self-signed, made when it starts.
test.use({ ignoreHTTPSErrors: true });

const isWrite = (res: Response) => res.request().method() !== 'GET' && new URL(res.url()).pathname.startsWith('/api/');

test.describe('behind an https reverse proxy', () => {
  test('a browser signs up, makes a board, searches, uploads an image and goes live, all through TLS', async ({
    page,
    tlsProxy: proxy,
  }) => {
    const writes: { path: string; status: number }[] = [];
    page.on('response', (res) => {
      if (isWrite(res)) writes.push({ path: new URL(res.url()).pathname, status: res.status() });
    });

    await page.goto(`${proxy.url}/login`);
    await page.getByRole('tab', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(`tls-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByLabel('First name (optional)').fill('Tess');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(`${proxy.url}/`);
    await expect(page.getByTestId('user-name')).toHaveText('Tess');
    // The session rides a Secure, host-only cookie, as it must on https.
    const cookies = await page.context().cookies(proxy.url);
    expect(cookies.map((c) => ({ name: c.name, secure: c.secure }))).toContainEqual({
      name: '__Host-loot_session',
      secure: true,
    });
    expect(cookies.some((c) => c.name === 'loot_session')).toBe(false);

    const created = page.waitForResponse(
      (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/boards',
    );
    await page.getByRole('button', { name: 'New Board' }).click();
    expect((await created).status()).toBe(201);

    await submitQuery(page, 'Starter Pack in Match-3');
    const canvas = page.getByTestId('board-canvas');
    // The board's live event stream, through the proxy too.
    await expect(canvas).toHaveAttribute('data-live', 'live');

    const uploaded = page.waitForResponse(
      (res) => res.request().method() === 'POST' && /^\/api\/boards\/\d+\/images$/.test(new URL(res.url()).pathname),
    );
    const box = (await canvas.boundingBox())!;
    await dropFiles(page, { x: box.x + box.width - 60, y: box.y + box.height - 60 }, [await png('#0ea5e9')]);
    expect((await uploaded).status()).toBe(201);
    // The upload's batch is done once it is the toolbar's undo step.
    await expect(page.getByRole('button', { name: 'Undo', description: 'Undo: Add images' })).toBeVisible({
      timeout: 20_000,
    });

    expect(writes.length).toBeGreaterThanOrEqual(4);
    expect(
      writes.filter((w) => w.status >= 400),
      'no write refused',
    ).toEqual([]);
  });
});
