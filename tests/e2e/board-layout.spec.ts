import { cardPoint, openBoard, seedBoard, signUp, toast } from './board-fixtures';
import { expect, test } from './fixtures';
import { isLayoutSave } from './ops-fixtures';

/** Auto-layout rules, Organize Cards, zoom to fit, and Share Board on the toolbar. */

test.describe('auto-layout', () => {
  test('runs once on first content, is flagged on the board, and re-runs when the card count grows', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(
      api,
      'Board',
      ['Shops'],
      [{ title: 'A', section: 'Shops' }, { title: 'B' }, { title: 'C' }],
    );
    let saves = 0;
    page.on('request', (r) => isLayoutSave(r) && saves++);
    await openBoard(page, server);
    expect(saves).toBe(1);
    // The board's flag, on the server, set by the same batch: no other screen or device lays it out again.
    const listed = await api.call<{ id: number; autoLayoutDone: number }[]>('GET', '/api/boards');
    expect(listed.find((b) => b.id === seeded.boardId)?.autoLayoutDone).toBe(1);
    // The layout put the sectioned card inside its section.
    const cards = await api.cards(seeded.boardId);
    const [section] = await api.call<{ position: { x: number; y: number } }[]>(
      'GET',
      `/api/sections?boardId=${seeded.boardId}`,
    );
    const a = cards.find((c) => c.title === 'A')!;
    expect(a.position.x).toBeGreaterThan(section.position.x);
    expect(a.position.y).toBeGreaterThan(section.position.y);

    // A reload does not lay the board out again (the count at the end, after a layout that does run, tells).
    // (openBoard loads the page again and resets the view once the board's content is in.)
    await openBoard(page, server, { expectLayout: false });

    // Fewer cards: no run. More cards again (undoing the delete): a run.
    const c = cards.find((x) => x.title === 'C')!;
    const p = await cardPoint(page, c);
    await page.mouse.move(p.x, p.y);
    await page.getByTestId('card-controls').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toContainText('Card Deleted');
    const relayout = page.waitForRequest((r) => isLayoutSave(r));
    await page.keyboard.press('Control+z');
    await relayout;
    // The first layout and the undo's: none after the reload or the delete, which would have come before it.
    expect(saves).toBe(2);
  });

  test('Organize Cards lays out on demand and is undone in one step; Zoom to Fit shows every card', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(
      api,
      'Board',
      [],
      Array.from({ length: 8 }, (_, i) => ({ title: `Card ${i}` })),
    );
    await openBoard(page, server);
    const laidOut = await api.cards(seeded.boardId);
    const first = laidOut[0];
    const from = await cardPoint(page, first, 170, 250);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + 400, { steps: 8 });
    await page.mouse.up();
    await expect
      .poll(async () => (await api.card(seeded.boardId, first.id))?.position.y)
      .toBeGreaterThan(first.position.y + 300);
    const dragged = (await api.card(seeded.boardId, first.id))!.position;

    const organized = page.waitForResponse((r) => isLayoutSave(r.request()));
    await page.getByRole('button', { name: 'Organize Cards' }).click();
    expect((await organized).ok()).toBe(true);
    await expect.poll(async () => (await api.card(seeded.boardId, first.id))?.position).toEqual(first.position);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await api.card(seeded.boardId, first.id))?.position).toEqual(dragged);

    await page.getByRole('button', { name: 'Zoom to Fit' }).click();
    const canvas = page.getByTestId('board-canvas');
    const box = (await canvas.boundingBox())!;
    const cards = await api.cards(seeded.boardId);
    const allVisible = async () => {
      const zoom = Number(await canvas.getAttribute('data-zoom'));
      const ox = Number(await canvas.getAttribute('data-offset-x'));
      const oy = Number(await canvas.getAttribute('data-offset-y'));
      return cards.every(
        (c) =>
          c.position.x * zoom + ox >= -1 &&
          (c.position.x + 340) * zoom + ox <= box.width + 1 &&
          c.position.y * zoom + oy >= -1 &&
          (c.position.y + 280) * zoom + oy <= box.height + 1,
      );
    };
    await expect.poll(allVisible).toBe(true);
    expect(Number(await canvas.getAttribute('data-zoom'))).toBeLessThan(1);
  });
});

test.describe('share board', () => {
  test('Create copy link marks the board shared; Copy link copies its /share link', async ({
    page,
    server,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const api = await signUp(page, server);
    const seeded = await seedBoard(api, 'Board', [], [{ title: 'A' }]);
    await openBoard(page, server);
    await page.getByRole('button', { name: 'Share Board' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share board' });
    await dialog.getByRole('button', { name: 'Create copy link' }).click();
    await dialog.getByRole('button', { name: 'Copy link', exact: true }).click();
    await expect(toast(page)).toContainText('Copied!');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${server.url}/share/[A-Za-z0-9_-]{16,}$`));
    const boards = await api.call<{ id: number; isShared: number }[]>('GET', '/api/boards');
    expect(boards.find((b) => b.id === seeded.boardId)?.isShared).toBe(1);
  });
});
