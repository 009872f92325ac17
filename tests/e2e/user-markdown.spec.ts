import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { cardPoint, openBoard, seedBoard, signUp } from './board-fixtures';
import { expect, test } from './fixtures';

/**
 * Markdown in a card's description and notes cannot make the viewer's browser send requests
 * with side effects. An image naming a share link or logout loads nothing (no copy is made, no one is signed out);
 * images from our storage and from outside http(s) servers still load under the Content-Security-Policy, on the
 * board and in the viewer; links open in a new tab with rel="noopener noreferrer".
 */
test('Markdown images load only from http(s) and our storage; a share link or logout named as an image loads nothing', async ({
  page,
  server,
  browser,
}) => {
  const png = await sharp({ create: { width: 160, height: 100, channels: 3, background: '#0ea5e9' } })
    .png()
    .toBuffer();
  const hits: string[] = [];
  const outside = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
    res.end(png);
  });
  await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
  const outsideUrl = `http://127.0.0.1:${(outside.address() as AddressInfo).port}`;
  const owner = await browser.newContext();
  try {
    // Someone else's shared board: opening its link would copy it onto the viewer's boards.
    const ownerApi = await signUp(await owner.newPage(), server, 'Owner');
    const theirs = await seedBoard(ownerApi, 'Their pack', [], [{ title: 'Theirs' }]);
    const { shareCode } = await ownerApi.call<{ shareCode: string }>('PATCH', `/api/boards/${theirs.boardId}`, {
      isShared: 1,
    });

    const api = await signUp(page, server);
    const mine = await seedBoard(api, 'Refs', [], []);
    const upload = await page.request.post(`${server.url}/api/boards/${mine.boardId}/images`, {
      headers: { origin: server.url },
      multipart: { file: { name: 'mine.png', mimeType: 'image/png', buffer: png } },
    });
    expect(upload.status()).toBe(201);
    const ownUrl = ((await upload.json()) as { images: string[] }).images[0];
    const card = await api.call<{ id: number; position: { x: number; y: number } }>('POST', '/api/cards', {
      boardId: mine.boardId,
      title: 'Notes with images',
      images: [`${outsideUrl}/card.png`],
      description: `![share](/api/share/${shareCode}) ![logout](/api/logout)`,
      detailedDescription: [
        `![share again](/api/share/${shareCode})`,
        '![escape](/api/storage/%2e%2e/logout)',
        `![mine](${ownUrl})`,
        `![outside](${outsideUrl}/notes.png)`,
        '[the site](https://example.com/x)',
      ].join('\n\n'),
    });

    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    const main = page.waitForResponse((r) => r.url() === `${server.url}/` && r.request().resourceType() === 'document');
    await openBoard(page, server);
    expect((await main).headers()['content-security-policy']).toContain("img-src 'self' data: blob: https: http:");
    // The board drew the outside image under the policy.
    await expect.poll(() => hits.filter((h) => h === '/card.png').length).toBeGreaterThan(0);

    const placed = (await api.cards(mine.boardId)).find((c) => c.id === card.id)!;
    const image = await cardPoint(page, placed, 170, 80);
    await page.mouse.click(image.x, image.y);
    const viewer = page.getByTestId('viewer');
    await expect(viewer).toBeVisible();
    const detailed = viewer.getByTestId('viewer-detailed');
    await expect(detailed.locator('img')).toHaveCount(2);
    await expect(detailed.locator('img').first()).toHaveAttribute('src', ownUrl);
    await expect(detailed.locator('img').nth(1)).toHaveAttribute('src', `${outsideUrl}/notes.png`);
    // Both loaded: our storage and the outside server, under the Content-Security-Policy.
    await expect
      .poll(() =>
        detailed
          .locator('img')
          .evaluateAll((imgs) =>
            imgs.map((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
          ),
      )
      .toEqual([true, true]);
    await expect(detailed).toContainText('share again');
    await expect(detailed).toContainText('escape');
    await expect(viewer).toContainText('logout');
    const link = detailed.getByRole('link', { name: 'the site' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    expect(requested.filter((url) => /\/api\/(share\/|logout)/.test(url))).toEqual([]);
    expect((await api.boards()).map((b) => b.title)).toEqual(['Refs']);
    expect((await page.request.get(`${server.url}/api/current-user`)).status()).toBe(200);
  } finally {
    await owner.close();
    await new Promise((resolve) => outside.close(resolve));
  }
});
