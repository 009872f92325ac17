import { Hono } from 'hono';
import { moreLikeSectionBody, processQueryBody } from '#shared/schemas/search';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { browserLanguage, userLocale } from '../middleware/browser-language';
import { currentUser, requireUser } from '../middleware/session';
import { queryToBoardSeconds } from '../ops/metrics';
import { moreLikeSection } from '../search/more-like-section';
import { processSearch } from '../search/search.service';
import { validate } from '../validation';

/**
 * POST /api/gemini/process {query, boardId} → {success, message, queryId} (spec accounts §7; signed in, own board);
 * POST /api/gemini/more-like-section {sectionId} → the same plus cardIds.
 */
export function searchRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .use(requireUser)
      // The answer's sentences and the scope's section titles are in the user's language.
      .post('/process', browserLanguage, validate('json', processQueryBody), async (c) => {
        const timer = queryToBoardSeconds.startTimer();
        const user = currentUser(c);
        const answer = await processSearch(deps, user, c.req.valid('json'), userLocale(c, user));
        timer();
        return c.json(answer);
      })
      // "More like this section" in a section's menu; its answer is in the user's language too.
      .post('/more-like-section', browserLanguage, validate('json', moreLikeSectionBody), async (c) => {
        const user = currentUser(c);
        return c.json(await moreLikeSection(deps, user, c.req.valid('json').sectionId, userLocale(c, user)));
      })
  );
}
