import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Locale } from '#shared/locale';
import { type ErrorKey, type ErrorValues, type Said, say, sayIn } from '#shared/messages/errors';

export { say };

/** A message that words itself for each language (a validation failure's sentence). */
export type Wording = (locale: Locale) => string;

/**
 * The one error type of the API. `app.onError` turns it into `{error:{code,message}}` with its status, the
 * message in the language of the user who asked (api/middleware/browser-language.ts). Codes are stable strings the
 * web app may switch on; messages are for people: a key of the `errors` catalogue namespace and its values
 * (`say('team.memberLimit', { count })`), or a Wording. `message` is the English text, for logs. A plain string is for answers
 * only programs read (a payment provider's webhook) and goes out as written.
 */
export class AppError extends Error {
  private readonly wording: Wording | null;

  constructor(
    readonly code: string,
    readonly status: ContentfulStatusCode,
    message: Said | Wording | string,
    readonly details?: Record<string, unknown>,
  ) {
    const wording: Wording | null =
      typeof message === 'string' ? null : typeof message === 'function' ? message : (locale) => sayIn(locale, message);
    super(wording ? wording('en') : (message as string));
    this.wording = wording;
    this.name = 'AppError';
  }

  /** The message in one language. */
  messageIn(locale: Locale): string {
    return this.wording ? this.wording(locale) : this.message;
  }
}

export const badRequest = (message: ErrorKey | Said | Wording, details?: Record<string, unknown>) =>
  new AppError('invalid_input', 400, typeof message === 'string' ? say(message) : message, details);
export const unauthorized = () => new AppError('unauthorized', 401, say('auth.signInRequired'));
/** Missing and someone else's look the same from outside: never 403, never a leak. */
export const notFound = (what: keyof typeof import('#shared/messages/catalogues/en/errors').errors.notFound) =>
  new AppError('not_found', 404, say(`notFound.${what}`));
export const conflict = (key: ErrorKey, values?: ErrorValues) => new AppError('conflict', 409, say(key, values));
