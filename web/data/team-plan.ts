import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { teamImpact, type TeamImpact } from '#shared/schemas/billing';
import { upgradeRequestAnswer, type UpgradeRequestAnswer } from '#shared/schemas/board-members';
import { personName } from '#shared/presence';
import { webI18n } from '../i18n/i18n';
import { useAppStore } from '../stores/app.store';
import { useAskOwnerStore } from '../stores/ask-owner.store';
import { toast } from '../stores/toast.store';
import { apiJson } from './api-client';
import { billingKeys } from './billing-keys';
import { boardSessions } from './query-client';
import { boardKeys } from './query-keys';
import type { Board } from './wire';

/**
 * The owner's plan decides what everyone on their boards sees: what a plan move costs the people on the user's
 * boards (GET /api/billing/team-impact), a member asking the owner to upgrade (POST /api/boards/:id/upgrade-request),
 * and the board's stream saying the owner's plan changed or that a member asks.
 */

export const teamImpactQuery = (planId: number) =>
  queryOptions({
    queryKey: billingKeys.teamImpact(planId),
    queryFn: async ({ signal }): Promise<TeamImpact> =>
      teamImpact.parse(await apiJson('GET', `/api/billing/team-impact?planId=${planId}`, undefined, { signal })),
    // Read each time a plan dialog opens: members may have joined since.
    staleTime: 0,
  });

export function useTeamImpact(planId: number) {
  return useQuery(teamImpactQuery(planId));
}

export async function askOwnerToUpgrade(boardId: number): Promise<UpgradeRequestAnswer> {
  return upgradeRequestAnswer.parse(await apiJson('POST', `/api/boards/${boardId}/upgrade-request`, {}));
}

/** The name a board's owner goes by, as the board list has it (their first name, else their address's local part). */
export function ownerName(board: Pick<Board, 'owner' | 'userId'>): string {
  return personName({ firstName: board.owner?.name, email: board.owner?.email, id: board.userId });
}

function listedBoard(queryClient: QueryClient, boardId: number | null): Board | undefined {
  for (const [, boards] of queryClient.getQueriesData<Board[]>({ queryKey: boardKeys.lists() })) {
    const found = boards?.find((b) => b.id === boardId);
    if (found) return found;
  }
  return undefined;
}

/**
 * A locked section's "Upgrade Plan to Unlock": on the user's own board, their plans (their plan decides); on a board
 * shared with them, the owner's plan decides, so the dialog that offers to ask the owner opens instead.
 */
export function upgradeFromLockedSection(queryClient: QueryClient, goToPlans: () => void): void {
  const board = listedBoard(queryClient, useAppStore.getState().currentBoardId);
  if (board && board.role !== 'owner') useAskOwnerStore.getState().open(board.id);
  else goToPlans();
}

/** The stream's `plan`: the owner's plan now locks sections, or no longer does; the board loads again. */
export async function ownerPlanChanged(queryClient: QueryClient, boardId: number, locksSections: boolean) {
  const board = listedBoard(queryClient, boardId);
  if (!locksSections && useAskOwnerStore.getState().boardId === boardId) useAskOwnerStore.getState().close();
  if (board && board.role !== 'owner')
    toast(
      { title: webI18n.t(locksSections ? 'team:plan.lockedToast' : 'team:plan.unlockedToast', { title: board.title }) },
      'info',
    );
  await boardSessions(queryClient).session(boardId).reload();
}

/** The user's news `upgradeAsked`: a member asks them to upgrade, so their board's locked sections open. */
export function memberAskedUpgrade(name: string, boardTitle: string): void {
  toast(
    {
      title: webI18n.t('team:plan.askedToast', { name }),
      description: webI18n.t('team:plan.askedToastDetail', { title: boardTitle }),
    },
    'info',
  );
}
