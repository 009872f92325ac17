import {
  cardPoint,
  openCardMenu,
  openBoard,
  seedBoard,
  signUp,
  toast,
  worldPoint,
  type WireSection,
} from './board-fixtures';
import { expect, test } from './fixtures';
import { failOps, isLayoutSave, sendsOp } from './ops-fixtures';

/** Sections renamed by the prompt, moved and resized by dragging, with the spec's failure toasts. */
test.describe('sections', () => {
  test("clicking a title asks 'Enter new section title'; a blank answer is ignored", async ({ page, server }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(api, 'Board', ['Shops'], [{ title: 'Gem Shop', section: 'Shops' }]);
    await openBoard(page, server);
    const [section] = await api.call<WireSection[]>('GET', `/api/sections?boardId=${seeded.boardId}`);
    const title = await worldPoint(page, { x: section.position.x + 200, y: section.position.y + 20 });
    const titleCalls: string[] = [];
    page.on('request', (r) => sendsOp(r, 'section.rename') && titleCalls.push(r.url()));

    await page.mouse.click(title.x, title.y);
    const prompt = page.getByRole('dialog', { name: 'Enter new section title' });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('textbox').fill('   ');
    await prompt.getByRole('textbox').press('Enter');
    await expect(prompt).toHaveCount(0);
    expect(titleCalls).toEqual([]);

    await page.mouse.click(title.x, title.y);
    await prompt.getByRole('textbox').fill('Offers');
    await prompt.getByRole('textbox').press('Enter');
    await expect(toast(page)).toContainText('Title Updated');
    await expect(toast(page)).toContainText('Section title successfully changed');
    expect((await api.call<WireSection[]>('GET', `/api/sections?boardId=${seeded.boardId}`))[0].title).toBe('Offers');

    await failOps(page, 'section.rename');
    await page.mouse.click(title.x, title.y);
    await prompt.getByRole('textbox').fill('Never');
    await prompt.getByRole('textbox').press('Enter');
    await expect(toast(page)).toContainText('Failed to update section title');
  });

  test('dragging the title bar moves the section with its cards; the corner handle resizes it', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(api, 'Board', ['Shops'], [{ title: 'Gem Shop', section: 'Shops' }]);
    await openBoard(page, server);
    const [before] = await api.call<WireSection[]>('GET', `/api/sections?boardId=${seeded.boardId}`);
    const cardBefore = (await api.cards(seeded.boardId))[0];
    const from = await worldPoint(page, { x: before.position.x + 200, y: before.position.y + 20 });
    // The section and its cards are saved in one layout request.
    const saved = page.waitForResponse((r) => isLayoutSave(r.request()));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 20, from.y + 20, { steps: 2 });
    await page.mouse.move(from.x + 150, from.y + 100, { steps: 8 });
    await page.mouse.up();
    expect((await saved).ok()).toBe(true);
    await expect
      .poll(async () => (await api.call<WireSection[]>('GET', `/api/sections?boardId=${seeded.boardId}`))[0].position)
      .toEqual({ x: before.position.x + 150, y: before.position.y + 100 });
    await expect
      .poll(async () => (await api.cards(seeded.boardId))[0].position)
      .toEqual({ x: cardBefore.position.x + 150, y: cardBefore.position.y + 100 });

    // Undo puts the section and its card back in one step.
    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => (await api.call<WireSection[]>('GET', `/api/sections?boardId=${seeded.boardId}`))[0].position)
      .toEqual(before.position);
    await expect.poll(async () => (await api.cards(seeded.boardId))[0].position).toEqual(cardBefore.position);

    const corner = await worldPoint(page, {
      x: before.position.x + before.size.width - 4,
      y: before.position.y + before.size.height - 4,
    });
    const resized = page.waitForResponse((r) => sendsOp(r.request(), 'section.resize'));
    // The undo slides the section back: press only once the engine shows the resize handle under the pointer.
    await expect
      .poll(async () => {
        await page.mouse.move(corner.x - 1, corner.y - 1);
        await page.mouse.move(corner.x, corner.y);
        return page
          .getByTestId('board-canvas')
          .locator('canvas')
          .first()
          .evaluate((el) => el.style.cursor);
      })
      .toBe('nwse-resize');
    await page.mouse.down();
    await page.mouse.move(corner.x + 20, corner.y + 20, { steps: 2 });
    await page.mouse.move(corner.x + 120, corner.y + 80, { steps: 8 });
    await page.mouse.up();
    expect((await resized).ok()).toBe(true);
    await expect
      .poll(async () => (await api.call<WireSection[]>('GET', `/api/sections?boardId=${seeded.boardId}`))[0].size)
      .toEqual({ width: before.size.width + 120, height: before.size.height + 80 });
  });

  test('a refused move or resize says so', async ({ page, server }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(api, 'Board', ['Shops'], [{ title: 'Gem Shop', section: 'Shops' }]);
    await openBoard(page, server);
    const [section] = await api.call<WireSection[]>('GET', `/api/sections?boardId=${seeded.boardId}`);
    const cardBefore = (await api.cards(seeded.boardId))[0];
    await page.route('**/api/boards/*/ops', (route) =>
      isLayoutSave(route.request()) ? route.fulfill({ status: 500, body: 'x' }) : route.continue(),
    );
    await failOps(page, 'section.resize');
    const from = await worldPoint(page, { x: section.position.x + 200, y: section.position.y + 20 });
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 80, from.y + 80, { steps: 6 });
    await page.mouse.up();
    await expect(toast(page)).toContainText('Failed to update section position');
    // Nothing moved: neither the section nor its card.
    expect((await api.cards(seeded.boardId))[0].position).toEqual(cardBefore.position);

    const corner = await worldPoint(page, {
      x: section.position.x + section.size.width - 4,
      y: section.position.y + section.size.height - 4,
    });
    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    await page.mouse.move(corner.x + 60, corner.y + 60, { steps: 6 });
    await page.mouse.up();
    await expect(toast(page)).toContainText('Failed to update section size');
    expect((await api.call<WireSection[]>('GET', `/api/sections?boardId=${seeded.boardId}`))[0]).toMatchObject({
      position: section.position,
      size: section.size,
    });
  });
});

test.describe('space-drag', () => {
  test('holding Space drags the board from anywhere, even over a card, and the card stays', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(api, 'Board', [], [{ title: 'Anchor' }]);
    await openBoard(page, server);
    const [card] = await api.cards(seeded.boardId);
    const canvas = page.getByTestId('board-canvas');
    const p = await cardPoint(page, card);
    await page.mouse.move(p.x, p.y);
    await page.keyboard.down('Space');
    await page.mouse.down();
    await page.mouse.move(p.x + 100, p.y + 60, { steps: 8 });
    await page.mouse.up();
    await page.keyboard.up('Space');
    await expect.poll(async () => Number(await canvas.getAttribute('data-offset-x'))).toBeGreaterThan(50);
    expect((await api.cards(seeded.boardId))[0].position).toEqual(card.position);
  });
});

test.describe('free-plan locked sections', () => {
  test('are not offered as destinations, and their upgrade button goes to /billing', async ({ page, server }) => {
    const api = await signUp(page, server);
    const names = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta'];
    const seeded = await seedBoard(api, 'Free board', names, [{ title: 'Loose card' }]);
    // Down to Free: the lock is decided once, for the board's sections as they are now.
    await api.call('PATCH', '/api/user/plan', { planId: 1 });
    const sections = await api.call<(WireSection & { locked?: boolean })[]>(
      'GET',
      `/api/sections?boardId=${seeded.boardId}`,
    );
    const locked = sections.filter((s) => s.locked);
    const open = sections.filter((s) => !s.locked);
    expect(locked.length).toBeGreaterThan(0);
    await openBoard(page, server);

    const [card] = await api.cards(seeded.boardId);
    const menu = await openCardMenu(page, card);
    await expect(menu.getByRole('menuitemradio')).toHaveText(['No section', ...open.map((s) => s.title)]);
    await page.keyboard.press('Escape');

    const target = (
      await api.call<(WireSection & { locked?: boolean })[]>('GET', `/api/sections?boardId=${seeded.boardId}`)
    ).find((s) => s.locked)!;
    // Locked sections are laid out after the open ones at their placeholder's full size, and Fit frames
    // only what the user can open: the locked section's own button brings
    // it into view when it takes focus; the click then lands on the drawn button through it.
    await page.getByRole('button', { name: 'Zoom to Fit' }).click();
    await expect
      .poll(async () => Number(await page.getByTestId('board-canvas').getAttribute('data-zoom')))
      .toBeLessThan(1);
    await page.getByRole('group', { name: 'Premium Section' }).getByRole('button').first().focus();
    const canvas = (await page.getByTestId('board-canvas').boundingBox())!;
    const upgradeCentre = {
      x: target.position.x + target.size.width / 2,
      y: target.position.y + target.size.height - 50,
    };
    await expect
      .poll(async () => {
        const p = await worldPoint(page, upgradeCentre);
        return p.x > canvas.x && p.x < canvas.x + canvas.width && p.y > canvas.y && p.y < canvas.y + canvas.height;
      })
      .toBe(true);
    const upgrade = await worldPoint(page, upgradeCentre);
    await page.mouse.click(upgrade.x, upgrade.y);
    await expect(page).toHaveURL(/\/billing$/);
  });
});
