import { signUpAs } from './account-fixtures';
import { openBoard, seedBoard, signUp, toast } from './board-fixtures';
import { expect, test } from './fixtures';

/**
 * "No way to lose work by one click": deleting a board says what went, offers Undo for 10 s, and Undo
 * (or Ctrl+Z) brings the board back with its sections, cards and bookmarks. Toasts sit clear of the minimap.
 */
test.describe('board delete undo', () => {
  test('the toast names the card count and its Undo brings back the board, selected, with sections, cards and bookmarks; Ctrl+Z too', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    await seedBoard(api, 'Research', [], [{ title: 'Other card' }]);
    const seeded = await seedBoard(
      api,
      'Offers study',
      ['Shops'],
      [
        { title: 'Gem Shop', section: 'Shops', isBookmarked: 1 },
        { title: 'Coin Shop', section: 'Shops' },
        { title: 'Loose' },
      ],
    );
    await openBoard(page, server);
    const cardsBefore = await api.cards(seeded.boardId);
    const list = page.getByRole('navigation', { name: 'Boards' });
    await expect(list.getByRole('button', { name: 'Offers study', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await list.getByRole('button', { name: 'Delete Offers study' }).click();
    await expect(toast(page)).toContainText('Board Deleted');
    await expect(toast(page)).toContainText('3 cards');
    await expect(list.getByRole('button', { name: 'Research', exact: true })).toHaveAttribute('aria-current', 'true');
    expect((await api.boards()).map((b) => b.title)).toEqual(['Research']);
    expect(await api.call<unknown[]>('GET', '/api/bookmarks')).toHaveLength(0);

    // The toast sits clear of the minimap.
    const toastBox = (await toast(page).boundingBox())!;
    const minimapBox = (await page.getByTestId('minimap').boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(minimapBox.y);

    await toast(page).getByRole('button', { name: 'Undo' }).click();
    await expect(list.getByRole('button', { name: 'Offers study', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    const restored = await api.cards(seeded.boardId);
    expect(restored.map((c) => [c.id, c.sectionId, c.isBookmarked, c.position])).toEqual(
      cardsBefore.map((c) => [c.id, c.sectionId, c.isBookmarked, c.position]),
    );
    expect(
      (await api.call<{ id: number }[]>('GET', `/api/sections?boardId=${seeded.boardId}`)).map((s) => s.id),
    ).toEqual([seeded.sections.Shops.id]);
    expect((await api.call<{ title: string }[]>('GET', '/api/bookmarks')).map((c) => c.title)).toEqual(['Gem Shop']);
    await expect(page.getByTestId('board-canvas')).toHaveAttribute('data-cards', '3');

    // Ctrl+Z undoes a deletion too.
    await list.getByRole('button', { name: 'Delete Offers study' }).click();
    await expect(toast(page)).toContainText('Board Deleted');
    await page.locator('body').click({ position: { x: 700, y: 5 } });
    await page.keyboard.press('Control+z');
    await expect(list.getByRole('button', { name: 'Offers study', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect((await api.cards(seeded.boardId)).map((c) => c.id)).toEqual(cardsBefore.map((c) => c.id));
  });

  test('on the free plan the toast counts the cards the user saw, not the locked ones', async ({ page, server }) => {
    const { api } = await signUpAs(page, server);
    await seedBoard(api, 'Keep', [], []);
    const names = ['Shops', 'Offers', 'Events', 'Passes', 'Quests', 'Chat'];
    const seeded = await seedBoard(
      api,
      'Locked study',
      names,
      names.flatMap((section) => [1, 2].map((n) => ({ title: `${section} card ${n}`, section }))),
    );
    const visible = (await api.cards(seeded.boardId)).length;
    // Some sections are locked on the free plan: their cards are not the user's to see.
    expect(visible).toBeGreaterThan(0);
    expect(visible).toBeLessThan(names.length * 2);
    await page.goto(server.url + '/');
    // The first read of a free user's board works out its locks: slow on a loaded machine, so a longer wait.
    await expect(page.getByTestId('board-canvas')).toHaveAttribute('data-cards', String(visible), { timeout: 30_000 });
    const list = page.getByRole('navigation', { name: 'Boards' });
    await list.getByRole('button', { name: 'Delete Locked study' }).click();
    await expect(toast(page)).toContainText(`“Locked study” with ${visible} cards.`);
  });
});
