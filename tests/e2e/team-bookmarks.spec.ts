import { registerUser } from './account-fixtures';
import { hoverCard, openBoard, seedBoard, toast } from './board-fixtures';
import { expect, test } from './fixtures';

/**
 * Bookmarks are per person on a team board: a viewer bookmarks a card of a board shared with them; it is
 * theirs alone (the owner's star and list do not change), their bookmarks view lists it with its board, and Show on
 * Board opens the shared board.
 */
test('a viewer bookmarks a card of a shared board: their own bookmark, listed with its board and shown on it', async ({
  page,
  server,
  browser,
}) => {
  const owner = await registerUser(page.request, server, { planId: 4, firstName: 'Olive' });
  const seeded = await seedBoard(
    owner.api,
    'Team board',
    [],
    [{ title: 'Gem Shop' }, { title: 'Coin Pack', isBookmarked: 1 }],
  );
  // The owner opens it once: the first layout places the cards (a viewer's screen lays nothing out).
  await openBoard(page, server);
  const context = await browser.newContext();
  try {
    const viewerPage = await context.newPage();
    const viewer = await registerUser(viewerPage.request, server, { firstName: 'Vic' });
    const asked = await owner.api.call<{ invitation: { code: string } }>(
      'POST',
      `/api/boards/${seeded.boardId}/members`,
      { email: viewer.email, role: 'viewer' },
    );
    await viewer.api.call('POST', `/api/invitations/${asked.invitation.code}/accept`);

    await viewerPage.goto(server.url + '/');
    await viewerPage.getByTestId('shared-boards').getByRole('button', { name: 'Team board by Olive' }).click();
    const canvas = viewerPage.getByTestId('board-canvas');
    await expect(canvas).toHaveAttribute('data-cards', '2');
    await expect(viewerPage.getByTestId('viewer-note')).toBeVisible();

    // The owner's bookmark is not the viewer's: their star on Coin Pack is off; they bookmark Gem Shop.
    const cards = await viewer.api.cards(seeded.boardId);
    const gem = cards.find((c) => c.title === 'Gem Shop')!;
    const coin = cards.find((c) => c.title === 'Coin Pack')!;
    expect([gem.isBookmarked, coin.isBookmarked]).toEqual([0, 0]);
    let controls = await hoverCard(viewerPage, coin);
    await expect(controls.getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'false');
    controls = await hoverCard(viewerPage, gem);
    await controls.getByRole('button', { name: 'Bookmark' }).click();
    await expect(toast(viewerPage)).toContainText('Added to Bookmarks');
    await expect(controls.getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true');
    expect((await viewer.api.cards(seeded.boardId)).filter((c) => c.isBookmarked === 1).map((c) => c.title)).toEqual([
      'Gem Shop',
    ]);
    // The owner's stay as they were.
    expect((await owner.api.cards(seeded.boardId)).filter((c) => c.isBookmarked === 1).map((c) => c.title)).toEqual([
      'Coin Pack',
    ]);

    // The viewer's bookmarks view lists it with its board; Show on Board opens the shared board.
    await viewerPage.getByRole('button', { name: 'Bookmarks' }).click();
    const view = viewerPage.getByRole('region', { name: 'My Bookmarks' });
    await expect(view.getByTestId('bookmarks-count')).toHaveText('1 item');
    const kept = view.getByTestId('bookmark-card').filter({ hasText: 'Gem Shop' });
    await expect(kept).toContainText('Board: Team board');
    await kept.getByRole('button', { name: 'Show on Board', exact: true }).click();
    await expect(view).toHaveCount(0);
    await expect(viewerPage.locator('.board-item.current')).toHaveAttribute('data-board-id', String(seeded.boardId));
    await expect(viewerPage.getByTestId('zoom-percent')).toHaveText('120%');
  } finally {
    await context.close();
  }
});
