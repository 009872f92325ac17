import { say } from '#shared/messages/errors';
import { queryEngineMessages } from '#shared/messages/query-engine';
import { translatorFor } from '#shared/messages/translator';
import { DEFAULT_LOCALE, type Locale } from '#shared/locale';
import type { ProcessQueryBody, ProcessQueryResponse, ReadingEdit } from '#shared/schemas/search';
import { usersRepo } from '../db/repositories/users.repo';
import type { AppDeps } from '../deps';
import { AppError, unauthorized } from '../errors';
import { isResetDue } from '../services/usage.service';
import { effectiveMonthlyLimit, isAtMonthlyLimit } from '#shared/usage-limit';
import { recordEmptySearch, writeSearchResults } from './place-results';
import { excludedFeatures, loadGameIndex, offlinePlan } from './engine';
import { runPlan, type SearchResult } from './pipeline';
import type { GameIndex } from './game-names';
import { planWithLlm } from './llm';
import type { SearchPlan } from './plan';
import { editedPlan, readingOf } from './reading';
import type { Viewer } from '../services/section-lock.service';
import { requireBoardRole } from '../services/board-ops/board-access';

/**
 * POST /api/gemini/process: a query → cards on the user's board (spec accounts §4/§5/§7).
 *
 * 1. The board must be the caller's (404 otherwise, never 403).
 * 2. A user at the monthly limit is refused before any work (no LLM call is spent on a refused request); the
 *    authoritative check-and-increment happens again inside the write transaction, so concurrent requests can
 *    never pass the limit together.
 * 3. The plan: the LLM's when one is configured and answers in time with a valid plan, else the offline parser's.
 *    The provider is recorded: 'offline', 'llm:<model>', or 'offline (llm fallback: <reason>)'.
 * 4. Ranking and grouping (reads), then one transaction writes sections, cards, the usage count and the query.
 * 5. The answer's sentences and the scope's section titles are in `locale`, the searching user's language; on a free
 *    owner's board the answer says how many of its sections the plan locks, so its sentence is true for whoever
 *    reads it: the lock follows the owner's plan for every member alike.
 */
export async function processSearch(
  deps: AppDeps,
  user: Viewer,
  body: ProcessQueryBody,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ProcessQueryResponse> {
  // A query writes onto the board: an editor's or the owner's, and it counts toward the runner's own usage.
  await requireBoardRole(deps.db, user, body.boardId, 'editor');
  await assertUnderLimit(deps, user.id);

  const games = await loadGameIndex(deps.db);
  const { result, provider } = await planAndRun(deps, body.query, games, body.reading, locale);
  const reading = readingOf(result.plan, result.summary.respelled, body.reading?.asTyped ?? false);
  const request = { userId: user.id, boardId: body.boardId, query: body.query, provider, replaces: body.replaces };
  if (result.resultCount === 0) {
    const { queryId } = await recordEmptySearch(deps, user, request);
    return { success: false, message: queryEngineMessages(locale).noResults, queryId, reading };
  }
  const { queryId, change, renamedFrom, locked, replaced } = await writeSearchResults(deps, user, {
    ...request,
    result,
  });
  const premium =
    locked.sections > 0
      ? translatorFor(locale, 'board')('searchAnswer.premiumSections', { count: locked.sections })
      : null;
  const notice = withPremiumClause(searchNotice(result, locked.cards, locale), premium);
  const message = withPremiumClause(resultMessage(result, locked.cards, locale), premium)!;
  return {
    success: true,
    message,
    queryId,
    change,
    renamedFrom,
    ...(notice ? { notice } : {}),
    reading,
    ...(body.replaces ? { replaced } : {}),
  };
}

/**
 * The answer's sentence with the locked sections said at its end: "…, first on the board; 2 more sections are in
 * Premium." Without a sentence (a query naming no scope has no notice) the clause is the sentence.
 */
export function withPremiumClause(sentence: string | null, clause: string | null): string | null {
  if (!clause) return sentence;
  if (!sentence) return `${clause.charAt(0).toUpperCase()}${clause.slice(1)}.`;
  return `${sentence.replace(/\.$/, '')}; ${clause}.`;
}

/**
 * What the search panel says under the bar after a query: the words it read otherwise than typed, and how the
 * genre, game or tier the query names was met; null when neither applies. `hidden`: the new cards the free plan
 * locks, which the reader does not see.
 */
export function searchNotice(result: SearchResult, hidden = 0, locale: Locale = DEFAULT_LOCALE): string | null {
  const { respelled, scope } = result.summary;
  const m = queryEngineMessages(locale);
  const parts = [respelled.length ? m.respelled(respelled) : '', scope(hidden, locale) ?? ''].filter(Boolean);
  return parts.length ? parts.join(' ') : null;
}

/**
 * "Added 4 references in 2 sections. Matched: Loot Boxes (4), “pity” (2)." — what matched, in the user's terms,
 * and for a query that names a genre, game or tier, how that scope was met.
 */
export function resultMessage(result: SearchResult, hidden = 0, locale: Locale = DEFAULT_LOCALE): string {
  const { matched, relaxed, missing, respelled } = result.summary;
  const scope = result.summary.scope(hidden, locale);
  const m = queryEngineMessages(locale);
  return [
    m.added(result.resultCount, result.sections.length) + '.',
    respelled.length ? m.respelled(respelled) : '',
    matched.length ? m.matched(matched) : '',
    // A named scope says itself how it was met (and so what came from elsewhere).
    scope ?? (relaxed ? m.relaxed(relaxed.count, relaxed.phrase(locale)) : ''),
    missing.length ? m.missing(missing) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The plan (the LLM's, else the offline parser's) with the designer's change to its reading applied, then run. A
 * reading to be searched as typed is read by the offline parser, which can be told to correct nothing.
 */
async function planAndRun(
  deps: AppDeps,
  query: string,
  games: GameIndex,
  edit?: ReadingEdit,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ result: SearchResult; provider: string }> {
  const exclude = await excludedFeatures(deps.db, query);
  const asTyped = edit?.asTyped ?? false;
  const edited = edit ? (plan: SearchPlan) => editedPlan(plan, edit, games) : undefined;
  const run = (plan: SearchPlan) => runPlan(deps.db, plan, games, exclude, { asTyped, edit: edited, locale });
  const offline = async () => await run(await offlinePlan(deps.db, query, games, { asTyped }));
  if (!deps.llm || asTyped) return { result: await offline(), provider: 'offline' };
  const outcome = await planWithLlm(deps.llm, query, games);
  if (!outcome.ok) return { result: await offline(), provider: `offline (llm fallback: ${outcome.reason})` };
  const result = await run(outcome.plan);
  // A valid plan the catalogue cannot answer (over-narrow filters) is no better than no plan.
  if (result.resultCount === 0) return { result: await offline(), provider: 'offline (llm fallback: no results)' };
  return { result, provider: `llm:${deps.llm.model}` };
}

/** The early, read-only refusal; the same rule consumeSearch enforces in the write (spec accounts §5). */
export async function assertUnderLimit(deps: Pick<AppDeps, 'db' | 'clock'>, userId: number) {
  const user = await usersRepo.getById(deps.db, userId);
  if (!user) throw unauthorized();
  const used = isResetDue(user, deps.clock.now()) ? 0 : user.usageCount;
  if (isAtMonthlyLimit(used, user.monthlyLimit)) {
    throw new AppError('limit_reached', 403, say('auth.limitReached'), {
      usage_count: used,
      monthly_limit: effectiveMonthlyLimit(user.monthlyLimit),
    });
  }
}
