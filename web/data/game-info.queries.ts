import { useQuery } from '@tanstack/react-query';
import { apiJson } from './api-client';
import { gameInfoKeys } from './query-keys';
import { gameInfoSchema, type GameInfo } from './wire';

/** GET /api/game-info; failure or success:false leaves genre and subgenre empty, logged only (spec §8). */
export async function fetchGameInfo(gameName: string, signal?: AbortSignal): Promise<GameInfo> {
  try {
    const info = gameInfoSchema.parse(await apiJson('GET', `/api/game-info?gameName=${encodeURIComponent(gameName)}`, undefined, { signal }));
    if (!info.success) console.warn('Game info not found for', gameName);
    return info.success ? info : { success: false };
  } catch (err) {
    console.warn('Game info request failed', err);
    return { success: false };
  }
}

/** Spec §4: the genre info is refetched on each viewer open (staleTime 0, a fresh observer per open). */
export function useGameInfo(gameName: string | null) {
  return useQuery({
    queryKey: gameInfoKeys.detail(gameName ?? ''),
    queryFn: ({ signal }) => fetchGameInfo(gameName ?? '', signal),
    enabled: !!gameName,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
