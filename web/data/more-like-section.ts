import type { QueryClient } from '@tanstack/react-query';
import { moreLikeSectionResponse, type MoreLikeSectionResponse } from '#shared/schemas/search';
import { apiJson } from './api-client';
import { boardSessions } from './query-client';

/**
 * "More like this section": POST /api/gemini/more-like-section (a search against the monthly limit; the server
 * adds up to 10 cards to the section and grows it in one board change). The answer's change goes into the board
 * store like any other: nothing is fetched again. The server laid the cards out: the growth is not this screen's
 * to lay out.
 */
export async function requestMoreLikeSection(
  queryClient: QueryClient,
  boardId: number,
  sectionId: number,
): Promise<MoreLikeSectionResponse> {
  const session = boardSessions(queryClient).session(boardId);
  return session.trackOwnWrite(
    (async () => {
      const answer = moreLikeSectionResponse.parse(
        await apiJson('POST', '/api/gemini/more-like-section', { sectionId }),
      );
      if (answer.success && answer.change) {
        session.noteRemoteGrowth();
        await session.receive(answer.change, { own: { keepDetails: true } });
      }
      return answer;
    })(),
  );
}
