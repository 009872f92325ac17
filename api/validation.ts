import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { badRequest } from './errors';

/**
 * zod validation for a request part; a failure becomes a 400 naming the field, before any handler runs,
 * so bad input writes nothing. For 'json', Hono's validator also refuses a body that is not application/json.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.length ? issue.path.join('.') : target;
      throw badRequest(`${field}: ${issue?.message ?? 'invalid'}`, { field });
    }
  });
}

/** Route params and query ids: positive integers only. */
export { positiveIdParam } from '../shared/schemas/common';
