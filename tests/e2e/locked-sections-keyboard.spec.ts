import { cameraOf, openBoard, seedBoard, signUp, type WireSection } from './board-fixtures';
import { expect, test } from './fixtures';

type LockedSection = WireSection & { locked?: boolean };

/** A locked section's 'Upgrade Plan to Unlock' is a real button, not only canvas pixels. */
test.describe('locked sections from the keyboard', () => {
  test('each drawn upgrade button has a focusable button over it; Enter opens the plans; focus brings it into view', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const names = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta'];
    const seeded = await seedBoard(
      api,
      'Free board',
      names,
      names.map((section) => ({ title: `${section} card`, section })),
    );
    // Down to Free: the lock is decided once, for the board's sections as they are now.
    await api.call('PATCH', '/api/user/plan', { planId: 1 });
    await openBoard(page, server);
    const locked = (await api.call<LockedSection[]>('GET', `/api/sections?boardId=${seeded.boardId}`)).filter(
      (s) => s.locked,
    );
    expect(locked.length).toBeGreaterThan(0);

    const buttons = page
      .getByRole('group', { name: 'Premium Section' })
      .getByRole('button', { name: 'Upgrade Plan to Unlock' });
    await expect(buttons).toHaveCount(locked.length);

    // Over the drawn button: 220 × 40 world units, centred, 30 above the section's bottom edge.
    await page.getByRole('button', { name: 'Zoom to Fit' }).click();
    await expect.poll(async () => (await cameraOf(page)).zoom).toBeLessThan(1);
    const { zoom, offset, box } = await cameraOf(page);
    const drawn = locked.map((s) => ({
      x: box.x + offset.x + (s.position.x + (s.size.width - 220) / 2) * zoom,
      y: box.y + offset.y + (s.position.y + s.size.height - 70) * zoom,
      width: 220 * zoom,
      height: 40 * zoom,
    }));
    const shown = await Promise.all((await buttons.all()).map(async (b) => (await b.boundingBox())!));
    for (const [i, rect] of drawn.entries()) {
      const match = shown.find((b) => Math.abs(b.x - rect.x) < 1.5 && Math.abs(b.y - rect.y) < 1.5);
      expect(
        match,
        `a button over ${JSON.stringify(rect)} (section ${locked[i].id}); buttons at ${JSON.stringify(shown)}`,
      ).toBeDefined();
      expect(match!.width).toBeCloseTo(rect.width, 0);
      expect(match!.height).toBeCloseTo(rect.height, 0);
    }

    // Tab reaches one from the board's toolbar, with a visible focus ring; Enter goes to the plans.
    await page.getByRole('toolbar', { name: 'Board controls' }).getByRole('button', { name: 'Zoom Out' }).focus();
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Shift+Tab');
      reached = await page.evaluate(() => document.activeElement?.classList.contains('locked-upgrade') ?? false);
    }
    expect(reached, 'Shift+Tab from the toolbar reaches an upgrade button').toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');

    // Reset to 100 %: a button whose section is off screen brings it into view when it gets focus.
    await page.keyboard.press('r');
    await expect(page.getByTestId('zoom-percent')).toHaveText('100%');
    const canvas = (await cameraOf(page)).box;
    const inside = (b: { x: number; y: number; width: number; height: number }) =>
      b.x >= canvas.x &&
      b.y >= canvas.y &&
      b.x + b.width <= canvas.x + canvas.width &&
      b.y + b.height <= canvas.y + canvas.height;
    const boxes = await Promise.all((await buttons.all()).map(async (b) => (await b.boundingBox())!));
    const hidden = boxes.findIndex((b) => !inside(b));
    expect(hidden, `one button off screen at 100 %: ${JSON.stringify(boxes)}`).toBeGreaterThanOrEqual(0);
    await buttons.nth(hidden).focus();
    await expect.poll(async () => inside((await buttons.nth(hidden).boundingBox())!)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(server.url + '/billing');
  });
});
