import { say } from '#shared/messages/errors';
import {
  boardOp,
  layoutCardEntry,
  type BoardOp,
  type opsBatchEnvelope,
  type OpsBatch,
} from '#shared/schemas/board-ops';
import { BOARD_BATCH_ITEMS_MAX } from '#shared/constants';
import { humanValidationMessage } from '#shared/validation-messages';
import { z } from 'zod';
import { badRequest } from '../../errors';
import { LoopTurns, slices } from './loop-turns';

/** A layout.set's cards are validated this many at a time (a few milliseconds each), the loop turning between. */
const ENTRIES_PER_SLICE = 1_000;
const layoutCardSlice = z.array(layoutCardEntry);

function refuse(issues: readonly z.core.$ZodIssue[], prefix: (string | number)[]): never {
  const placed = issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] }));
  throw badRequest((locale) => humanValidationMessage({ issues: placed }, locale), {
    field: placed[0]?.path.join('.') ?? 'ops',
  });
}

/** One op; a layout.set's cards slice by slice (10,000 entries are a single op). */
async function parseOp(raw: unknown, i: number, turns: LoopTurns): Promise<BoardOp> {
  const entries =
    (raw as { type?: unknown; cards?: unknown } | null)?.type === 'layout.set'
      ? (raw as { cards?: unknown }).cards
      : undefined;
  if (!Array.isArray(entries)) {
    const result = boardOp.safeParse(raw);
    return result.success ? result.data : refuse(result.error.issues, ['ops', i]);
  }
  const head = boardOp.safeParse({ ...(raw as object), cards: [] });
  if (!head.success) refuse(head.error.issues, ['ops', i]);
  if (entries.length > BOARD_BATCH_ITEMS_MAX)
    throw badRequest(say('board.batchTooLarge', { max: BOARD_BATCH_ITEMS_MAX }), { field: `ops.${i}.cards` });
  const cards: z.infer<typeof layoutCardEntry>[] = [];
  let start = 0;
  for (const slice of slices(entries, ENTRIES_PER_SLICE)) {
    const result = layoutCardSlice.safeParse(slice);
    if (!result.success)
      refuse(
        result.error.issues.map((issue) => ({
          ...issue,
          path: [start + Number(issue.path[0]), ...issue.path.slice(1)],
        })),
        ['ops', i, 'cards'],
      );
    cards.push(...result.data);
    start += slice.length;
    await turns.maybeYield();
  }
  return { ...(head.data as Extract<BoardOp, { type: 'layout.set' }>), cards };
}

/**
 * Validates a batch's ops one at a time, giving the event loop a turn every LOOP_SLICE_MS: validating a batch at the
 * cap (10,000 created cards) in one go held the loop for a quarter of a second warm, a second cold. A refused op is
 * the same 400 the route's validator gives, naming the field (`ops.<i>.…`); nothing has been written yet.
 */
export async function parseOpsInTurns(envelope: z.infer<typeof opsBatchEnvelope>): Promise<OpsBatch> {
  const turns = new LoopTurns();
  const ops: OpsBatch['ops'] = [];
  for (let i = 0; i < envelope.ops.length; i++) {
    ops.push(await parseOp(envelope.ops[i], i, turns));
    await turns.maybeYield();
  }
  return { batchId: envelope.batchId, ops };
}
