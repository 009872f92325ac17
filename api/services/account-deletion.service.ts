import { say } from '#shared/messages/errors';
import type { DeleteAccountBody } from '#shared/schemas/account';
import { accountRemovalRepo } from '../db/repositories/account-removal.repo';
import { boardsRepo } from '../db/repositories/boards.repo';
import { sessionsRepo } from '../db/repositories/sessions.repo';
import { usersRepo, type UserRow } from '../db/repositories/users.repo';
import { withTransaction } from '../db/transaction';
import type { AppDeps } from '../deps';
import { AppError, badRequest } from '../errors';
import { announceUserNews, boardMemberIds } from '../live/user-news';
import { log } from '../ops/log';
import { confirmPassword } from './account.service';
import { announceAccessEnded, announceBoardGone } from './board-ops/board-write';
import { keysOf, lockOwnImageRows } from './own-images.service';
import { hashSessionToken } from './sessions.service';

/**
 * An account with no password here (it signs in through OIDC) proves it is its owner by a sign-in this recent:
 * the session's own creation time, which only a sign-in sets (renewal never moves it).
 */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

/** Who is asking: the client (the password check counts under the sign-in throttle) and this session's token. */
export type DeleteRequest = { ip: string; sessionToken: string };

/** The password, or for an OIDC-only account a fresh sign-in: a stolen session alone cannot delete an account. */
async function confirmOwner(deps: AppDeps, user: UserRow, body: DeleteAccountBody, request: DeleteRequest) {
  if (user.passwordHash) {
    if (!body.password) throw badRequest('account.deletePasswordNeeded', { field: 'password' });
    await confirmPassword(deps, user, body.password, request.ip);
    return;
  }
  const now = deps.clock.now();
  const found = await sessionsRepo.findLive(deps.db, hashSessionToken(request.sessionToken), now);
  if (!found || now.getTime() - found.session.createdAt.getTime() > RECENT_SIGN_IN_MS)
    throw new AppError('recent_sign_in_required', 403, say('account.deleteSignInAgain'));
}

/**
 * Ends a paid subscription now, before anything is deleted: were Stripe to refuse, the account stays as it was and
 * the person can try again, rather than being charged for an account that no longer exists. A subscription Stripe
 * no longer knows is already over.
 */
async function cancelSubscription(deps: AppDeps, user: UserRow): Promise<void> {
  if (!deps.stripe || !user.stripeSubscriptionId) return;
  try {
    await deps.stripe.subscriptions.cancel(user.stripeSubscriptionId);
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return;
    log.error({ err, userId: user.id }, 'account deletion: Stripe refused to cancel the subscription');
    throw new AppError('stripe_error', 502, say('account.deleteStripeFailed'));
  }
}

/**
 * DELETE /api/account: the account and everything of it. After the owner is confirmed and a subscription cancelled,
 * one transaction removes the user's row, and with it (by foreign key) their boards with sections, cards, trash and
 * members, their sessions, mailed links, memberships, bookmarks, searches, feedback and own image rows; plus the
 * owned boards' change history, invitations by email to their address and throttle counters kept by their id.
 * Members of the owned boards hear those boards are gone and the user's other screens lose the boards they were
 * a member of, as a deleted board and a removed member are told. The image files no other user's row keeps are
 * removed from storage after the commit; a file that cannot be removed is logged, never undoes the deletion.
 */
export async function deleteAccount(
  deps: AppDeps,
  user: UserRow,
  body: DeleteAccountBody,
  request: DeleteRequest,
): Promise<{ success: true }> {
  await confirmOwner(deps, user, body, request);
  await cancelSubscription(deps, user);
  const tellScreens: (() => void)[] = [];
  const files = await withTransaction(deps.db, async (tx) => {
    const locked = await usersRepo.lockById(tx, user.id);
    if (!locked) throw new AppError('unauthorized', 401, say('auth.signInRequired'));
    await lockOwnImageRows(tx);
    const owned = await accountRemovalRepo.ownedBoardIds(tx, user.id);
    const memberOf = await accountRemovalRepo.memberBoardIds(tx, user.id);
    const images = await accountRemovalRepo.ownImagesOf(tx, user.id);
    const peopleLosingBoards = new Set<number>();
    for (const boardId of owned) {
      const tell = await announceBoardGone(deps, tx, boardId);
      if (tell) tellScreens.push(tell);
      for (const memberId of await boardMemberIds(tx, boardId)) peopleLosingBoards.add(memberId);
    }
    // The members of the leaver's boards see those boards leave their lists; the owners of the boards they were on,
    // one member fewer.
    for (const boardId of memberOf) {
      const owner = await boardsRepo.ownerOf(tx, boardId);
      if (owner) peopleLosingBoards.add(owner.userId);
    }
    await announceUserNews(deps, tx, peopleLosingBoards, 'boards');
    for (const boardId of memberOf) {
      const tell = await announceAccessEnded(deps, tx, boardId, user.id);
      if (tell) tellScreens.push(tell);
    }
    await accountRemovalRepo.forgetAuthorship(tx, user.id);
    await accountRemovalRepo.deleteInvitationsTo(tx, locked.email);
    await accountRemovalRepo.deleteLimitKeys(tx, [
      `verify-user:${user.id}`,
      `board-ops-user:${user.id}`,
      `invitations-owner:${user.id}`,
    ]);
    await accountRemovalRepo.deleteUser(tx, user.id);
    // After the rows: removing the cards bumps their boards' versions (a trigger), which would make a version row anew.
    await accountRemovalRepo.deleteBoardHistory(tx, owned);
    const unkept = await accountRemovalRepo.shasNoOneKeeps(
      tx,
      images.map((image) => image.sha256),
    );
    return images.filter((image) => unkept.has(image.sha256)).flatMap((image) => keysOf(image.url));
  });
  for (const tell of tellScreens) tell();
  await removeFiles(deps, user.id, files);
  log.info({ userId: user.id, files: files.length }, 'account deleted');
  return { success: true };
}

/** Storage is not in the transaction: each file is removed on its own, and one that stays is logged by key. */
async function removeFiles(deps: Pick<AppDeps, 'storage'>, userId: number, keys: string[]): Promise<void> {
  const store = deps.storage.store;
  const results = await Promise.allSettled(keys.map((key) => store.remove(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected')
      log.error({ err: result.reason, userId, key: keys[i] }, 'account deletion: a stored image was not removed');
  });
}
