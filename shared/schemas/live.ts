import { z } from 'zod';
import { memberRole } from './board-members';

/**
 * GET /api/boards/:id/events: the Server-Sent Events of one board, as the server sends them.
 *   - `change` (id: the board's content version after it): a BoardChange (shared/schemas/board-ops.ts) to apply;
 *   - `version`: the board moved to `version` by a change the stream does not carry (too large, or filtered for
 *     another plan): fetch it with GET /api/boards/:id/changes?since=<the screen's version>;
 *   - `reload`: what the screen missed cannot be told change by change: load the board again;
 *   - `ready`: caught up; `version` is the board's version as the stream starts following it;
 *   - `ping`: a heartbeat (proxies keep the connection; the screen knows the stream is alive);
 *   - `gone` ({ version, reason }): the board is gone for this screen: `reason` 'deleted' (the owner deleted it) or
 *     'removed' (this user was removed from the board, or left it); the stream then ends;
 *   - `presence`: who has the board open now, `{ people: [{ userId, name }] }`, each person once: sent
 *     right after `ready`, and again to every stream of the board whenever that set may have changed (a stream
 *     opened or closed on any instance, a member was removed);
 *   - `role` ({ role }): the owner changed this user's role on the board: what the screen offers follows;
 *   - `plan` ({ locksSections }): the owner's plan changed between one that locks sections (the free plan) and one
 *     that does not: the board's sections and cards are loaded again (locked sections open or close);
 * A stream resumes where the screen is (`?since=version`, or the standard Last-Event-ID header).
 *
 * Every stream of a signed-in page, the board's or GET /api/current-user/events (a page without a board: `ready`,
 * `ping` and these only), also carries the user's own news:
 *   - `user` ({ news }): `boards`, the list of boards this user is on or invited to changed (a board made, renamed,
 *     deleted or restored, an invitation made, accepted or declined, a member added, removed or given a role);
 *     `account`, their plan or their month's usage changed. The screen reads that part again. `upgradeAsked`
 *     ({ boardId, boardTitle, name }): a member (`name`) of this user's board asks them to upgrade their plan so the
 *     board's locked sections open; every page of the owner hears it, whichever stream it holds.
 */
export const LIVE_EVENTS = [
  'change',
  'version',
  'reload',
  'ready',
  'ping',
  'gone',
  'presence',
  'role',
  'plan',
  'user',
] as const;
export type LiveEventName = (typeof LIVE_EVENTS)[number];

export const liveVersion = z.object({ version: z.number().int().nonnegative() });
export type LiveVersion = z.infer<typeof liveVersion>;

export const livePresence = z.object({ people: z.array(z.object({ userId: z.number().int(), name: z.string() })) });
export type LivePresence = z.infer<typeof livePresence>;

/** Why a board is `gone` for a screen. */
export const goneReason = z.enum(['deleted', 'removed']);
export type GoneReason = z.infer<typeof goneReason>;

/** The `gone` event's data; a server without `reason` meant a deleted board. */
export const liveGone = z.object({ version: z.number().int(), reason: goneReason.default('deleted') });
export type LiveGone = z.infer<typeof liveGone>;

/** The `role` event's data: this user's new role on the board. */
export const liveRole = z.object({ role: memberRole });
export type LiveRole = z.infer<typeof liveRole>;

/** What a user's news says: which part of their own state changed, or a member's ask to upgrade. */
export const liveUserNewsItem = z.discriminatedUnion('news', [
  z.object({ news: z.literal('boards') }),
  z.object({ news: z.literal('account') }),
  z.object({
    news: z.literal('upgradeAsked'),
    boardId: z.number().int().positive(),
    boardTitle: z.string(),
    name: z.string(),
  }),
]);
export type LiveUserNewsItem = z.infer<typeof liveUserNewsItem>;

/** The `user` event's data: the news, and `screen`, the tab whose request made it (it has its answer already). */
export const liveUserNews = liveUserNewsItem.and(z.object({ screen: z.string().nullable() }));
export type LiveUserNews = z.infer<typeof liveUserNews>;

/** The `plan` event's data: whether the owner's plan now locks sections (the free plan). */
export const livePlan = z.object({ locksSections: z.boolean() });
export type LivePlan = z.infer<typeof livePlan>;
