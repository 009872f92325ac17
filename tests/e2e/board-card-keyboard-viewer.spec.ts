import { currentUser, registerUser } from './account-fixtures';
import { openBoard, seedBoard, signUp } from './board-fixtures';
import { expect, runSql, test } from './fixtures';

/**
 * Cards from the keyboard on a board the user may only view: focus moves and Enter opens the viewer as for the
 * owner, but the card menu (which only writes) stays closed, and the hint does not offer it.
 */
test.describe('cards from the keyboard on a read-only board', () => {
  test('a viewer moves the focus and opens a card; Shift+F10 and the menu key open no menu', async ({
    page,
    server,
    browser,
  }) => {
    const owner = await signUp(page, server, 'Anna');
    const seeded = await seedBoard(
      owner,
      'Shared board',
      ['Shops'],
      [
        { title: 'Gem Shop', section: 'Shops' },
        { title: 'Coin Pack', section: 'Shops' },
      ],
    );
    // The owner's first open lays the board out, so the viewer sees it in place.
    await openBoard(page, server);
    const cards = await owner.cards(seeded.boardId);
    const titleOf = (id: string | null) => cards.find((c) => String(c.id) === id)?.title;

    const second = await browser.newContext();
    try {
      const { api: viewerApi, email } = await registerUser(second.request, server, { firstName: 'Vic' });
      const vic = await currentUser(viewerApi);
      // An invitation by email is accepted from a proven address: Vic's is marked proven as its link would.
      await runSql(server, 'UPDATE users SET email_verified_at = ? WHERE id = ?', [Date.now(), vic.id]);
      const asked = await owner.call<{ invitation: { code: string } }>(
        'POST',
        `/api/boards/${seeded.boardId}/members`,
        {
          email,
          role: 'viewer',
        },
      );
      await viewerApi.call('POST', `/api/invitations/${asked.invitation.code}/accept`);
      const v = await second.newPage();
      await openBoard(v, server, { expectLayout: false });
      await expect(v.getByTestId('viewer-note')).toBeVisible();

      const target = v.locator('.card-focus-target');
      const canvas = v.getByTestId('board-canvas').locator('canvas');
      await target.focus();
      await expect(canvas).toHaveAttribute('data-focused-card', /^\d+$/);
      await expect(target).toHaveAccessibleDescription(
        'Arrow keys move between cards, Enter opens the card, Space selects it.',
      );
      await v.keyboard.press('Home');
      const first = await canvas.getAttribute('data-focused-card');
      await v.keyboard.press('ArrowRight');
      await expect(canvas).not.toHaveAttribute('data-focused-card', first!);
      const focused = await canvas.getAttribute('data-focused-card');
      await expect(target).toHaveAccessibleName(`${titleOf(focused)}, section Shops`);

      for (const key of ['Shift+F10', 'ContextMenu']) {
        await v.keyboard.press(key);
        // The focus stays on the card and answers the next key: no menu took it.
        await v.keyboard.press('ArrowLeft');
        await expect(canvas).toHaveAttribute('data-focused-card', first!);
        await expect(v.getByRole('menu')).toHaveCount(0);
        await v.keyboard.press('ArrowRight');
        await expect(canvas).toHaveAttribute('data-focused-card', focused!);
      }

      await v.keyboard.press('Enter');
      const viewer = v.getByTestId('viewer');
      await expect(viewer).toHaveAccessibleName(titleOf(focused)!);
      await v.keyboard.press('Escape');
      await expect(viewer).toHaveCount(0);
      await expect(target).toBeFocused();
      await expect(canvas).toHaveAttribute('data-focused-card', focused!);
    } finally {
      await second.close();
    }
  });
});
