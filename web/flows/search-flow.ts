import type { QueryClient } from '@tanstack/react-query';
import { BILLING_PATH_FROM_LIMIT } from '../components/billing/plan-routes';
import { frameResults } from '../components/board/frame-results';
import type { BoardEngine } from '#engine/types';
import { LIMIT_REDIRECT_DELAY_MS, UNTITLED_BOARD_TITLE } from '#shared/constants';
import { SEARCH_ERRORS, limitReachedToast } from '#shared/messages/search-panel';
import { formatResetDate } from '#shared/usage-dates';
import { boardKeys, cardKeys, userKeys } from '../data/query-keys';
import { cardsQuery } from '../data/cards.queries';
import { sectionsQuery } from '../data/sections.queries';
import {
  QueryRefused,
  applyDueUsageReset,
  fetchUsageUser,
  isLimitReachedError,
  processQuery,
  queryFailureMessage,
} from '../data/search.queries';
import { goToLogin } from '../data/user.queries';
import type { Card, CurrentUser } from '../data/wire';
import { savePendingQuery } from '../logic/search/pending-query';
import { newCardIds, queryToSend, usageVerdict } from '../logic/search/submit-rules';
import { useAppStore } from '../stores/app.store';
import { toast } from '../stores/toast.store';
import { organizeBoard } from './organize';
import { useSearchStatus } from '../components/search/search-status.store';

/** Spec accounts §4 and §9: after the refetch the flow waits 1.5 s, then organizes the cards. */
export const POST_QUERY_WAIT_MS = 1500;
/** How long the flow waits for the engine to hold the new cards before dropping them in. */
const DROP_WAIT_MS = 2000;
const FRAME_MS = 16;
/** Clears the floating chrome over the canvas top (toolbar and compact search bar, about 150 px tall). */
const FIRST_FILL_OFFSET = { x: 0, y: 160 };

export type SearchContext = {
  queryClient: QueryClient;
  navigate: (path: string) => void;
  /** The mounted board engine, read when the cards arrive (it may mount while the query runs). */
  engine: () => BoardEngine | null;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Spec accounts §8: 'Reached monthly limit; upgrade your plan' in red, with the date searches come back, then
 * /billing after 2 s (?from=limit: the plan page says why the user is there). Find similar refuses with this same message.
 */
export function refuseAtLimit(ctx: Pick<SearchContext, 'queryClient' | 'navigate'>): void {
  const user = ctx.queryClient.getQueryData<CurrentUser | null>(userKeys.current());
  toast(limitReachedToast(formatResetDate(user?.usage_reset_date)), 'destructive');
  window.setTimeout(() => ctx.navigate(BILLING_PATH_FROM_LIMIT), LIMIT_REDIRECT_DELAY_MS);
}

/**
 * A guest's submit (spec accounts §4, §6): the query and the board title wait in local storage and the guest
 * goes to sign in; after sign-in the query runs on its own (use-pending-query.ts).
 */
export function keepForAfterLogin(query: string, boardTitle: string | null): void {
  savePendingQuery({ query, boardTitle: boardTitle ?? UNTITLED_BOARD_TITLE });
  goToLogin('/');
}

/**
 * Spec accounts §4 "Submit flow" for a signed-in user: the usage read (and monthly reset), the limit check,
 * then the board content view opens and the query runs. Answers without doing anything for an empty query or
 * while another query is running.
 */
export async function submitSearch(ctx: SearchContext, rawQuery: string, boardId: number | null): Promise<void> {
  const query = queryToSend(rawQuery);
  // One submit at a time, from its first call on (a double Enter, or a pending query racing a click).
  if (query === null || useAppStore.getState().searchSubmitting || useSearchStatus.getState().status === 'loading') return;
  if (boardId === null || boardId <= 0) return;
  useAppStore.getState().setSearchSubmitting(true);
  try {
    let user: CurrentUser;
    try {
      user = await applyDueUsageReset(await fetchUsageUser());
    } catch (err) {
      console.error(err);
      toast(SEARCH_ERRORS.usageUnverified, 'destructive');
      return;
    }
    ctx.queryClient.setQueryData(userKeys.current(), user);
    if (usageVerdict(user) === 'limit') {
      refuseAtLimit(ctx);
      return;
    }

    const app = useAppStore.getState();
    app.closeBookmarks();
    app.setCollectionsViewOpen(false);
    await runQuery(ctx, query, boardId);
  } finally {
    useAppStore.getState().setSearchSubmitting(false);
  }
}

/** The query itself: indicator loading → cards fall in → 1.5 s → organize → "Here's your loot!" + rating. */
async function runQuery(ctx: SearchContext, query: string, boardId: number): Promise<void> {
  const status = useSearchStatus.getState();
  const app = () => useAppStore.getState();
  status.start(boardId);
  // Spec board-workspace §4: auto-layout stays off while the new cards fall in; the flow organizes once itself.
  app().setAutoLayoutDisabled(true);
  const before = ctx.queryClient.getQueryData<Card[]>(cardKeys.list(boardId)) ?? [];
  try {
    const answer = await processQuery(query, boardId);
    if (!answer.success) throw new QueryRefused(answer.message);
    const [after] = await Promise.all([
      ctx.queryClient.fetchQuery({ ...cardsQuery(boardId), staleTime: 0 }),
      ctx.queryClient.fetchQuery({ ...sectionsQuery(boardId), staleTime: 0 }),
    ]);
    void ctx.queryClient.invalidateQueries({ queryKey: userKeys.all });
    void ctx.queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
    const onBoard = () => app().currentBoardId === boardId;
    const added = newCardIds(before, after);
    if (onBoard()) await dropIn(ctx.engine, added, before.length === 0);
    await sleep(POST_QUERY_WAIT_MS);
    await organizeBoard(ctx.queryClient, boardId, { record: false });
    app().setAutoLayoutDisabled(false);
    // Issue 28: the answer says, for a query naming a genre, game or tier, how that scope was met.
    useSearchStatus.getState().succeed(answer.notice);
    // Issue 20: the view moves to the new cards the user can see (the first open section holding them), once the
    // search bar has drawn that notice under it: the framing keeps clear of the bar as it is then.
    if (onBoard()) requestAnimationFrame(() => frameResults(ctx.engine(), ctx.queryClient, boardId, added));
    // Spec accounts §4: the rating popup shows once a query yields a query id (on the board it was asked on).
    if (answer.queryId && onBoard()) app().setRatingQueryId(answer.queryId);
  } catch (err) {
    app().setAutoLayoutDisabled(false);
    if (isLimitReachedError(err)) {
      useSearchStatus.getState().hide();
      refuseAtLimit(ctx);
      return;
    }
    console.error('Query failed', err);
    useSearchStatus.getState().fail(queryFailureMessage(err));
  }
}

/**
 * Hands the new card ids to the engine's drop-in animation once the engine holds them (the canvas receives
 * the refetched cards on its next render).
 */
async function dropIn(engine: () => BoardEngine | null, ids: number[], firstFill: boolean): Promise<void> {
  if (ids.length === 0) return;
  const deadline = Date.now() + DROP_WAIT_MS;
  while (Date.now() < deadline) {
    const e = engine();
    if (e && e.inspectCard(ids[0]) !== null) {
      // A board filled for the first time starts with its top row below the compact search bar.
      if (firstFill) e.setView({ zoom: e.getView().zoom, offset: FIRST_FILL_OFFSET });
      e.dropInCards(ids);
      return;
    }
    await sleep(FRAME_MS);
  }
}
