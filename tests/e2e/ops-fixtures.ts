import { expect, type Page, type Request, type Response } from '@playwright/test';

/**
 * The page writes every board change as ops: POST /api/boards/:id/ops {batchId, ops}. These read what a
 * request carried, so a test can wait for "the layout save" or "the card's move" whatever else the page sends.
 */
export type SentOp = {
  type: string;
  id?: number;
  cards?: { id: number }[];
  sections?: { id: number }[];
  [field: string]: unknown;
};

const OPS_PATH = /^\/api\/boards\/(\d+)\/ops$/;

/** The ops a request sent (none when it is not an ops batch). */
export function opsOf(request: Request): SentOp[] {
  if (request.method() !== 'POST' || !OPS_PATH.test(new URL(request.url()).pathname)) return [];
  return (request.postDataJSON() as { ops?: SentOp[] } | null)?.ops ?? [];
}

/** The board an ops batch was sent for (null when the request is not one). */
export function opsBoardOf(request: Request): number | null {
  const match = OPS_PATH.exec(new URL(request.url()).pathname);
  return request.method() === 'POST' && match ? Number(match[1]) : null;
}

/** Whether the request is an ops batch holding an op of this type (on this board, when given). */
export function sendsOp(request: Request, type: string, boardId?: number): boolean {
  if (boardId !== undefined && opsBoardOf(request) !== boardId) return false;
  return opsOf(request).some((op) => op.type === type);
}

/**
 * A layout save: a batch the server lays the board out for (an Organize or auto-layout's board.organize, a drop's
 * cards.place, a section dragged with its cards) or one placing items itself (layout.set: the undo of an Organize).
 */
export function isLayoutSave(request: Request, boardId?: number): boolean {
  if (boardId !== undefined && opsBoardOf(request) !== boardId) return false;
  return opsOf(request).some(
    (op) =>
      op.type === 'layout.set' ||
      op.type === 'board.organize' ||
      op.type === 'cards.place' ||
      (op.type === 'section.move' && (op as { withCards?: boolean }).withCards === true),
  );
}

/** How many cards and sections a layout save places. */
export function layoutItemsOf(request: Request): { type: 'card' | 'section'; id: number }[] {
  return opsOf(request)
    .filter((op) => op.type === 'layout.set')
    .flatMap((op) => [
      ...(op.cards ?? []).map((c) => ({ type: 'card' as const, id: c.id })),
      ...(op.sections ?? []).map((s) => ({ type: 'section' as const, id: s.id })),
    ]);
}

/**
 * Waits until `runs` layout runs have ended on the page (the board canvas counts them, the first layout's framing
 * included). A layout save's answer arrives before the page has finished the run: the camera may still move after it.
 */
export async function layoutRunsEnded(page: Page, runs = 1): Promise<void> {
  const canvas = page.getByTestId('board-canvas');
  await expect
    .poll(async () => Number(await canvas.getAttribute('data-layout-runs')), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(runs);
  await expect(canvas).toHaveAttribute('data-layout-running', 'false');
}

export const isLayoutSaveResponse = (response: Response, boardId?: number) => isLayoutSave(response.request(), boardId);

/**
 * The server "refuses" every ops batch holding an op of this type (a 500 the page must handle), `times` batches at
 * most when given; other batches go through.
 */
export async function failOps(page: Page, type: string, options: { times?: number } = {}): Promise<void> {
  let left = options.times ?? Infinity;
  await page.route(
    (url) => OPS_PATH.test(url.pathname),
    (route) => {
      if (left > 0 && sendsOp(route.request(), type)) {
        left -= 1;
        return route.fulfill({ status: 500, body: 'x' });
      }
      return route.fallback();
    },
  );
}

/** Holds every ops batch holding an op of this type until release() (a busy state checked while it waits). */
export async function holdOps(page: Page, type: string): Promise<{ release(): void }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  await page.route(
    (url) => OPS_PATH.test(url.pathname),
    async (route) => {
      if (sendsOp(route.request(), type)) await gate;
      await route.fallback();
    },
  );
  return { release: () => open() };
}
