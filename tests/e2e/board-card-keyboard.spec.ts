import type { Page } from '@playwright/test';
import { moveFocus, readingOrder, cardRects } from '#engine/model/card-focus';
import type { EngineCard, EngineSection } from '#engine/types';
import { cameraOf, openBoard, seedBoard, signUp, type Api, type WireSection } from './board-fixtures';
import { expect, test } from './fixtures';

/**
 * The board's cards from the keyboard: Tab reaches them, the arrows move a focus the engine draws (its id on the
 * canvas as data-focused-card) and a live region announces, Enter opens the viewer and Escape comes back to the
 * card, the menu key and Shift+F10 open the card's menu, Space selects.
 */

type Board = { order: number[]; rects: Map<number, { x: number; y: number; width: number; height: number }> };

/** The board as laid out now, read back from the API: what the engine orders the focus by. */
async function boardNow(api: Api, boardId: number) {
  const cards = await api.cards(boardId);
  const sections = await api.call<(WireSection & { locked?: boolean })[]>('GET', `/api/sections?boardId=${boardId}`);
  const engineCards = cards.map((c) => ({ ...c, orientation: c.orientation }) as unknown as EngineCard);
  const engineSections = sections as unknown as EngineSection[];
  const board: Board = { order: readingOrder(engineCards, engineSections), rects: cardRects(engineCards) };
  return { cards, sections, board };
}

const focusedCard = (page: Page) => page.getByTestId('board-canvas').locator('canvas');
const target = (page: Page) => page.locator('.card-focus-target');

/** The canvas's visible rectangle in world units under the live camera. */
async function viewport(page: Page) {
  const { zoom, offset, box } = await cameraOf(page);
  return { x: -offset.x / zoom, y: -offset.y / zoom, width: box.width / zoom, height: box.height / zoom };
}

test.describe('cards from the keyboard', () => {
  test('Tab reaches the cards; arrows move the focus in reading order; Enter, Escape, the menu key and Space act on the focused card', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(
      api,
      'Keyboard board',
      ['Alpha', 'Beta'],
      [
        ...['A1', 'A2', 'A3', 'A4', 'A5'].map((title) => ({ title, section: 'Alpha' })),
        ...['B1', 'B2'].map((title) => ({ title, section: 'Beta' })),
        { title: 'Loose one' },
      ],
    );
    await openBoard(page, server);
    const { cards, sections, board } = await boardNow(api, seeded.boardId);
    const byId = new Map(cards.map((c) => [c.id, c]));
    const sectionTitle = (id: number | null) => sections.find((s) => s.id === id)?.title;
    const name = (id: number) => {
      const card = byId.get(id)!;
      const section = sectionTitle(card.sectionId);
      return section ? `${card.title}, section ${section}` : `${card.title}, no section`;
    };
    const announcement = page.getByTestId('card-focus-announcement');
    const expectFocus = async (id: number) => {
      await expect(focusedCard(page)).toHaveAttribute('data-focused-card', String(id));
      await expect(target(page)).toHaveAccessibleName(name(id));
      await expect(announcement).toHaveText(`${name(id)}. Card ${board.order.indexOf(id) + 1} of ${cards.length}.`);
    };

    // Tab from the top of the page reaches the board's cards: the first card in view gets the focus.
    const first = moveFocus(board.order, board.rects, null, 'next', await viewport(page))!;
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await target(page).evaluate((el) => el === document.activeElement);
    }
    expect(reached, 'Tab reaches the board’s cards').toBe(true);
    await expect(target(page)).toHaveAttribute('role', 'button');
    await expectFocus(first);

    // Right and Left walk the reading order: the sections' cards together, the loose card last; the ends hold.
    await page.keyboard.press('Home');
    await expectFocus(board.order[0]);
    expect(board.order.map((id) => byId.get(id)!.title).slice(-1)).toEqual(['Loose one']);
    for (const id of board.order.slice(1)) {
      await page.keyboard.press('ArrowRight');
      await expectFocus(id);
    }
    await page.keyboard.press('ArrowRight');
    await expectFocus(board.order[board.order.length - 1]);
    await page.keyboard.press('ArrowLeft');
    await expectFocus(board.order[board.order.length - 2]);

    // Down and Up go to the nearest card of the row below and above: from a card that has one.
    const withRowBelow = board.order.find((id) => moveFocus(board.order, board.rects, id, 'down') !== id)!;
    expect(withRowBelow, 'the laid-out board has two rows').toBeDefined();
    const below = moveFocus(board.order, board.rects, withRowBelow, 'down')!;
    await page.keyboard.press('Home');
    for (let i = 0; i < board.order.indexOf(withRowBelow); i++) await page.keyboard.press('ArrowRight');
    await expectFocus(withRowBelow);
    await page.keyboard.press('ArrowDown');
    await expectFocus(below);
    await page.keyboard.press('ArrowUp');
    await expectFocus(moveFocus(board.order, board.rects, below, 'up')!);

    // The camera follows the focus: zoomed in, the last card is brought on screen, and the element over it too.
    for (let i = 0; i < 6; i++) await page.keyboard.press('+');
    await expect.poll(async () => (await cameraOf(page)).zoom).toBeGreaterThan(1.5);
    const lastId = board.order[board.order.length - 1];
    const zoomed = await cameraOf(page);
    const lastRect = board.rects.get(lastId)!;
    const left = lastRect.x * zoomed.zoom + zoomed.offset.x;
    const top = lastRect.y * zoomed.zoom + zoomed.offset.y;
    const wholly =
      left >= 0 &&
      top >= 0 &&
      left + lastRect.width * zoomed.zoom <= zoomed.box.width &&
      top + lastRect.height * zoomed.zoom <= zoomed.box.height;
    expect(wholly, 'zoomed in, the last card is not wholly on screen before it gets focus').toBe(false);
    await page.keyboard.press('End');
    await expectFocus(lastId);
    await expect
      .poll(async () => {
        const { box } = await cameraOf(page);
        const over = (await target(page).boundingBox())!;
        return (
          over.x >= box.x &&
          over.y >= box.y &&
          over.x + over.width <= box.x + box.width &&
          over.y + over.height <= box.y + box.height
        );
      }, 'the focused card is wholly on screen')
      .toBe(true);
    // The board's own shortcuts still work with the focus on a card.
    await page.keyboard.press('r');
    await expect(page.getByTestId('zoom-percent')).toHaveText('100%');

    // Enter opens the viewer on the focused card; Escape closes it and the focus is back on that card.
    await page.keyboard.press('Home');
    const opened = board.order[0];
    await expectFocus(opened);
    await page.keyboard.press('Enter');
    const viewer = page.getByTestId('viewer');
    await expect(viewer).toBeVisible();
    await expect(viewer).toHaveAccessibleName(byId.get(opened)!.title);
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(target(page)).toBeFocused();
    await expectFocus(opened);

    // The menu key and Shift+F10 open the focused card's menu; Escape closes it and focus comes back to the card.
    const menu = page.getByRole('menu', { name: `Add to section: ${byId.get(opened)!.title}` });
    for (const key of ['Shift+F10', 'ContextMenu']) {
      await page.keyboard.press(key);
      await expect(menu, key).toBeVisible();
      // The menu takes the focus (its first item); the arrows, End and Home move in it and wrap, and the board's
      // own arrow keys stay still meanwhile.
      const entries = menu.getByRole('menuitemradio');
      await expect(entries.first()).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(entries.nth(1)).toBeFocused();
      await page.keyboard.press('End');
      await expect(entries.last()).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(entries.first()).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await expect(entries.last()).toBeFocused();
      await page.keyboard.press('Home');
      await expect(entries.first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(target(page)).toBeFocused();
      await expectFocus(opened);
    }

    // Space selects the focused card; the next one joins the selection; Space again takes it out.
    const bar = page.getByTestId('selection-bar');
    await page.keyboard.press('Space');
    await expect(bar).toContainText('1 card selected');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await expect(bar).toContainText('2 cards selected');
    await page.keyboard.press('Space');
    await expect(bar).toContainText('1 card selected');

    // Focus leaving the board takes the ring off the cards.
    await page.getByRole('button', { name: 'Zoom Out' }).focus();
    await expect(focusedCard(page)).not.toHaveAttribute('data-focused-card', /.*/);
    await expect(announcement).toHaveText('');
  });
});
