import { z } from 'zod';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  acceptInvitationAnswer,
  boardMembersAnswer,
  invitationPreview,
  invitationLink,
  inviteMemberAnswer,
  myInvitationsAnswer,
  type AcceptInvitationAnswer,
  type CreateInvitationBody,
  type InviteMemberAnswer,
  type InvitationLink,
  type MemberRole,
} from '#shared/schemas/board-members';
import { apiJson } from './api-client';
import { boardKeys, invitationPreviewKeys, memberKeys, myInvitationKeys } from './query-keys';
import type { Board } from './wire';

/** A board's people (README "Team boards"): GET /api/boards/:id/members, the owner first. */
export const membersQuery = (boardId: number) =>
  queryOptions({
    queryKey: memberKeys.list(boardId),
    queryFn: async ({ signal }) => boardMembersAnswer.parse(await apiJson('GET', `/api/boards/${boardId}/members`, undefined, { signal })),
    staleTime: 0,
  });

export function useMembers(boardId: number | null) {
  return useQuery({ ...membersQuery(boardId ?? 0), enabled: boardId !== null && boardId > 0 });
}

const refreshMembers = (queryClient: QueryClient, boardId: number) => queryClient.invalidateQueries({ queryKey: memberKeys.list(boardId) });

/** POST /api/boards/:id/members: the address gets a pending invitation; the person joins when they accept it. */
export async function inviteByEmail(queryClient: QueryClient, boardId: number, email: string, role: MemberRole): Promise<InviteMemberAnswer> {
  const answer = inviteMemberAnswer.parse(await apiJson('POST', `/api/boards/${boardId}/members`, { email, role }));
  await refreshMembers(queryClient, boardId);
  return answer;
}

export async function changeRole(queryClient: QueryClient, boardId: number, userId: number, role: MemberRole): Promise<void> {
  await apiJson('PATCH', `/api/boards/${boardId}/members/${userId}`, { role });
  await refreshMembers(queryClient, boardId);
}

export async function removeMember(queryClient: QueryClient, boardId: number, userId: number): Promise<void> {
  await apiJson('DELETE', `/api/boards/${boardId}/members/${userId}`);
  await refreshMembers(queryClient, boardId);
}

export async function createInvitationLink(queryClient: QueryClient, boardId: number, body: CreateInvitationBody): Promise<InvitationLink> {
  const link = invitationLink.parse(await apiJson('POST', `/api/boards/${boardId}/invitations`, body));
  await refreshMembers(queryClient, boardId);
  return link;
}

export async function revokeInvitation(queryClient: QueryClient, boardId: number, code: string): Promise<void> {
  await apiJson('DELETE', `/api/boards/${boardId}/invitations/${encodeURIComponent(code)}`);
  await refreshMembers(queryClient, boardId);
}

/** A member's copy of the board among their own (POST /api/boards/:id/copy): the copy's id. */
export async function copyBoardToMine(boardId: number): Promise<number> {
  return copyAnswer.parse(await apiJson('POST', `/api/boards/${boardId}/copy`)).boardId;
}
const copyAnswer = z.object({ boardId: z.number().int() });

/** POST /api/invitations/:code/accept: the board the link opens. */
export async function acceptInvitation(code: string): Promise<AcceptInvitationAnswer> {
  return acceptInvitationAnswer.parse(await apiJson('POST', `/api/invitations/${encodeURIComponent(code)}/accept`));
}

/**
 * What an invitation link is for (GET /api/invitations/:code/preview): the board's title and who invites, asked
 * once per code; a link that no longer works fails with the server's words, and is not asked again.
 */
export const invitationPreviewQuery = (code: string) =>
  queryOptions({
    queryKey: invitationPreviewKeys.detail(code),
    queryFn: async ({ signal }) =>
      invitationPreview.parse(await apiJson('GET', `/api/invitations/${encodeURIComponent(code)}/preview`, undefined, { signal })),
    staleTime: Infinity,
    retry: false,
  });

/** The signed-in person's pending invitations by email (GET /api/invitations): the sidebar's Invitations list. */
export function useMyInvitations(enabled: boolean) {
  return useQuery({
    queryKey: myInvitationKeys.list(),
    queryFn: async ({ signal }) => myInvitationsAnswer.parse(await apiJson('GET', '/api/invitations', undefined, { signal })).invitations,
    enabled,
    // Someone may invite this person while the page is open: asked again now and then, and on focus.
    refetchInterval: 60_000,
  });
}

/** Accepts one of the person's invitations: it leaves the list and its board joins their board list. */
export async function acceptMyInvitation(queryClient: QueryClient, code: string): Promise<AcceptInvitationAnswer> {
  const answer = await acceptInvitation(code);
  await Promise.all([queryClient.invalidateQueries({ queryKey: myInvitationKeys.all }), queryClient.refetchQueries({ queryKey: boardKeys.lists() })]);
  return answer;
}

/** Declines one of the person's invitations: it is gone, and nothing joins their board list. */
export async function declineMyInvitation(queryClient: QueryClient, code: string): Promise<void> {
  await apiJson('POST', `/api/invitations/${encodeURIComponent(code)}/decline`);
  await queryClient.invalidateQueries({ queryKey: myInvitationKeys.all });
}

/** Drops a board the user no longer has from their cached list. */
export function forgetBoard(queryClient: QueryClient, boardId: number): void {
  queryClient.setQueriesData<Board[]>({ queryKey: boardKeys.lists() }, (old) => old?.filter((b) => b.id !== boardId));
}
