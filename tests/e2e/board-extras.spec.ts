import { cardPoint, hoverCard, openCardMenu, openBoard, seedBoard, signUp, toast } from './board-fixtures';
import { drawnCardPoint, exposeEngine } from './engine-fixtures';
import { expect, test } from './fixtures';

/** "Beyond the original": undo / redo, multi-select, the minimap, find on board. */
test.describe('undo and redo', () => {
  test('undo brings a deleted card back, redo deletes it again; section changes and bookmarks undo too', async ({
    page,
    server,
  }) => {
    await exposeEngine(page);
    const api = await signUp(page, server);
    const seeded = await seedBoard(api, 'Board', ['Shops'], [{ title: 'Gem Shop' }, { title: 'Other' }]);
    await openBoard(page, server);
    const gem = (await api.cards(seeded.boardId)).find((c) => c.title === 'Gem Shop')!;

    await (await hoverCard(page, gem)).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toContainText('Card Deleted');
    expect((await api.cards(seeded.boardId)).map((c) => c.title)).toEqual(['Other']);

    await page.keyboard.press('Control+z');
    await expect(toast(page)).toContainText('Undone');
    await expect
      .poll(async () => (await api.cards(seeded.boardId)).map((c) => c.title).sort())
      .toEqual(['Gem Shop', 'Other']);
    await page.keyboard.press('Control+Shift+z');
    await expect(toast(page)).toContainText('Redone');
    await expect.poll(async () => (await api.cards(seeded.boardId)).map((c) => c.title)).toEqual(['Other']);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await api.cards(seeded.boardId)).length).toBe(2);

    // A section change through the context menu, undone from the toolbar.
    const restored = (await api.cards(seeded.boardId)).find((c) => c.title === 'Gem Shop')!;
    // The card count grew, so the board is laid out again and its cards slide to new places: a right-click aimed
    // where the engine draws the card may land on the other card sliding past. The menu names its card, so the
    // right-click, aimed where the engine draws the card now, is tried again until the menu is the restored card's.
    const menu = await openCardMenu(page, restored, () => drawnCardPoint(page, restored.id));
    await expect(menu).toHaveAccessibleName('Add to section: Gem Shop');
    await menu.getByRole('menuitemradio', { name: 'Shops' }).click();
    await expect(toast(page)).toContainText('Card added to section');
    await expect
      .poll(async () => (await api.card(seeded.boardId, restored.id))?.sectionId)
      .toBe(seeded.sections.Shops.id);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await api.card(seeded.boardId, restored.id))?.sectionId).toBeNull();
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect
      .poll(async () => (await api.card(seeded.boardId, restored.id))?.sectionId)
      .toBe(seeded.sections.Shops.id);
  });
});

test.describe('multi-select', () => {
  test('Shift-click builds a selection that is bookmarked, moved and deleted as one undo step', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(api, 'Board', ['Target'], [{ title: 'One' }, { title: 'Two' }, { title: 'Three' }]);
    await openBoard(page, server);
    const cards = await api.cards(seeded.boardId);
    const one = cards.find((c) => c.title === 'One')!;
    const two = cards.find((c) => c.title === 'Two')!;
    for (const card of [one, two]) {
      const p = await cardPoint(page, card, 170, 250);
      await page.keyboard.down('Shift');
      await page.mouse.click(p.x, p.y);
      await page.keyboard.up('Shift');
    }
    const bar = page.getByTestId('selection-bar');
    await expect(bar).toContainText('2 cards selected');

    await bar.getByRole('button', { name: 'Bookmark all' }).click();
    await expect
      .poll(async () =>
        (await api.cards(seeded.boardId))
          .filter((c) => c.isBookmarked)
          .map((c) => c.title)
          .sort(),
      )
      .toEqual(['One', 'Two']);

    await bar.getByLabel('Move to section…').selectOption({ label: 'Target' });
    await expect
      .poll(async () =>
        (await api.cards(seeded.boardId))
          .filter((c) => c.sectionId === seeded.sections.Target.id)
          .map((c) => c.title)
          .sort(),
      )
      .toEqual(['One', 'Two']);

    await bar.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await api.cards(seeded.boardId)).map((c) => c.title)).toEqual(['Three']);
    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => (await api.cards(seeded.boardId)).map((c) => c.title).sort())
      .toEqual(['One', 'Three', 'Two']);
    // Restored as they were: bookmarked and in the section.
    const back = (await api.cards(seeded.boardId)).filter((c) => c.title !== 'Three');
    expect(back.every((c) => c.isBookmarked === 1 && c.sectionId === seeded.sections.Target.id)).toBe(true);
  });

  test('a Shift rubber-band on empty canvas selects the cards it touches; Escape clears', async ({ page, server }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(api, 'Board', [], [{ title: 'A' }, { title: 'B' }, { title: 'C' }]);
    await openBoard(page, server);
    const cards = (await api.cards(seeded.boardId)).sort((a, b) => a.position.x - b.position.x);
    // From the empty 30 px gap between the first and second cards to the middle of the third card.
    const start = await cardPoint(page, cards[0], 355, 120);
    const end = await cardPoint(page, cards[2], 100, 100);
    await page.keyboard.down('Shift');
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(end.x, end.y, { steps: 8 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await expect(page.getByTestId('selection-bar')).toContainText('2 cards selected');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('selection-bar')).toHaveCount(0);
  });
});

test.describe('minimap', () => {
  test('shows the board and moves the camera where it is pressed', async ({ page, server }) => {
    const api = await signUp(page, server);
    await seedBoard(
      api,
      'Board',
      ['One', 'Two'],
      Array.from({ length: 12 }, (_, i) => ({ title: `Card ${i}`, section: i % 2 ? 'One' : 'Two' })),
    );
    await openBoard(page, server);
    const minimap = page.getByTestId('minimap');
    await expect(minimap).toBeVisible();
    const canvas = page.getByTestId('board-canvas');
    const before = Number(await canvas.getAttribute('data-offset-x'));
    const mbox = (await minimap.boundingBox())!;
    await page.mouse.click(mbox.x + mbox.width - 10, mbox.y + mbox.height - 10);
    await expect.poll(async () => Number(await canvas.getAttribute('data-offset-x'))).toBeLessThan(before - 100);
    // Dragging on it follows the pointer.
    await page.mouse.move(mbox.x + mbox.width - 10, mbox.y + mbox.height / 2);
    await page.mouse.down();
    await page.mouse.move(mbox.x + 15, mbox.y + mbox.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect.poll(async () => Number(await canvas.getAttribute('data-offset-x'))).toBeGreaterThan(before - 100);
    await expect(page.getByTestId('zoom-percent')).toHaveText('100%');
  });
});

test.describe('find on board', () => {
  test('Ctrl+F counts the matches; Enter jumps to each in turn and shows its controls', async ({ page, server }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(
      api,
      'Board',
      [],
      [
        { title: 'Royal Pass', description: 'season rewards' },
        { title: 'Gem Shop' },
        { title: 'Battle Pass', tags: ['Season Pass'] },
      ],
    );
    await openBoard(page, server);
    await page.keyboard.press('Control+f');
    const input = page.getByRole('searchbox', { name: 'Find on board' });
    await expect(input).toBeFocused();
    await input.fill('pass');
    await expect(page.getByTestId('find-count')).toHaveText('2 matches');
    await input.fill('SEASON');
    await expect(page.getByTestId('find-count')).toHaveText('2 matches');
    await input.press('Enter');
    await expect(page.getByTestId('find-count')).toHaveText('1 / 2');
    const cards = await api.cards(seeded.boardId);
    const matching = cards.filter((c) => c.title !== 'Gem Shop').map((c) => String(c.id));
    const controls = page.getByTestId('card-controls');
    await expect(controls).toHaveAttribute('data-card-id', new RegExp(`^(${matching.join('|')})$`));
    const firstId = (await controls.getAttribute('data-card-id'))!;
    await input.press('Enter');
    await expect(page.getByTestId('find-count')).toHaveText('2 / 2');
    await expect(controls).toHaveAttribute(
      'data-card-id',
      matching.find((id) => id !== firstId)!,
    );
    await input.press('Enter');
    await expect(page.getByTestId('find-count')).toHaveText('1 / 2');
    await input.fill('zzz');
    await expect(page.getByTestId('find-count')).toHaveText('0 matches');
    await input.press('Escape');
    await expect(input).toHaveCount(0);
  });
});
