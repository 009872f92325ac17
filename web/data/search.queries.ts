import { usageResetCheck } from '#shared/schemas/auth';
import { processQueryResponse, type ProcessQueryResponse, type ReadingEditInput } from '#shared/schemas/search';
import { webI18n } from '../i18n/i18n';
import { nextResetDateIso, shouldAskUsageReset } from '../logic/search/submit-rules';
import { ApiError, apiJson } from './api-client';
import { currentUserSchema, type CurrentUser } from './wire';

/**
 * The calls of a search submit (spec accounts §7): the usage read and monthly reset, and
 * POST /api/gemini/process {query, boardId} → {success, message, queryId}.
 */

/** `reading`: the reading as changed in the panel; `replaces`: the previous results' sections the new ones replace. */
export async function processQuery(
  query: string,
  boardId: number,
  change: { reading?: ReadingEditInput; replaces?: number[] } = {},
): Promise<ProcessQueryResponse> {
  return processQueryResponse.parse(await apiJson('POST', '/api/gemini/process', { query, boardId, ...change }));
}

/** The server's refusal at the monthly limit: 403 {error:{code:'limit_reached'}}. */
export function isLimitReachedError(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403 && err.code === 'limit_reached';
}

/**
 * Spec accounts §8 "Query API failure: server message or 'An unexpected error occurred.'"; a failure that is
 * not an answer from the API (network down, a bad answer) reads 'An error occurred while processing your request.'
 */
export function queryFailureMessage(err: unknown): string {
  if (err instanceof QueryRefused) return err.message || webI18n.t('search:errors.unexpected');
  if (err instanceof ApiError) return err.serverMessage || webI18n.t('search:errors.unexpected');
  return webI18n.t('search:errors.processing');
}

/** An answer with success:false; its message is the server's. */
export class QueryRefused extends Error {
  constructor(message: string | null | undefined) {
    super(message ?? '');
    this.name = 'QueryRefused';
  }
}

/** GET /api/auth/user: the usage fields, read fresh for the limit check (spec §7). */
export async function fetchUsageUser(): Promise<CurrentUser> {
  return currentUserSchema.parse(await apiJson('GET', '/api/auth/user'));
}

/**
 * Spec accounts §4 "Usage reset" and §7: when the user has a reset date, ask whether it has passed; if so,
 * POST reset-usage with a date one month later and answer the reset user. A failure is only logged (spec §7)
 * and the user is answered as read.
 */
export async function applyDueUsageReset(user: CurrentUser, now: Date = new Date()): Promise<CurrentUser> {
  if (!shouldAskUsageReset(user)) return user;
  try {
    const check = usageResetCheck.parse(await apiJson('GET', '/api/auth/check-usage-reset'));
    if (!check.shouldReset) return user;
    return currentUserSchema.parse(await apiJson('POST', '/api/auth/reset-usage', { newResetDate: nextResetDateIso(now) }));
  } catch (err) {
    console.warn('Usage reset check failed', err);
    return user;
  }
}

/** PATCH /api/queries/{id}/rating (spec accounts §7): the rating popup's 1–5 stars for one query's answer. */
export async function rateQuery(queryId: number, rating: number): Promise<void> {
  await apiJson('PATCH', `/api/queries/${queryId}/rating`, { rating });
}
