import { registerUser, currentUser } from './account-fixtures';
import { cardPoint, openBoard, seedBoard, signUp, toast } from './board-fixtures';
import { exposeEngine, inspectCard, inspectSection } from './engine-fixtures';
import { expect, runSql, test } from './fixtures';

type Hook = { __lootBoardEngine?: { inspectCard(id: number): { screenRect: { x: number; y: number } } | null } };

/**
 * A drop the server refuses because the owner made the dragging editor a viewer mid-drag: the editor is told why in
 * words, and the card goes back to its place instead of staying where it was let go.
 */
test.describe('a refused drop', () => {
  test('an editor made a viewer mid-drag is told the move was not saved, and the card goes back to its place', async ({
    page,
    server,
    browser,
  }) => {
    const apiA = await signUp(page, server, 'Anna');
    const seeded = await seedBoard(
      apiA,
      'Team board',
      ['Shops', 'Offers'],
      [
        { title: 'Gem Shop', section: 'Shops' },
        { title: 'Coin Pack', section: 'Offers' },
      ],
    );
    // B watches the card glide back: motion is what this spec is about (the suite's default reduces it).
    const second = await browser.newContext({ reducedMotion: 'no-preference' });
    try {
      const { api: apiB, email: emailB } = await registerUser(second.request, server, { firstName: 'Bea' });
      const bea = await currentUser(apiB);
      // An invitation by email is accepted from a proven address: B's is marked proven as its link would.
      await runSql(server, 'UPDATE users SET email_verified_at = ? WHERE id = ?', [Date.now(), bea.id]);
      const asked = await apiA.call<{ invitation: { code: string } }>('POST', `/api/boards/${seeded.boardId}/members`, {
        email: emailB,
        role: 'editor',
      });
      await apiB.call('POST', `/api/invitations/${asked.invitation.code}/accept`);
      const b = await second.newPage();
      await exposeEngine(b);
      await openBoard(b, server, { expectLayout: false });
      await expect(b.getByTestId('board-canvas')).toHaveAttribute('data-live', 'live');

      const gem = (await apiA.card(seeded.boardId, seeded.cards['Gem Shop'].id))!;
      const start = (await inspectCard(b, gem.id))!.screenRect;
      const offers = (await inspectSection(b, seeded.sections['Offers'].id))!.screenRect;
      const box = (await b.getByTestId('board-canvas').boundingBox())!;
      const grab = await cardPoint(b, gem);
      const target = { x: box.x + offers.x + offers.width / 2, y: box.y + offers.y + 40 };

      await b.mouse.move(grab.x, grab.y);
      await b.mouse.down();
      await b.mouse.move(grab.x + 20, grab.y + 10, { steps: 3 });
      await expect(b.getByTestId('board-canvas')).toHaveAttribute('data-editing', 'true');
      // The owner lowers B's role while B still holds the card.
      await apiA.call('PATCH', `/api/boards/${seeded.boardId}/members/${bea.id}`, { role: 'viewer' });
      await b.mouse.move(target.x, target.y, { steps: 8 });

      const refused = b.waitForResponse((r) => r.url().endsWith(`/api/boards/${seeded.boardId}/ops`));
      // Where B's engine draws the card on every frame from the release until it is back at its start.
      const path = b.evaluate(
        ({ id, x, y }) =>
          new Promise<number[]>((resolve) => {
            const xs: number[] = [];
            const check = () => {
              const card = (window as unknown as Hook).__lootBoardEngine!.inspectCard(id);
              if (card) xs.push(card.screenRect.x);
              if (card && card.screenRect.x === x && card.screenRect.y === y && xs.some((v) => v !== x)) resolve(xs);
              else requestAnimationFrame(check);
            };
            check();
          }),
        { id: gem.id, x: start.x, y: start.y },
      );
      await b.mouse.up();
      expect((await refused).status()).toBe(403);

      await expect(toast(b)).toContainText('Move not saved');
      await expect(toast(b)).toContainText('You can now only view “Team board”, so the card went back to its place.');
      // Where it was held, then back at its start (the engine glides it there: updateCards animates every move).
      const xs = await path;
      expect(xs[0]).not.toBe(start.x);
      expect(xs.at(-1)).toBe(start.x);
      // Nothing changed on the server.
      expect((await apiA.card(seeded.boardId, gem.id))!.sectionId).toBe(seeded.sections['Shops'].id);
    } finally {
      await second.close();
    }
  });
});
