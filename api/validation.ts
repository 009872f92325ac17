import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ZodType } from 'zod';
import { humanValidationMessage } from '#shared/validation-messages';
import type { Said } from '#shared/messages/errors';
import { badRequest } from './errors';

/**
 * zod validation for a request part; a failure becomes a 400 before any handler runs, so bad input writes
 * nothing. The message is a sentence for people (shared/validation-messages.ts), never zod's issue text; `field`
 * names the field for programs. `refusal` replaces the message where one sentence fits every failure (a share
 * link). For 'json', Hono's validator also refuses a body that is not application/json.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
  options: { refusal?: Said } = {},
) {
  const validator = zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.length ? issue.path.join('.') : target;
      throw badRequest(options.refusal ?? ((locale) => humanValidationMessage(result.error, locale)), { field });
    }
  });
  if (target !== 'json') return validator;
  // Hono's validator skips parsing a body that is not JSON and validates {} instead, so a schema whose fields are
  // all optional would accept a text/plain or form post. JSON routes take JSON only (SECURITY.md: CSRF pitfalls).
  return createMiddleware(async (c, next) => {
    assertJsonContentType(c.req.header('content-type'));
    return validator(c, next);
  }) as unknown as typeof validator;
}

function assertJsonContentType(contentType: string | undefined) {
  const mediaType = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (!JSON_MEDIA_TYPE.test(mediaType)) throw badRequest('request.jsonOnly', { field: 'json' });
}

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/;

/** Route params and query ids: positive integers only. */
export { positiveIdParam } from '#shared/schemas/common';
