import type { Page, Route } from '@playwright/test';
import type { CardInspection, Rect, SectionInspection } from '#engine/types';

/**
 * The board engine as the page holds it, for checks of what the canvas draws. The web app puts the engine on
 * window.__lootBoardEngine when this flag is set (web/components/large-board/engine-debug.ts).
 */
export async function exposeEngine(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('lootExposeEngine', '1'));
}

/** The card as the page's engine holds it (null: not on the board). */
export function inspectCard(page: Page, cardId: number): Promise<CardInspection | null> {
  return page.evaluate(
    (id) =>
      (
        window as unknown as { __lootBoardEngine?: { inspectCard(id: number): CardInspection | null } }
      ).__lootBoardEngine?.inspectCard(id) ?? null,
    cardId,
  );
}

/** The section as the page's engine holds it (null: not on the board). */
export function inspectSection(page: Page, sectionId: number): Promise<SectionInspection | null> {
  return page.evaluate(
    (id) =>
      (
        window as unknown as { __lootBoardEngine?: { inspectSection(id: number): SectionInspection | null } }
      ).__lootBoardEngine?.inspectSection(id) ?? null,
    sectionId,
  );
}

/** The card's rectangle as the engine draws it (canvas-local screen pixels; null: not drawn). */
export function drawnCardRect(page: Page, cardId: number): Promise<Rect | null> {
  return page.evaluate(
    (id) =>
      (
        window as unknown as { __lootBoardEngine?: { cardScreenRect(id: number): Rect | null } }
      ).__lootBoardEngine?.cardScreenRect(id) ?? null,
    cardId,
  );
}

/**
 * The page point inside the card where the engine has it now (the rectangle its hit test answers to), (fx, fy) of
 * its width and height from its top-left corner; null: not on the board. Unlike a point from a saved position read
 * earlier, it follows a card the board has moved since (a re-layout after an undo gives cards new places).
 */
export async function drawnCardPoint(
  page: Page,
  cardId: number,
  fx = 0.5,
  fy = 0.75,
): Promise<{ x: number; y: number } | null> {
  const rect = await drawnCardRect(page, cardId);
  const box = await page.getByTestId('board-canvas').boundingBox();
  if (!rect || !box) return null;
  return { x: box.x + rect.x + rect.width * fx, y: box.y + rect.y + rect.height * fy };
}

/**
 * Holds every request to a path until release(): a state the app shows only while it waits (a toast, a
 * spinner) is then checked without racing a fast answer. Released, the requests go on to the server (the
 * route stays, passing each one through at once: removing it while a request waits would drop that request).
 */
export async function holdRequests(page: Page, pathname: string): Promise<{ release(): void }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  await page.route(
    (url) => url.pathname === pathname,
    async (route: Route) => {
      await gate;
      await route.fallback();
    },
  );
  return { release: () => open() };
}
