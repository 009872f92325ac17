import type { QueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { BILLING_PATH_FROM_LIMIT } from '../components/billing/plan-routes';
import { frameResults } from '../components/board/frame-results';
import type { BoardController } from '../components/board/board-controller';
import { LIMIT_REDIRECT_DELAY_MS, UNTITLED_BOARD_TITLE } from '#shared/constants';
import { formatResetDate } from '#shared/usage-dates';
import { boardKeys, cardKeys, sectionKeys, userKeys } from '../data/query-keys';
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
import { boardSessions } from '../data/query-client';
import { renameBoardCommand } from '../commands/rename-board';
import { recordDone, undoEntry } from '../commands/history';
import type { ProcessQueryResponse, ReadingEditInput } from '#shared/schemas/search';
import { useSearchStatus, type BoardReading } from '../components/search/search-status.store';
import { swapResultsCommand } from '../commands/replace-results';
import type { Section } from '../data/wire';
import { webI18n } from '../i18n/i18n';

/** How long the flow waits for the engine to hold the new cards before dropping them in. */
const DROP_WAIT_MS = 2000;
/** How long the toast offering to undo a board's naming after its first query stays. */
const BOARD_NAMED_UNDO_MS = 10_000;
/** Clears the floating chrome over the canvas top (toolbar and compact search bar, about 150 px tall). */
const FIRST_FILL_OFFSET = { x: 0, y: 160 };

export type SearchContext = {
  queryClient: QueryClient;
  navigate: (path: string) => void;
  /** The mounted board's controller, read when the cards arrive (it may mount while the query runs). */
  controller: () => BoardController | null;
};

/**
 * Spec accounts §8: 'Reached monthly limit; upgrade your plan' in red, with the date searches come back, then
 * /billing after 2 s (?from=limit: the plan page says why the user is there). Find similar refuses with this same message.
 */
export function refuseAtLimit(ctx: Pick<SearchContext, 'queryClient' | 'navigate'>): void {
  const user = ctx.queryClient.getQueryData<CurrentUser | null>(userKeys.current());
  const date = formatResetDate(user?.usage_reset_date, new Date(), webI18n.language);
  const title = webI18n.t('search:limitReached.title');
  toast(
    date ? { title, description: webI18n.t('search:limitReached.description', { date }) } : { title },
    'destructive',
  );
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
export async function submitSearch(
  ctx: SearchContext,
  rawQuery: string,
  boardId: number | null,
  edit?: ReadingEditInput,
): Promise<void> {
  const query = queryToSend(rawQuery);
  // One submit at a time, from its first call on (a double Enter, or a pending query racing a click).
  if (query === null || useAppStore.getState().searchSubmitting || useSearchStatus.getState().status === 'loading')
    return;
  if (boardId === null || boardId <= 0) return;
  useAppStore.getState().setSearchSubmitting(true);
  try {
    let user: CurrentUser;
    try {
      user = await applyDueUsageReset(await fetchUsageUser());
    } catch (err) {
      console.error(err);
      toast({ title: webI18n.t('search:errors.usageUnverified') }, 'destructive');
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
    await runQuery(ctx, query, boardId, edit);
  } finally {
    useAppStore.getState().setSearchSubmitting(false);
  }
}

/**
 * A reading chip's change (the board shows what it understood of the query): the board's last query run again with
 * the changed reading, its results replacing the previous query's sections in one change that Undo takes back.
 */
export async function rerunWithReading(ctx: SearchContext, boardId: number, edit: ReadingEditInput): Promise<void> {
  const shown = useSearchStatus.getState().reading;
  if (!shown || shown.boardId !== boardId) return;
  await submitSearch(ctx, shown.query, boardId, edit);
}

/**
 * The query itself (the answer is the finished board's new part): indicator loading → the server adds
 * and lays out the results → they go into the board store and fall in → "Here's your loot!" + rating. Submit to
 * cards on screen is the usage read and this one request; no layout follows it.
 */
async function runQuery(ctx: SearchContext, query: string, boardId: number, edit?: ReadingEditInput): Promise<void> {
  const status = useSearchStatus.getState();
  const app = () => useAppStore.getState();
  // A changed reading replaces the results of the query it changes (the ones this screen sees).
  const notice = status.notice?.boardId === boardId ? status.notice.text : null;
  const previous = edit ? replaceable(ctx.queryClient, status.reading, notice) : null;
  status.start(boardId);
  // Spec board-workspace §4: auto-layout stays off while the new cards fall in (the server placed them).
  app().setAutoLayoutDisabled(true);
  const before = ctx.queryClient.getQueryData<Card[]>(cardKeys.list(boardId)) ?? [];
  try {
    const answer = await boardSessions(ctx.queryClient)
      .session(boardId)
      .trackOwnWrite(
        (async () => {
          const reply = await processQuery(
            query,
            boardId,
            edit ? { reading: edit, replaces: previous?.sections.map((s) => s.id) ?? [] } : {},
          );
          if (reply.success) await storeResults(ctx.queryClient, boardId, reply);
          return reply;
        })(),
      );
    if (!answer.success) throw new QueryRefused(answer.message);
    const onBoard = () => app().currentBoardId === boardId;
    const added = newCardIds(before, ctx.queryClient.getQueryData<Card[]>(cardKeys.list(boardId)) ?? []);
    if (onBoard()) await dropIn(ctx.controller, added, before.length === 0);
    app().setAutoLayoutDisabled(false);
    // The month's count and the boards list's order follow once the cards are on screen.
    void ctx.queryClient.invalidateQueries({ queryKey: userKeys.all });
    void ctx.queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
    // The answer says, for a query naming a genre, game or tier, how that scope was met. It is rendered at once
    // (flushSync), so the search bar already has its height with that notice under it when the view is framed.
    flushSync(() => {
      useSearchStatus.getState().succeed(answer.notice);
      showAnswerReading(ctx.queryClient, boardId, query, edit ?? null, answer, previous);
    });
    // The view moves to the new cards the user can see (the first open section holding them), keeping clear of
    // the bar as it is now.
    if (onBoard()) frameResults(ctx.controller(), ctx.queryClient, boardId, added);
    if (answer.renamedFrom) offerRenameUndo(ctx.queryClient, boardId, answer.renamedFrom, answer.change?.board?.title);
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

/** The previous query's results a changed reading replaces: its open sections and their cards, as this screen has them. */
type Replaceable = { reading: BoardReading; notice: string | null; sections: Section[]; cards: Map<number, Card> };

function replaceable(
  queryClient: QueryClient,
  reading: BoardReading | null,
  notice: string | null,
): Replaceable | null {
  if (!reading) return null;
  const ids = new Set(reading.sectionIds);
  // A free plan's locked sections stay: their cards are hidden from this screen, so it cannot take them back.
  const sections = (queryClient.getQueryData<Section[]>(sectionKeys.list(reading.boardId)) ?? []).filter(
    (s) => ids.has(s.id) && !s.locked,
  );
  const inThem = new Set(sections.map((s) => s.id));
  const cards = (queryClient.getQueryData<Card[]>(cardKeys.list(reading.boardId)) ?? []).filter(
    (c) => c.sectionId != null && inThem.has(c.sectionId),
  );
  return { reading, notice, sections, cards: new Map(cards.map((c) => [c.id, c])) };
}

/**
 * The panel's chips show what the answer was read as; for a changed reading, the swap back to the results it
 * replaced goes on the undo history (one step).
 */
function showAnswerReading(
  queryClient: QueryClient,
  boardId: number,
  query: string,
  edit: ReadingEditInput | null,
  answer: ProcessQueryResponse,
  previous: Replaceable | null,
): void {
  const removed = new Set(answer.change?.removedSectionIds ?? []);
  const sectionIds = (answer.change?.sections ?? []).map((s) => s.id).filter((id) => !removed.has(id));
  const shown = answer.reading ? { boardId, query, reading: answer.reading, edit, sectionIds } : null;
  useSearchStatus.getState().showReading(shown, answer.notice);
  if (!previous || !shown) return;
  const cards = (answer.replaced ?? []).flatMap((r) => r.cardIds.map((id) => ({ id, sectionId: r.sectionId })));
  recordDone(
    swapResultsCommand(
      webI18n.t('board:searchReading.changeLabel'),
      boardId,
      { sectionIds, side: { shown, notice: answer.notice ?? null } },
      {
        sections: previous.sections,
        cards,
        known: previous.cards,
        side: { shown: previous.reading, notice: previous.notice },
      },
    ),
    queryClient,
  );
}

/**
 * The answer's rows go into the board store as they are: the server laid them out below the board's content, so
 * this screen lays out nothing (the board counts as laid out, and its growth as placed). A board this screen has
 * not loaded is fetched instead.
 */
async function storeResults(queryClient: QueryClient, boardId: number, answer: ProcessQueryResponse): Promise<void> {
  const loaded =
    queryClient.getQueryData(cardKeys.list(boardId)) !== undefined &&
    queryClient.getQueryData(sectionKeys.list(boardId)) !== undefined;
  if (!answer.change || !loaded) {
    await Promise.all([
      queryClient.fetchQuery({ ...cardsQuery(boardId), staleTime: 0 }),
      queryClient.fetchQuery({ ...sectionsQuery(boardId), staleTime: 0 }),
    ]);
    return;
  }
  const session = boardSessions(queryClient).session(boardId);
  session.noteRemoteGrowth();
  await session.receive(answer.change, { own: { keepDetails: true } });
}

/**
 * An "Untitled" board is named after its first query; the user can take that back (the toast's
 * Undo, or Ctrl+Z like any change).
 */
function offerRenameUndo(queryClient: QueryClient, boardId: number, from: string, to: string | undefined): void {
  if (!to) return;
  const inverse = renameBoardCommand(boardId, to, from);
  recordDone(inverse, queryClient);
  const named = {
    title: webI18n.t('search:boardNamed.title'),
    description: webI18n.t('search:boardNamed.description', { title: to }),
  };
  toast(named, 'info', BOARD_NAMED_UNDO_MS, {
    label: webI18n.t('search:boardNamed.undo'),
    run: () => void undoEntry(inverse, queryClient),
  });
}

/**
 * Hands the new card ids to the engine's drop-in animation once the engine holds them. Gives up after DROP_WAIT_MS
 * (the board was left meanwhile): the cards are simply there without the fall.
 */
async function dropIn(controller: () => BoardController | null, ids: number[], firstFill: boolean): Promise<void> {
  if (ids.length === 0) return;
  const board = controller();
  if (!board || !(await board.whenHolds(ids.slice(0, 1), DROP_WAIT_MS))) return;
  // A board filled for the first time starts with its top row below the compact search bar.
  if (firstFill) board.moveTo({ zoom: board.view().zoom, offset: FIRST_FILL_OFFSET });
  board.dropIn(ids);
}
