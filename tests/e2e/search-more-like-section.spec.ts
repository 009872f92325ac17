import { cameraOf, cardPoint, hoverCard, toast, type WireCard, type WireSection } from './board-fixtures';
import { expect, test } from './fixtures';
import { openLanding, signUpOnPlan, submitQuery } from './search-fixtures';

/**
 * In the browser: "More like this section" from a section's menu adds new cards to that section (one
 * search against the limit), and undo takes them away; the cards a query added show why they are there.
 */
test.describe('more like this section', () => {
  test('adds up to 10 new cards to the section, counts one search, and undo removes them', async ({ page, server }) => {
    const api = await signUpOnPlan(page, server, 4);
    await openLanding(page, server);
    await submitQuery(page, 'royal match');
    await page.keyboard.press('r');
    await expect(page.getByTestId('zoom-percent')).toHaveText('100%');

    const boardId = (await api.boards())[0].id;
    const sections = await api.call<WireSection[]>('GET', `/api/sections?boardId=${boardId}`);
    const section = sections[0];
    const before = await api.cards(boardId);
    const usage = async () => (await api.call<{ usage_count: number }>('GET', '/api/auth/user')).usage_count;
    const usedBefore = await usage();

    // Right-click the section's left padding, beside its cards: the section's menu opens. The camera on the canvas
    // is the page's mirror of the engine's view, rendered by React after 'r' (the percent and the offsets may show
    // in different renders), so the point is read again and the right-click repeated until the menu is there; a right-click elsewhere does nothing.
    const menu = page.getByTestId('section-menu');
    await expect(async () => {
      const { zoom, offset, box } = await cameraOf(page);
      const at = {
        x: box.x + (section.position.x + 8) * zoom + offset.x,
        y: box.y + (section.position.y + section.size.height / 2) * zoom + offset.y,
      };
      await page.mouse.click(at.x, at.y, { button: 'right' });
      await expect(menu).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(menu).toContainText(section.title);
    const added = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/gemini/more-like-section');
    await menu.getByRole('menuitem', { name: 'More like this section' }).click();
    const body = (await (await added).json()) as { success: boolean; cardIds: number[] };
    expect(body.success).toBe(true);
    expect(body.cardIds.length).toBeGreaterThan(0);
    expect(body.cardIds.length).toBeLessThanOrEqual(10);
    await expect(toast(page)).toContainText(`Added ${body.cardIds.length} more reference`);

    const after = await api.cards(boardId);
    expect(after).toHaveLength(before.length + body.cardIds.length);
    const fresh = after.filter((c: WireCard) => body.cardIds.includes(c.id));
    expect(fresh.every((c) => c.sectionId === section.id)).toBe(true);
    expect(await usage()).toBe(usedBefore + 1);

    // Undo: the added cards leave the board, the rest stays.
    const { box } = await cameraOf(page);
    await page.mouse.click(box.x + box.width - 40, box.y + box.height - 40);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await api.cards(boardId)).length, { timeout: 10_000 }).toBe(before.length);
    expect((await api.cards(boardId)).map((c) => c.id).sort()).toEqual(before.map((c) => c.id).sort());
  });

  test('the viewer shows why a search put the card on the board', async ({ page, server }) => {
    const api = await signUpOnPlan(page, server, 4);
    await openLanding(page, server);
    await submitQuery(page, 'starter packs in match-3');
    await page.keyboard.press('r');
    await expect(page.getByTestId('zoom-percent')).toHaveText('100%');
    const boardId = (await api.boards())[0].id;
    // A card of the first row clear of the search bar (left) and the rating popup (right).
    const card = (await api.cards(boardId)).filter(
      (c) => c.position.y < 300 && c.position.x > 300 && c.position.x < 700,
    )[0];
    const { reasons } = await api.call<{ reasons: { label: string }[] }>('GET', `/api/cards/${card.id}`);
    expect(reasons.length).toBeGreaterThan(0);
    // The new cards fall into place first; hoverCard waits for this card's own bar (its chips are this card's).
    await hoverCard(page, card);
    const chips = page.locator('.card-reasons').getByTestId('reason-chips');
    await expect(chips).toBeVisible();
    await expect(chips.locator('li')).toHaveText(reasons.map((r) => r.label));
    // A click on the card's image opens the viewer, whose panel shows the same chips.
    const image = await cardPoint(page, card, 100, 80);
    await page.mouse.click(image.x, image.y);
    const viewer = page.getByTestId('viewer');
    await expect(viewer).toBeVisible();
    await expect(viewer.getByTestId('reason-chips').locator('li')).toHaveText(reasons.map((r) => r.label));
  });
});
