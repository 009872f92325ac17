import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FEATURE_SEARCH_PAGE_SIZE } from '#shared/constants';
import {
  featureSearchFiltersResponse,
  featureSearchResponse,
  type FeatureSearchFilters,
  type FeatureSearchResponse,
} from '#shared/schemas/catalogue';
import { apiJson, isAbortError } from './api-client';
import { webI18n } from '../i18n/i18n';

/** Query keys of the feature search page (STYLE.md §5). Results are keyed by the filters actually sent. */
export const featureSearchKeys = {
  all: ['feature-search'] as const,
  filterOptions: () => [...featureSearchKeys.all, 'filter-options'] as const,
  results: (filters: FeatureSearchFilters) => [...featureSearchKeys.all, 'results', filters] as const,
};

/** GET /api/feature-search/filters: the games for the game box, the popular games and the taxonomy. */
export const featureSearchOptionsQuery = () =>
  queryOptions({
    queryKey: featureSearchKeys.filterOptions(),
    queryFn: async ({ signal }) => featureSearchFiltersResponse.parse(await apiJson('GET', '/api/feature-search/filters', undefined, { signal })),
  });

export function useFeatureSearchOptions() {
  return useQuery(featureSearchOptionsQuery());
}

/** POST /api/feature-search, one page of 35 after `cursor` (spec §7, §9); spec §8: 'Failed to search features'. */
export async function searchFeaturePage(filters: FeatureSearchFilters, cursor: number | null, signal?: AbortSignal): Promise<FeatureSearchResponse> {
  try {
    const body = { filters, limit: FEATURE_SEARCH_PAGE_SIZE, ...(cursor !== null ? { cursor } : {}) };
    return featureSearchResponse.parse(await apiJson('POST', '/api/feature-search', body, { signal }));
  } catch (err) {
    if (isAbortError(err)) throw err;
    throw new Error(webI18n.t('features:searchFailed'), { cause: err });
  }
}

/** The result pages for one set of filters; runs only when at least one filter is chosen (spec §4). */
export function useFeatureSearchResults(filters: FeatureSearchFilters, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: featureSearchKeys.results(filters),
    queryFn: ({ pageParam, signal }) => searchFeaturePage(filters, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor !== null ? last.nextCursor : undefined),
    enabled,
  });
}
