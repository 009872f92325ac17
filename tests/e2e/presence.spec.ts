import type { Page } from '@playwright/test';
import type { FlashInspection } from '#engine/types';
import { personColor } from '#shared/presence';
import { registerUser, currentUser } from './account-fixtures';
import { cardPoint, openBoard, seedBoard, signUp, toast } from './board-fixtures';
import { exposeEngine, inspectCard } from './engine-fixtures';
import { e2eBackend } from './backend';
import { expect, startServer, test } from './fixtures';

type Hook = {
  __lootBoardEngine?: {
    inspectCard(id: number): { screenRect: { x: number } } | null;
    inspectFlashes(): FlashInspection[];
  };
};

/** The people the board's presence avatars name (their aria-labels), in order. */
function avatars(page: Page) {
  return page.getByTestId('presence-avatars').getByRole('listitem');
}

/**
 * Team boards ("Presence" and "Conflicts"): an owner (A) and an editor (B, a second account made a member
 * through the API) on one board in two browser contexts; on PostgreSQL B's context is served by a second instance
 * of the app, so everything B hears of A crosses the database's NOTIFY.
 */
test.describe('presence on a team board', () => {
  test('each sees the other; a move reaches the other within 1 s and flashes with its author’s name; a card deleted under a drag ends it', async ({
    page,
    server,
    browser,
  }) => {
    const apiA = await signUp(page, server, 'Anna');
    const seeded = await seedBoard(
      apiA,
      'Team board',
      ['Shops'],
      [
        { title: 'Gem Shop', section: 'Shops' },
        { title: 'Coin Pack', section: 'Shops' },
      ],
    );
    const anna = await currentUser(apiA);
    await exposeEngine(page);
    await openBoard(page, server);

    const instanceB = e2eBackend() === 'postgres' ? await startServer({}, { instanceOf: server }) : null;
    const second = await browser.newContext();
    try {
      const serverB = instanceB ?? server;
      const { api: apiB, email: emailB } = await registerUser(second.request, serverB, { firstName: 'Bea' });
      const bea = await currentUser(apiB);
      const asked = await apiA.call<{ invitation: { code: string } }>('POST', `/api/boards/${seeded.boardId}/members`, {
        email: emailB,
        role: 'editor',
      });
      await apiB.call('POST', `/api/invitations/${asked.invitation.code}/accept`);
      const b = await second.newPage();
      await exposeEngine(b);
      // B has no board of its own: the shared board is the one it opens.
      await openBoard(b, serverB, { expectLayout: false });
      await expect(b.getByTestId('board-canvas')).toHaveAttribute('data-live', 'live');

      // Presence: each sees both, "you" marked for themself, each person in their own color.
      await expect(avatars(page)).toHaveCount(2);
      await expect(avatars(page).filter({ hasText: 'BE' })).toHaveAttribute('aria-label', 'Bea');
      await expect(avatars(page).filter({ hasText: 'BE' })).toHaveAttribute('data-user-id', String(bea.id));
      await expect(avatars(page).filter({ hasText: 'AN' })).toHaveAttribute('aria-label', 'Anna (you)');
      await expect(avatars(b)).toHaveCount(2);
      await expect(avatars(b).filter({ hasText: 'AN' })).toHaveAttribute('aria-label', 'Anna');
      await expect(avatars(b).filter({ hasText: 'BE' })).toHaveAttribute('aria-label', 'Bea (you)');
      expect(
        await avatars(b)
          .filter({ hasText: 'AN' })
          .evaluate((el) => getComputedStyle(el).backgroundColor),
      ).toBe(hexToRgb(personColor(anna.id)));

      // A moves a card: B's board has it within 1 s of A's answer, flashing in Anna's color with her name.
      const gem = (await apiA.card(seeded.boardId, seeded.cards['Gem Shop'].id))!;
      const before = (await inspectCard(b, gem.id))!.screenRect.x;
      const heard = b.evaluate(
        ({ id, x }) =>
          new Promise<{ at: number; flashes: FlashInspection[] }>((resolve) => {
            // Checked in B's page on every frame: when its engine draws the card elsewhere, and what flashes then.
            const check = () => {
              const engine = (window as unknown as Hook).__lootBoardEngine!;
              const card = engine.inspectCard(id);
              if (card && card.screenRect.x !== x) resolve({ at: Date.now(), flashes: engine.inspectFlashes() });
              else requestAnimationFrame(check);
            };
            check();
          }),
        { id: gem.id, x: before },
      );
      await apiA.call('POST', `/api/boards/${seeded.boardId}/ops`, {
        batchId: `presence-${Date.now()}`,
        ops: [{ type: 'card.move', id: gem.id, position: { x: gem.position.x + 40, y: gem.position.y } }],
      });
      const answered = Date.now();
      const { at, flashes } = await heard;
      expect(at - answered).toBeLessThan(1_000);
      expect(flashes).toContainEqual({ cardId: gem.id, color: personColor(anna.id), label: 'Anna' });
      expect((await inspectCard(b, gem.id))!.screenRect.x).toBe(before + 40);

      // A drags a card; B deletes it meanwhile: A's drag ends, the card goes, and A is told who deleted it.
      const coin = (await apiA.card(seeded.boardId, seeded.cards['Coin Pack'].id))!;
      const canvas = page.getByTestId('board-canvas');
      const grab = await cardPoint(page, coin);
      await page.mouse.move(grab.x, grab.y);
      await page.mouse.down();
      await page.mouse.move(grab.x + 30, grab.y + 20, { steps: 3 });
      await expect(canvas).toHaveAttribute('data-editing', 'true');
      await apiB.call('POST', `/api/boards/${seeded.boardId}/ops`, {
        batchId: `presence-del-${Date.now()}`,
        ops: [{ type: 'card.delete', id: coin.id }],
      });
      await expect(toast(page)).toContainText('Bea deleted this card');
      await expect(canvas).toHaveAttribute('data-editing', 'false');
      await expect.poll(() => inspectCard(page, coin.id)).toBeNull();
      // Releasing the button afterwards saves nothing.
      const sent: string[] = [];
      page.on('request', (r) => r.url().includes('/ops') && sent.push(r.postData() ?? ''));
      await page.mouse.up();
      expect((await apiA.cards(seeded.boardId)).map((c) => c.id)).not.toContain(coin.id);
      expect(sent.filter((body) => body.includes(String(coin.id)))).toEqual([]);

      // B closes the board: A's avatars go (only A is left, so the row hides).
      await b.close();
      await expect(page.getByTestId('presence-avatars')).toHaveCount(0);
    } finally {
      await second.close();
      await instanceB?.stop();
    }
  });
});

/** `#RRGGBB` as the browser's computed `rgb(r, g, b)`. */
function hexToRgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
