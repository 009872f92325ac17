import type { Command } from './command';

/**
 * Several commands as one history entry (multi-select, drag of a selection, drop into a section). They run in
 * order; the inverse undoes the ones that succeeded, newest first. Null only when none succeeded.
 */
export function batchCommand(label: string, commands: Command[]): Command {
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
