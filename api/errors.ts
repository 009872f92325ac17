import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The one error type of the API. `app.onError` turns it into `{error:{code,message}}` with its status.
 * Codes are stable strings the web app may switch on; messages are for people.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError('invalid_input', 400, message, details);
export const unauthorized = (message = 'Sign in required') => new AppError('unauthorized', 401, message);
/** Missing and someone else's look the same from outside: never 403, never a leak. */
export const notFound = (what: string) => new AppError('not_found', 404, `${what} not found`);
export const conflict = (message: string) => new AppError('conflict', 409, message);
