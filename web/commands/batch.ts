import { actionCommand, isActionCommand, joinActions } from './board-action';
import type { Command } from './command';

/**
 * Several commands as one history entry (multi-select, drag of a selection, a section with its cards). Commands
 * that carry their change as data on one board are joined into ONE batch: one request, one version, applied whole
 * or not at all by the server, so no compensating requests are ever sent. Only commands that reach beyond one
 * board's ops (another board, a search) still run one after another; their inverse undoes the ones
 * that succeeded, newest first. Null only when none succeeded.
 */
export function batchCommand(label: string, commands: Command[]): Command {
  if (commands.length > 0 && commands.every(isActionCommand)) {
    return actionCommand(label, (queryClient) => {
      const actions = commands.flatMap((c) => c.build(queryClient) ?? []);
      return actions.length ? joinActions(label, actions) : null;
    });
  }
  return {
    label,
    async run(ctx) {
      const inverses: Command[] = [];
      for (const command of commands) {
        const inverse = await command.run(ctx);
        if (inverse) inverses.push(inverse);
      }
      if (inverses.length === 0) return null;
      return batchCommand(label, inverses.reverse());
    },
  };
}
