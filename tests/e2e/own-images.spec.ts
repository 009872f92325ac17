import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { openBoard, seedBoard, signUp, toast, worldPoint, type Api, type WireCard } from './board-fixtures';
import { expect, startServer, test as base, type LootServer } from './fixtures';
import { dropFiles, png, type FileSpec } from './file-drop-fixtures';
import { isLayoutSave } from './ops-fixtures';

/**
 * Own images onto the board — drop, paste, image links, refusals, undo and the viewer's notes. The
 * server lets image links reach loopback (LOOT_IMAGE_LINKS_ALLOW_LOOPBACK, test only) for the local image server.
 */
const test = base.extend<{}, { server: LootServer }>({
  server: [
    async ({}, use) => {
      const server = await startServer({ LOOT_IMAGE_LINKS_ALLOW_LOOPBACK: '1' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

/** Ctrl/Cmd+V as the browser delivers it: a paste event whose clipboardData holds a file or text. */
async function paste(page: Page, content: { file?: FileSpec; text?: string }) {
  await page.evaluate((content) => {
    const dt = new DataTransfer();
    if (content.file) {
      const bytes = Uint8Array.from(atob(content.file.base64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], content.file.name, { type: content.file.type }));
    }
    if (content.text) dt.setData('text/plain', content.text);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, content);
}

type OwnCard = WireCard & { images: string[]; detailedDescription: string };

const ownCards = async (api: Api, boardId: number) =>
  ((await api.cards(boardId)) as OwnCard[]).filter((c) => c.images.some((u) => u.startsWith('/api/storage/own/')));

test.describe('own images', () => {
  test('dropping 3 files onto a section makes 3 own cards in it, kept after a reload', async ({ page, server }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(api, 'Refs', ['Competitors'], [{ title: 'Catalogue card', section: 'Competitors' }]);
    await openBoard(page, server);
    const section = (
      await api.call<{ id: number; position: { x: number; y: number }; size: { width: number; height: number } }[]>(
        'GET',
        `/api/sections?boardId=${seeded.boardId}`,
      )
    )[0];
    const inside = await worldPoint(page, {
      x: section.position.x + section.size.width - 60,
      y: section.position.y + 40,
    });
    const files = await Promise.all(['#e11d48', '#16a34a', '#2563eb'].map((c) => png(c)));
    await dropFiles(page, inside, files);

    await expect.poll(async () => (await ownCards(api, seeded.boardId)).length, { timeout: 20_000 }).toBe(3);
    const cards = await ownCards(api, seeded.boardId);
    expect(cards.map((c) => c.sectionId)).toEqual([section.id, section.id, section.id]);
    expect(cards.map((c) => c.title).sort()).toEqual(['16a34a', '2563eb', 'e11d48']);
    // The images load for their owner (the engine asks for the variants).
    for (const card of cards) expect((await page.request.get(server.url + card.images[0])).status()).toBe(200);

    await page.reload();
    await expect(page.getByTestId('board-canvas')).toBeVisible();
    await expect(page.getByTestId('board-canvas')).toHaveAttribute('data-cards', '4');
    const after = await ownCards(api, seeded.boardId);
    expect(after.map((c) => c.id).sort()).toEqual(cards.map((c) => c.id).sort());
    expect(after.every((c) => c.sectionId === section.id)).toBe(true);

    // The plan page shows the storage in use and each plan's quota.
    await page.goto(server.url + '/billing');
    await expect(page.getByTestId('storage-usage')).toHaveText(/^\d+(\.\d)? KB used \(unlimited\)$/);
    await expect(page.getByTestId('plan-storage')).toContainText([
      '200 MB of image storage',
      '2 GB of image storage',
      '10 GB of image storage',
      'Unlimited image storage',
    ]);
  });

  test('paste of an image adds a card; undo removes it', async ({ page, server }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(api, 'Refs', [], [{ title: 'Catalogue card' }]);
    await openBoard(page, server);
    await paste(page, { file: await png('#f59e0b') });
    await expect.poll(async () => (await ownCards(api, seeded.boardId)).length, { timeout: 20_000 }).toBe(1);
    await expect(page.getByTestId('upload-placeholder')).toHaveCount(0);

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page)).toContainText('Undone');
    await expect.poll(async () => (await ownCards(api, seeded.boardId)).length).toBe(0);
    expect((await api.cards(seeded.boardId)).map((c) => c.title)).toEqual(['Catalogue card']);
  });

  test('Add images picks files; files dropped onto an own card join its gallery', async ({ page, server }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(api, 'Refs', [], [{ title: 'Catalogue card' }]);
    await openBoard(page, server);
    const first = await png('#64748b', 200, 150);
    await page
      .getByTestId('add-images-input')
      .setInputFiles({ name: 'Pricing page.png', mimeType: 'image/png', buffer: Buffer.from(first.base64, 'base64') });
    await expect
      .poll(async () => (await ownCards(api, seeded.boardId)).map((c) => c.title), { timeout: 20_000 })
      .toEqual(['Pricing page']);
    // Wait for the auto-layout to place it, then drop two more images onto it.
    await expect
      .poll(async () => (await ownCards(api, seeded.boardId))[0].position.y, { timeout: 10_000 })
      .toBeGreaterThan(0);
    const [card] = await ownCards(api, seeded.boardId);
    const onCard = await worldPoint(page, { x: card.position.x + 170, y: card.position.y + 100 });
    await dropFiles(page, onCard, [await png('#22c55e'), await png('#a855f7')]);
    await expect.poll(async () => (await ownCards(api, seeded.boardId))[0]?.images.length, { timeout: 20_000 }).toBe(3);
    expect(await ownCards(api, seeded.boardId)).toHaveLength(1);
  });

  test('a pasted image link from a local server becomes a card; a refused file says why and leaves no card', async ({
    page,
    server,
  }) => {
    const image = Buffer.from((await png('#7c3aed', 90, 200)).base64, 'base64');
    const local = http.createServer((req, res) => {
      if (req.url === '/shots/daily-offer.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(image);
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    try {
      const api = await signUp(page, server);
      const seeded = await seedBoard(api, 'Refs', [], [{ title: 'Catalogue card' }]);
      await openBoard(page, server);
      await paste(page, { text: `http://127.0.0.1:${(local.address() as AddressInfo).port}/shots/daily-offer.png` });
      await expect
        .poll(async () => (await ownCards(api, seeded.boardId)).map((c) => c.title), { timeout: 20_000 })
        .toEqual(['daily-offer']);
      expect((await ownCards(api, seeded.boardId))[0].orientation).toBe('vertical');

      const box = (await page.getByTestId('board-canvas').boundingBox())!;
      const fake = {
        name: 'notes.png',
        type: 'image/png',
        base64: Buffer.from('these are my notes, not a picture').toString('base64'),
      };
      await dropFiles(page, { x: box.x + box.width / 2, y: box.y + box.height - 120 }, [fake]);
      await expect(toast(page)).toContainText('Could not add notes.png');
      await expect(toast(page)).toContainText('not an image Loot can read');
      await expect(page.getByTestId('upload-placeholder')).toHaveCount(0);
      expect(await ownCards(api, seeded.boardId)).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => local.close(() => resolve()));
    }
  });

  test('the viewer shows an own card’s notes as markdown, with the Own badge, and edits them', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(api, 'Refs', [], []);
    const file = await png('#0ea5e9', 320, 200);
    const res = await page.request.post(`${server.url}/api/boards/${seeded.boardId}/images`, {
      headers: { origin: server.url },
      multipart: { file: { name: 'offer.png', mimeType: 'image/png', buffer: Buffer.from(file.base64, 'base64') } },
    });
    expect(res.status()).toBe(201);
    const card = (await res.json()) as OwnCard;
    await api.call('PATCH', `/api/cards/${card.id}/details`, {
      detailedDescription: 'Seen in **week 3** <script>window.__pwned = 1</script>',
    });
    await openBoard(page, server);
    // Auto-layout has placed the card: click its image where it is now.
    const placed = (await api.cards(seeded.boardId))[0];
    const point = await worldPoint(page, { x: placed.position.x + 170, y: placed.position.y + 80 });
    await page.mouse.click(point.x, point.y);
    const viewer = page.getByTestId('viewer');
    await expect(viewer).toBeVisible();
    await expect(viewer.locator('.own-badge')).toHaveText('Own');
    await expect(viewer.getByTestId('viewer-detailed').locator('strong', { hasText: 'week 3' })).toBeVisible();
    await expect(viewer.getByTestId('viewer-detailed').locator('script')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    await viewer.getByTestId('edit-own-card').click();
    const editor = viewer.getByTestId('own-card-editor');
    await editor.getByLabel('Title').fill('Competitor offer');
    await editor.getByLabel('Notes (markdown)').fill('A *new* note');
    await editor.getByLabel('Tags (comma separated)').fill('Shop, Offer');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(viewer.getByTestId('viewer-detailed').locator('em', { hasText: 'new' })).toBeVisible();
    await expect(viewer.locator('.viewer-title')).toContainText('Competitor offer');
    const saved = (await api.cards(seeded.boardId))[0] as OwnCard & { tags: string[] };
    expect(saved).toMatchObject({
      title: 'Competitor offer',
      detailedDescription: 'A *new* note',
      tags: ['Shop', 'Offer'],
    });
  });
  test('a dropped image lands where its placeholder showed, inside the view, and stays there', async ({
    page,
    server,
  }) => {
    await page.addInitScript(() => localStorage.setItem('lootExposeEngine', '1'));
    const api = await signUp(page, server);
    const seeded = await seedBoard(
      api,
      'Refs',
      ['Shops'],
      [{ title: 'A', section: 'Shops' }, { title: 'B', section: 'Shops' }, { title: 'C' }],
    );
    await openBoard(page, server);
    const layoutSaves: string[] = [];
    page.on('request', (r) => isLayoutSave(r) && layoutSaves.push(r.url()));
    // The upload waits until the test has seen the placeholder.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/boards/*/images', async (route) => {
      await held;
      await route.continue();
    });
    const box = (await page.getByTestId('board-canvas').boundingBox())!;
    // Near the bottom-right corner, on empty canvas: a card centred there would stick out of the view.
    await dropFiles(page, { x: box.x + box.width - 60, y: box.y + box.height - 60 }, [await png('#e11d48')]);
    const placeholder = page.getByTestId('upload-placeholder');
    const shown = (await placeholder.boundingBox())!;
    expect(shown.x).toBeGreaterThanOrEqual(box.x);
    expect(shown.y).toBeGreaterThanOrEqual(box.y);
    expect(shown.x + shown.width).toBeLessThanOrEqual(box.x + box.width);
    expect(shown.y + shown.height).toBeLessThanOrEqual(box.y + box.height);
    release();

    // The batch is done once it is one undo step; whatever layout it would start has started by then.
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', 'Undo: Add images', {
      timeout: 20_000,
    });
    const [card] = await ownCards(api, seeded.boardId);
    const rect = await page.evaluate(
      (id) =>
        (
          window as unknown as {
            __lootBoardEngine: { inspectCard(id: number): { screenRect: { x: number; y: number } } | null };
          }
        ).__lootBoardEngine.inspectCard(id)?.screenRect,
      card.id,
    );
    expect(rect).toBeDefined();
    expect(Math.abs(box.x + rect!.x - shown.x)).toBeLessThan(1.5);
    expect(Math.abs(box.y + rect!.y - shown.y)).toBeLessThan(1.5);
    expect(layoutSaves).toEqual([]);
    expect((await ownCards(api, seeded.boardId))[0].position).toEqual(card.position);
  });
});
