import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { registerUser } from './account-fixtures';
import { cardPoint, openCardMenu, hoverCard, openBoard, seedBoard, signUp, toast } from './board-fixtures';
import { exposeEngine, inspectCard, inspectSection } from './engine-fixtures';
import { e2eBackend } from './backend';
import { expect, startServer, test, type LootServer } from './fixtures';
import { searchBox, watchIndicator } from './search-fixtures';
import { isLayoutSave, sendsOp } from './ops-fixtures';

/**
 * The newest board open on A's page and, for the same user, on B's page in a second browser context, B's live stream
 * connected. On PostgreSQL B is served by a second instance of the app (each context on a different
 * instance), so what A changes reaches B through the database's NOTIFY. `close` ends B's context and instance.
 */
async function openOnTwoScreens(
  page: Page,
  server: LootServer,
  browser: Browser,
): Promise<{ b: Page; close: () => Promise<void> }> {
  await exposeEngine(page);
  await openBoard(page, server);
  const instanceB = e2eBackend() === 'postgres' ? await startServer({}, { instanceOf: server }) : null;
  const second = await browser.newContext({ storageState: await page.context().storageState() });
  const close = async () => {
    await second.close();
    await instanceB?.stop();
  };
  try {
    const b = await second.newPage();
    await exposeEngine(b);
    await openBoard(b, instanceB ?? server, { expectLayout: false });
    await expect(b.getByTestId('board-canvas')).toHaveAttribute('data-live', 'live');
    return { b, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** A board open in two browser contexts of one user (on PostgreSQL, each on its own instance) follows, in B, what A's session changes. */
test.describe('live boards', () => {
  test("another context's changes reach the open board, and a drag in progress there is not disturbed", async ({
    page,
    server,
    browser,
  }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(
      api,
      'Live board',
      ['Shops'],
      [
        { title: 'Gem Shop', section: 'Shops' },
        { title: 'Coin Pack', section: 'Shops' },
      ],
    );
    const { b, close } = await openOnTwoScreens(page, server, browser);
    try {
      const canvas = b.getByTestId('board-canvas');

      // A card moved by the other session moves on B.
      const gem = (await api.card(seeded.boardId, seeded.cards['Gem Shop'].id))!;
      const before = (await inspectCard(b, gem.id))!.screenRect;
      await api.call('PATCH', `/api/cards/${gem.id}/position`, {
        position: { x: gem.position.x + 40, y: gem.position.y + 30 },
      });
      await expect.poll(async () => (await inspectCard(b, gem.id))?.screenRect.x).toBe(before.x + 40);

      // A new card and a renamed board.
      const added = await api.call<{ id: number }>('POST', '/api/cards', {
        boardId: seeded.boardId,
        title: 'Energy Refill',
        description: 'x',
        images: [],
        tags: [],
        game: '',
        gameLink: '',
        isBookmarked: 0,
        orientation: 'horizontal',
        sectionId: null,
      });
      await expect.poll(async () => (await inspectCard(b, added.id)) !== null).toBe(true);
      // The adding screen places its new card (B only listens: it never lays out what another screen added).
      const placedAt = (await inspectCard(b, added.id))!.screenRect.x;
      await api.call('PATCH', `/api/cards/${added.id}/position`, { position: { x: 1200, y: 0 } });
      await expect.poll(async () => (await inspectCard(b, added.id))?.screenRect.x).toBe(placedAt + 1200);
      await api.call('PATCH', `/api/boards/${seeded.boardId}`, { title: 'Renamed elsewhere' });
      await expect(b.getByText('Renamed elsewhere')).toBeVisible();

      // B drags a card; meanwhile the other session moves another card and renames the board again.
      const coin = (await api.card(seeded.boardId, seeded.cards['Coin Pack'].id))!;
      // A card outside any section, so that B's drop (which lays out its section) leaves it alone.
      const loose = (await api.card(seeded.boardId, added.id))!;
      const looseRect = (await inspectCard(b, loose.id))!.screenRect;
      const grab = await cardPoint(b, coin);
      await b.mouse.move(grab.x, grab.y);
      await b.mouse.down();
      await b.mouse.move(grab.x + 20, grab.y + 10, { steps: 2 });
      await expect(canvas).toHaveAttribute('data-editing', 'true');
      await api.call('PATCH', `/api/cards/${loose.id}/position`, {
        position: { x: loose.position.x + 300, y: loose.position.y + 30 },
      });
      await api.call('PATCH', `/api/boards/${seeded.boardId}`, { title: 'Renamed during the drag' });
      await expect(b.getByText('Renamed during the drag')).toBeVisible();
      // The change has arrived; the drag goes on undisturbed and the held card is where the pointer takes it.
      await expect(canvas).toHaveAttribute('data-editing', 'true');
      expect((await inspectCard(b, loose.id))!.screenRect.x).toBe(looseRect.x);
      await b.mouse.move(grab.x + 120, grab.y + 60, { steps: 6 });
      const saved = b.waitForResponse((r) => sendsOp(r.request(), 'card.move') || isLayoutSave(r.request()));
      await b.mouse.up();
      expect((await saved).ok()).toBe(true);
      await expect(canvas).toHaveAttribute('data-editing', 'false');
      // After the gesture the other session's move shows too.
      await expect.poll(async () => (await inspectCard(b, loose.id))?.screenRect.x).toBe(looseRect.x + 300);
    } finally {
      await close();
    }
  });

  test('what A does on its page reaches B: a section change, a new section, a delete and its undo, a query, an own image', async ({
    page,
    server,
    browser,
  }) => {
    test.slow();
    const api = await signUp(page, server);
    const seeded = await seedBoard(
      api,
      'Team board',
      ['Shops', 'Passes'],
      [
        { title: 'Gem Shop', section: 'Shops' },
        { title: 'Coin Pack', section: 'Shops' },
      ],
    );
    const { b, close } = await openOnTwoScreens(page, server, browser);
    try {
      const cardsOnB = () =>
        b.evaluate(
          () =>
            (
              window as unknown as { __lootBoardEngine: { getStats(): { totalCards: number } } }
            ).__lootBoardEngine.getStats().totalCards,
        );

      // A's context menu moves a card into another section.
      const gem = (await api.card(seeded.boardId, seeded.cards['Gem Shop'].id))!;
      await (await openCardMenu(page, gem)).getByRole('menuitemradio', { name: 'Passes' }).click();
      await expect(toast(page)).toContainText('Card added to section');
      await expect.poll(async () => (await inspectCard(b, gem.id))?.sectionId).toBe(seeded.sections.Passes.id);

      // A new section (A's session, through the spec's route: the same door on the server).
      const events = await api.call<{ id: number }>('POST', '/api/sections', {
        boardId: seeded.boardId,
        title: 'Events',
        color: '#22c55e',
        position: { x: 0, y: 1600 },
        size: { width: 400, height: 100 },
      });
      await expect.poll(async () => (await inspectSection(b, events.id))?.title).toBe('Events');

      // A deletes a card from its toolbar, then takes it back with Ctrl+Z.
      const coin = (await api.card(seeded.boardId, seeded.cards['Coin Pack'].id))!;
      await (await hoverCard(page, coin)).getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page)).toContainText('Card Deleted');
      await expect.poll(async () => inspectCard(b, coin.id)).toBeNull();
      await expect.poll(cardsOnB).toBe(1);
      await page.mouse.move(5, 5);
      await page.keyboard.press('Control+z');
      await expect.poll(cardsOnB).toBe(2);

      // A's search adds its results; B draws them as A's answer placed them.
      await searchBox(page).fill('Starter Pack in Match-3');
      const shown = await watchIndicator(page);
      await searchBox(page).press('Enter');
      await shown.succeeded(20_000);
      const afterQuery = (await api.cards(seeded.boardId)).length;
      expect(afterQuery).toBeGreaterThan(2);
      await expect.poll(cardsOnB).toBe(afterQuery);

      // An own image A uploads.
      const image = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#0ea5e9' } })
        .png()
        .toBuffer();
      const res = await page.request.post(`${server.url}/api/boards/${seeded.boardId}/images`, {
        headers: { origin: server.url },
        multipart: { file: { name: 'offer.png', mimeType: 'image/png', buffer: image } },
      });
      expect(res.status()).toBe(201);
      const own = (await res.json()) as { id: number };
      await expect.poll(async () => (await inspectCard(b, own.id)) !== null).toBe(true);
    } finally {
      await close();
    }
  });

  test("a user's other page follows their month's usage, and an invitee's list the invitation and its acceptance, without a reload", async ({
    page,
    server,
    browser,
  }) => {
    const api = await signUp(page, server, 'Olive');
    const seeded = await seedBoard(api, 'Team board', ['Shops'], [{ title: 'Gem Shop', section: 'Shops' }]);
    const { b, close } = await openOnTwoScreens(page, server, browser);
    const invitee = await browser.newContext();
    try {
      // A search in A's session: B's counter follows (B's board stream carries the user's own news).
      const usageOnB = b.getByTestId('usage-meter').locator('.usage-figure');
      await expect(usageOnB).toHaveText('0/∞');
      await api.call('POST', '/api/gemini/process', { query: 'battle pass', boardId: seeded.boardId });
      await expect(usageOnB).toHaveText('1/∞');

      // Another person, their own board open (its stream live): the invitation shows, then the board once accepted.
      const vicPage = await invitee.newPage();
      const vic = await registerUser(vicPage.request, server, { firstName: 'Vic' });
      await vic.api.call('POST', '/api/boards', { title: "Vic's board" });
      await vicPage.goto(server.url + '/');
      await expect(vicPage.getByTestId('board-canvas')).toHaveAttribute('data-live', 'live');
      const { invitation } = await api.call<{ invitation: { code: string } }>(
        'POST',
        `/api/boards/${seeded.boardId}/members`,
        { email: vic.email, role: 'viewer' },
      );
      await expect(vicPage.getByTestId('invitations').locator(`[data-board-id="${seeded.boardId}"]`)).toContainText(
        'Team board',
      );
      await vic.api.call('POST', `/api/invitations/${invitation.code}/accept`);
      await expect(vicPage.getByTestId('shared-boards').locator(`[data-board-id="${seeded.boardId}"]`)).toContainText(
        'Team board',
      );
    } finally {
      await invitee.close();
      await close();
    }
  });
});
