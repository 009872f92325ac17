import type { QueryClient } from '@tanstack/react-query';

/** Where a command run comes from: a user action, or the history replaying an inverse. */
export type CommandSource = 'user' | 'undo' | 'redo';

export type CommandContext = { queryClient: QueryClient; source: CommandSource };

/**
 * One user-visible change (Excalidraw's action shape, STYLE.md): `run` applies it to the cache and the API, shows
 * the spec's feedback, and answers the command that undoes it, or null when it failed (already reverted and
 * reported). Every change the board makes to cards and sections goes through one of these.
 */
export interface Command {
  readonly label: string;
  run(ctx: CommandContext): Promise<Command | null>;
}

/** Success feedback is for the user's own action; undo and redo announce themselves instead. */
export function isUserAction(ctx: CommandContext): boolean {
  return ctx.source === 'user';
}
