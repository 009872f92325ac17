/**
 * The board API's own error messages (our words; the spec's toasts live in shared/messages/web.ts). They go out
 * as `{error:{code,message}}`; the web shows the spec's toast and may log these.
 */
export const BOARD_API_MESSAGES = {
  lastBoard: 'Your last board cannot be deleted: create another board first.',
  tooManyOps: 'Too many board changes in the last minute: wait a moment, then try again.',
  batchTooLarge: (max: number) =>
    `A batch takes at most ${max} operations (and a layout.set at most ${max} items): send a larger change as several batches (board.organize lays out a whole board in one op).`,
  batchBodyTooLarge: (mb: number) =>
    `A batch of board operations is at most ${mb} MB: send a larger change as several batches (board.organize lays out a whole board in one op).`,
} as const;

/** The names used in 404 messages ('Board not found', ...). */
export const ENTITY_NAMES = {
  board: 'Board',
  card: 'Card',
  section: 'Section',
  query: 'Query',
} as const;

/** Team boards' own error messages. */
export const TEAM_BOARD_MESSAGES = {
  roleTooLow: (needed: 'owner' | 'editor' | 'viewer') =>
    needed === 'owner' ? 'Only the board’s owner may do this.' : 'Viewers may look at this board but not change it.',
  memberLimit: (limit: number) =>
    `This board has reached its plan’s limit of ${limit} ${limit === 1 ? 'person' : 'people'}: the owner can upgrade to add more.`,
  ownerIsNotMember: 'The owner already has this board.',
  alreadyMember: 'This person is already on the board: change their role in the members list.',
  tooManyInvitations: 'Too many invitations in the last hour: wait a while, then try again.',
  ownerRoleFixed: 'The owner’s role cannot be changed.',
  ownerCannotLeave: 'The owner cannot leave their own board: delete it or keep it.',
  invitationNotFound: 'This invitation does not exist or was revoked.',
  invitationExpired: 'This invitation has expired: ask the board’s owner for a new one.',
  invitationUsedUp: 'This invitation has been used as many times as it allows: ask the board’s owner for a new one.',
  tooManyInvitationLookups: 'Too many invitation links opened from this address: wait a while, then try again.',
  memberEntity: 'Member',
  upgradeAskOwnBoard: 'This is your own board: its locked sections open with your own plan.',
  upgradeAskNothingLocked: 'The owner’s plan already opens every section of this board.',
  tooManyUpgradeAsks: 'You already asked the owner to upgrade for this board today: try again tomorrow.',
} as const;
