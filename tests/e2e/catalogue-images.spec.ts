import { expect, test } from './fixtures';

/**
 * The catalogue's images load in a real browser from the URLs the API hands out (spec accounts §7: "Images load
 * from /api/storage/... paths"): a feature screenshot, its board variants, a collection cover, and the images of
 * a card made from a collection.
 */
async function naturalSize(page: import('@playwright/test').Page, src: string) {
  return page.evaluate(
    (url) =>
      new Promise<{ width: number; height: number }>((resolve, reject) => {
        const img = new Image();
        img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
        img.onerror = () => reject(new Error(`image failed to load: ${url}`));
        img.src = url;
        document.body.appendChild(img);
      }),
    src,
  );
}

test('a feature screenshot, its variants and a collection cover load in the browser', async ({ page, server }) => {
  await page.goto(server.url);
  const record = (await (await page.request.get(`${server.url}/api/database/random-record`)).json()) as {
    images: string[];
    orientation: string;
  };
  expect(record.images.length).toBeGreaterThan(0);
  const full = await naturalSize(page, record.images[0]);
  expect(full.width).toBeGreaterThan(0);
  expect(full).toEqual(record.orientation === 'vertical' ? { width: 720, height: 1280 } : { width: 1280, height: 720 });
  for (const width of [96, 320]) {
    const variant = await naturalSize(page, record.images[0].replace('/api/storage/', `/api/storage/w/${width}/`));
    expect(variant.width).toBe(width);
  }
  const { collections } = (await (await page.request.get(`${server.url}/api/collections`)).json()) as {
    collections: Record<string, { imageUrl: string }[]>;
  };
  const cover = Object.values(collections).flat()[0];
  expect(await naturalSize(page, cover.imageUrl)).toEqual({ width: 1280, height: 720 });
});

test('a card made from a collection shows images that load', async ({ page, server }) => {
  await page.goto(`${server.url}/api/dev-login`);
  // A paid plan, so no section of the new board is locked (spec accounts §4) and every card is listed.
  const upgraded = await page.request.patch(`${server.url}/api/user/plan`, {
    data: { planId: 4 },
    headers: { origin: server.url },
  });
  expect(upgraded.status()).toBe(200);
  const { collections } = (await (await page.request.get(`${server.url}/api/collections`)).json()) as {
    collections: Record<string, { id: number; type: string }[]>;
  };
  const free = Object.values(collections)
    .flat()
    .find((c) => c.type === 'free')!;
  const used = await page.request.post(`${server.url}/api/collections/${free.id}/use`, {
    data: {},
    headers: { origin: server.url },
  });
  expect(used.status()).toBe(200);
  const { boardId } = (await used.json()) as { boardId: number };
  const cards = (await (await page.request.get(`${server.url}/api/cards?boardId=${boardId}`)).json()) as {
    images: string[];
  }[];
  expect(cards.length).toBeGreaterThan(0);
  for (const card of cards.slice(0, 3)) {
    const size = await naturalSize(page, card.images[0]);
    expect(size.width).toBeGreaterThan(0);
  }
});
