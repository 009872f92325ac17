import type { RatedQuery } from '#shared/schemas/query';
import { queriesRepo } from '../db/repositories/queries.repo';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';

/** Spec: a user rates the result of one of their own past queries, 1 to 5; a later rating replaces it. */
export async function rateQuery(
  deps: Pick<AppDeps, 'db'>,
  user: { id: number },
  queryId: number,
  rating: number,
): Promise<RatedQuery> {
  const row = await queriesRepo.setRatingOwned(deps.db, user.id, queryId, rating);
  if (!row) throw notFound('query');
  return { id: row.id, rating };
}
