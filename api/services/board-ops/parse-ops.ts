import { boardOp, type opsBatchEnvelope, type OpsBatch } from '#shared/schemas/board-ops';
import { humanValidationMessage } from '#shared/validation-messages';
import type { z } from 'zod';
import { badRequest } from '../../errors';
import { LoopTurns } from './loop-turns';

/**
 * Validates a batch's ops one at a time, giving the event loop a turn every LOOP_SLICE_MS: validating a batch at the
 * cap (10,000 created cards) in one go held the loop for a quarter of a second warm, a second cold. A refused op is
 * the same 400 the route's validator gives, naming the field (`ops.<i>.…`); nothing has been written yet.
 */
export async function parseOpsInTurns(envelope: z.infer<typeof opsBatchEnvelope>): Promise<OpsBatch> {
  const turns = new LoopTurns();
  const ops: OpsBatch['ops'] = [];
  for (let i = 0; i < envelope.ops.length; i++) {
    const result = boardOp.safeParse(envelope.ops[i]);
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({ ...issue, path: ['ops', i, ...issue.path] }));
      throw badRequest(humanValidationMessage({ issues }), { field: issues[0]?.path.join('.') ?? 'ops' });
    }
    ops.push(result.data);
    await turns.maybeYield();
  }
  return { batchId: envelope.batchId, ops };
}
