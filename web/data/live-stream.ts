import type { QueryClient } from '@tanstack/react-query';
import { liveUserNews, type LiveUserNewsItem } from '#shared/schemas/live';
import { reconnectDelay } from '../logic/board-ops/reconnect';
import { boardKeys, memberKeys, myInvitationKeys, userKeys } from './query-keys';
import { SCREEN_ID } from './screen-id';
import { memberAskedUpgrade } from './team-plan';

/**
 * What every live stream of a signed-in page shares, the board's (board-live.ts) and the user's (followUser): the
 * browser's EventSource, closed and opened again after a growing pause when it breaks (reconnect.ts), on whichever
 * instance answers; and the user's own news (`user` events), which each of them carries, so a page holds one
 * stream: the board's when it shows one, else the user's.
 */
export type LiveStatus = 'connecting' | 'live' | 'waiting';

export type LiveFollow = { close(): void };

/**
 * Follows the stream at `url()` (asked again at each connection, so it can resume from where the screen is):
 * `listen` adds the stream's own listeners to each new EventSource. A `ready` after a broken stream reads the
 * user's boards list and account again, since news may have passed while it was down.
 */
export function followStream(
  queryClient: QueryClient,
  url: () => string,
  listen: (stream: EventSource) => void,
  onStatus: (status: LiveStatus) => void = () => undefined,
): LiveFollow {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let closed = false;

  const open = () => {
    if (closed) return;
    onStatus('connecting');
    const stream = new EventSource(url(), { withCredentials: true });
    source = stream;
    // The stream told what was missed before this: the screen is caught up.
    stream.addEventListener('ready', () => {
      if (failures > 0) for (const news of ['boards', 'account'] as const) receiveUserNews(queryClient, { news });
      failures = 0;
      onStatus('live');
    });
    stream.addEventListener('user', (event) => {
      const parsed = liveUserNews.safeParse(JSON.parse((event as MessageEvent<string>).data));
      // This tab's own request made the news: its answer has already told this tab.
      if (parsed.success && parsed.data.screen !== SCREEN_ID) receiveUserNews(queryClient, parsed.data);
    });
    listen(stream);
    // EventSource would reconnect by itself with the URL it was opened with (a board's old ?since=): it is closed
    // and opened again here instead, after a pause that grows with each failure in a row.
    stream.onerror = () => {
      stream.close();
      if (closed || source !== stream) return;
      source = null;
      onStatus('waiting');
      timer = setTimeout(open, reconnectDelay(failures++));
    };
  };

  open();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      source?.close();
      source = null;
    },
  };
}

/**
 * The user's own news, heard on another screen of theirs or from another person's action: `boards`, the boards
 * list (with the pending invitations and the members of boards) is read again; `account`, the user is (their plan
 * and the month's usage; a plan change then re-reads what depends on it, plan-sync.ts); `upgradeAsked`, a member
 * asks them to upgrade, told as a toast on whichever page is open.
 */
export function receiveUserNews(queryClient: QueryClient, item: LiveUserNewsItem): void {
  if (item.news === 'upgradeAsked') return memberAskedUpgrade(item.name, item.boardTitle);
  const keys = item.news === 'boards' ? [boardKeys.lists(), myInvitationKeys.all, memberKeys.all] : [userKeys.all];
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/** GET /api/current-user/events: the user's own news, for a page that follows no board. */
export function followUser(queryClient: QueryClient, onStatus?: (status: LiveStatus) => void): LiveFollow {
  return followStream(queryClient, () => '/api/current-user/events', () => undefined, onStatus);
}
