import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectionsResponse, gamesResponse, useCollectionResponse, type CollectionItem, type GameListItem } from '#shared/schemas/catalogue';
import { flattenCollections } from '../logic/search/collection-tiles';
import { apiJson } from './api-client';
import { webI18n } from '../i18n/i18n';
import { collectionsKeys, gamesKeys } from './search-keys';

/** Spec accounts §7: collections are fresh 5 minutes and kept 10 minutes. */
const COLLECTIONS_FRESH_MS = 5 * 60_000;
const COLLECTIONS_KEPT_MS = 10 * 60_000;

/** GET /api/games; spec §8: 'Failed to fetch games', or 'API returned error' when success is false. */
export async function fetchGameList(signal?: AbortSignal): Promise<GameListItem[]> {
  let body: unknown;
  try {
    body = await apiJson('GET', '/api/games', undefined, { signal });
  } catch (err) {
    throw new Error(webI18n.t('search:errors.gamesFetchFailed'), { cause: err });
  }
  const parsed = gamesResponse.safeParse(body);
  if (!parsed.success || !parsed.data.success) throw new Error(webI18n.t('search:errors.gamesApiError'));
  return parsed.data.games;
}

export const gameListQuery = () =>
  queryOptions({ queryKey: gamesKeys.list(), queryFn: ({ signal }) => fetchGameList(signal) });

/** The games list (names and quick-filter flags) is read only when the picker's Games mode opens. */
export function useGameList(enabled: boolean) {
  return useQuery({ ...gameListQuery(), enabled });
}

/** GET /api/collections, flattened (spec §3); spec §8: 'Failed to fetch collections'. */
export async function fetchCollectionList(signal?: AbortSignal): Promise<CollectionItem[]> {
  try {
    return flattenCollections(collectionsResponse.parse(await apiJson('GET', '/api/collections', undefined, { signal })).collections);
  } catch (err) {
    throw new Error(webI18n.t('collections:fetchFailed'), { cause: err });
  }
}

export const collectionListQuery = () =>
  queryOptions({
    queryKey: collectionsKeys.list(),
    queryFn: ({ signal }) => fetchCollectionList(signal),
    staleTime: COLLECTIONS_FRESH_MS,
    gcTime: COLLECTIONS_KEPT_MS,
  });

export function useCollectionList(enabled: boolean) {
  return useQuery({ ...collectionListQuery(), enabled });
}

/** POST /api/collections/{id}/use with an empty JSON body (spec §7): the new board's id. */
export async function requestCollectionUse(collectionId: number): Promise<number> {
  return useCollectionResponse.parse(await apiJson('POST', `/api/collections/${collectionId}/use`, {})).boardId;
}
