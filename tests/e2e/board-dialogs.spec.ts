import { cardPoint, hoverCard, openBoard, seedBoard, signUp, toast, worldPoint } from './board-fixtures';
import { expect, test } from './fixtures';
import { failOps, holdOps, isLayoutSave, sendsOp } from './ops-fixtures';

/** The move dialog in both tabs, drag into a section, and the fullscreen viewer. */
test.describe('move dialog', () => {
  test("section tab: validations, the 'already there' notice without a call, busy label, success", async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(
      api,
      'Board',
      ['Shops', 'Passes'],
      [{ title: 'Gem Shop', section: 'Shops' }, { title: 'Loose One' }],
    );
    await openBoard(page, server);
    const card = (await api.cards(seeded.boardId)).find((c) => c.title === 'Gem Shop')!;
    const sectionCalls: string[] = [];
    page.on('request', (r) => sendsOp(r, 'cards.place') && sectionCalls.push(r.url()));

    await (await hoverCard(page, card)).getByRole('button', { name: 'Move' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move card' });
    await expect(dialog).toContainText('Choose a card and where it goes');
    await expect(dialog.getByRole('tab', { name: 'Move to section' })).toHaveAttribute('aria-selected', 'true');
    const move = dialog.getByRole('button', { name: 'Move', exact: true });

    // The card picker is grouped by section, with 'No section' for loose cards.
    const cardPicker = dialog.getByLabel('Card');
    await expect(cardPicker.locator('optgroup[label="Shops"] option')).toHaveText(['Gem Shop']);
    await expect(cardPicker.locator('optgroup[label="No section"] option')).toHaveText(['Loose One']);

    // Nothing red before the user tries; a try says what is missing, a change takes it back.
    const hint = dialog.getByTestId('move-hint');
    await expect(hint).toHaveCount(0);
    await move.click();
    await expect(hint).toHaveText('Please choose a destination section');
    await cardPicker.selectOption('');
    await expect(hint).toHaveCount(0);
    await move.click();
    await expect(hint).toHaveText('Please choose a card');
    await expect(dialog).toBeVisible();
    expect(sectionCalls).toEqual([]);
    await cardPicker.selectOption({ label: 'Gem Shop' });

    // Already in that section: an info notice, the dialog closes, no request.
    await dialog.getByLabel('Section').selectOption({ label: 'Shops' });
    await move.click();
    await expect(toast(page)).toContainText('Information');
    await expect(toast(page)).toContainText('The card is already in the chosen section');
    await expect(dialog).toHaveCount(0);
    expect(sectionCalls).toEqual([]);

    // A real move: busy label while the request is held, then the success toast naming card and section.
    await (await hoverCard(page, card)).getByRole('button', { name: 'Move' }).click();
    await expect(dialog).toBeVisible();
    await expect(hint).toHaveCount(0);
    const held = await holdOps(page, 'cards.place');
    await dialog.getByLabel('Section').selectOption({ label: 'Passes' });
    await move.click();
    await expect(dialog.getByRole('button', { name: 'Moving...' })).toBeDisabled();
    held.release();
    await expect(toast(page)).toContainText('Card moved');
    await expect(toast(page)).toContainText('Gem Shop');
    await expect(toast(page)).toContainText('Passes');
    await expect(dialog).toHaveCount(0);
    expect((await api.card(seeded.boardId, card.id))?.sectionId).toBe(seeded.sections.Passes.id);
  });

  test('board tab: excludes the current board, moves the card, and reports a failure', async ({ page, server }) => {
    const api = await signUp(page, server);
    const target = await seedBoard(api, 'Archive', [], []);
    const seeded = await seedBoard(api, 'Current', [], [{ title: 'Travel' }, { title: 'Stay' }]);
    await openBoard(page, server);
    const cards = await api.cards(seeded.boardId);
    const travel = cards.find((c) => c.title === 'Travel')!;

    await (await hoverCard(page, travel)).getByRole('button', { name: 'Move' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move card' });
    await dialog.getByRole('tab', { name: 'Move to board' }).click();
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(dialog.getByTestId('move-hint')).toHaveText('Please choose a destination board');
    const boardPicker = dialog.getByLabel('Board');
    await expect(boardPicker.locator('option')).toHaveText(['—', 'Archive']);

    // First attempt fails: the spec's failure toast, the dialog stays.
    await failOps(page, 'card.moveToBoard', { times: 1 });
    await boardPicker.selectOption({ label: 'Archive' });
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(toast(page)).toContainText('Could not move the card');
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(toast(page)).toContainText('Card moved');
    await expect(dialog).toHaveCount(0);
    expect((await api.cards(target.boardId)).map((c) => c.title)).toEqual(['Travel']);
    expect((await api.cards(seeded.boardId)).map((c) => c.title)).toEqual(['Stay']);

    // Reopened: the mode is back to section and the choices are cleared.
    const stay = (await api.cards(seeded.boardId))[0];
    await (await hoverCard(page, stay)).getByRole('button', { name: 'Move' }).click();
    await expect(dialog.getByRole('tab', { name: 'Move to section' })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('drag to a section', () => {
  test("a card dropped on a section joins it with 'Card moved' and the board is reorganised", async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(
      api,
      'Board',
      ['Offers'],
      [{ title: 'In Offers', section: 'Offers' }, { title: 'Loose' }],
    );
    await openBoard(page, server);
    const loose = (await api.cards(seeded.boardId)).find((c) => c.title === 'Loose')!;
    const section = (
      await api.call<{ id: number; position: { x: number; y: number }; size: { width: number; height: number } }[]>(
        'GET',
        `/api/sections?boardId=${seeded.boardId}`,
      )
    )[0];

    const from = await cardPoint(page, loose, 170, 220);
    // Drop so that the card's reference point (position + 160, 170) lands inside the section.
    const dropCardAt = { x: section.position.x + section.size.width - 200, y: section.position.y + 40 };
    const to = await worldPoint(page, { x: dropCardAt.x + 170, y: dropCardAt.y + 220 });
    const relayout = page.waitForResponse((r) => isLayoutSave(r.request()));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 10, from.y + 10, { steps: 2 });
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await page.mouse.up();
    await expect(toast(page)).toContainText('Card moved');
    await relayout;
    const after = (await api.card(seeded.boardId, loose.id))!;
    expect(after.sectionId).toBe(section.id);
    // Reorganised: the card sits inside its section again.
    const sectionAfter = (await api.call<(typeof section)[]>('GET', `/api/sections?boardId=${seeded.boardId}`))[0];
    expect(after.position.x).toBeGreaterThanOrEqual(sectionAfter.position.x);
    expect(after.position.y).toBeGreaterThanOrEqual(sectionAfter.position.y);
    expect(after.position.x).toBeLessThan(sectionAfter.position.x + sectionAfter.size.width);
  });
});

test.describe('fullscreen viewer', () => {
  test('opens on a card image; arrows wrap; markdown renders without raw HTML; Escape and backdrop close', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(
      api,
      'Board',
      [],
      [
        {
          title: 'Royal Pass',
          game: 'Royal Match',
          gameLink: 'https://example.com/royal-match',
          tags: ['Monetization', 'Season Pass'],
          images: ['/api/storage/a.webp', '/api/storage/b.webp', '/api/storage/c.webp'],
          description: 'Short **bold** text',
          detailedDescription: 'Line one\\nLine <script>window.__pwned = 1</script> [link](javascript:alert(1))',
        },
      ],
    );
    await openBoard(page, server);
    const [card] = await api.cards(seeded.boardId);
    const image = await cardPoint(page, card, 170, 80);
    await page.mouse.click(image.x, image.y);
    const viewer = page.getByTestId('viewer');
    await expect(viewer).toBeVisible();
    await expect(viewer.getByTestId('viewer-counter')).toHaveText('1 / 3');
    await expect(viewer.getByRole('tab')).toHaveCount(3);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');

    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByTestId('viewer-counter')).toHaveText('2 / 3');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByTestId('viewer-counter')).toHaveText('3 / 3');
    await viewer.getByRole('button', { name: 'Next image' }).click();
    await expect(viewer.getByTestId('viewer-counter')).toHaveText('1 / 3');

    await expect(viewer.getByRole('link', { name: 'Royal Match' })).toHaveAttribute(
      'href',
      'https://example.com/royal-match',
    );
    await expect(viewer.getByRole('link', { name: 'Royal Match' })).toHaveAttribute('rel', /noopener/);
    await expect(viewer.locator('strong', { hasText: 'bold' })).toBeVisible();
    await expect(viewer.getByText('Short Description')).toBeVisible();
    await expect(viewer.getByText('Detailed Description')).toBeVisible();
    await expect(viewer.getByTestId('viewer-detailed').locator('script')).toHaveCount(0);
    await expect(viewer.getByTestId('viewer-detailed').locator('a[href^="javascript"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(viewer.locator('.viewer-panel')).toHaveCSS('width', '420px');

    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    await page.mouse.click(image.x, image.y);
    await expect(viewer).toBeVisible();
    await page.mouse.click(5, 450);
    await expect(viewer).toHaveCount(0);
  });

  test('shows genre info from /api/game-info, and no dots past 10 images', async ({ page, server }) => {
    const api = await signUp(page, server);
    const images = Array.from({ length: 11 }, (_, i) => `/api/storage/${i}.webp`);
    const seeded = await seedBoard(api, 'Board', [], [{ title: 'Many', game: 'Royal Match', images }]);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/game-info?**', async (route) => {
      await held;
      await route.fulfill({ json: { success: true, genre: 'Puzzle', subgenre: 'Match-3' } });
    });
    await openBoard(page, server);
    const [card] = await api.cards(seeded.boardId);
    const image = await cardPoint(page, card, 170, 80);
    await page.mouse.click(image.x, image.y);
    const viewer = page.getByTestId('viewer');
    await expect(viewer.getByTestId('viewer-genre')).toHaveText('Loading genre info...');
    release();
    await expect(viewer.getByTestId('viewer-genre')).toContainText('Puzzle');
    await expect(viewer.getByTestId('viewer-genre')).toContainText('Match-3');
    await expect(viewer.getByTestId('viewer-counter')).toHaveText('1 / 11');
    await expect(viewer.getByRole('tab')).toHaveCount(0);
  });
});
