import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getList } from './api-client';
import { sectionKeys } from './query-keys';
import { parseList, sectionSchema, type Section } from './wire';

export const sectionsQuery = (boardId: number) =>
  queryOptions({
    queryKey: sectionKeys.list(boardId),
    queryFn: async ({ signal }) =>
      parseList(sectionSchema, await getList(`/api/sections?boardId=${boardId}`, 'Failed to fetch sections', signal), 'section'),
  });

export function useSections(boardId: number | null) {
  return useQuery({ ...sectionsQuery(boardId ?? 0), enabled: boardId !== null && boardId > 0 });
}

export function patchCachedSection(queryClient: QueryClient, boardId: number, sectionId: number, patch: (s: Section) => Section): Section | null {
  let before: Section | null = null;
  queryClient.setQueryData<Section[]>(sectionKeys.list(boardId), (old) =>
    old?.map((s) => {
      if (s.id !== sectionId) return s;
      before = s;
      return patch(s);
    }),
  );
  return before;
}

export function findCachedSection(queryClient: QueryClient, boardId: number, sectionId: number): Section | null {
  return queryClient.getQueryData<Section[]>(sectionKeys.list(boardId))?.find((s) => s.id === sectionId) ?? null;
}
