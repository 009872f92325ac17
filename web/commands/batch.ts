import type { Command } from './command';

/**
 * Several commands as one history entry (multi-select, drag of a selection, a section with its cards). They run
 * in order; the inverse undoes the ones that succeeded, newest first. Null only when none succeeded.
 * `atomic`: stop at the first failure and undo what already ran, so the change happens whole or not at all
 * (a section whose move was refused must not leave its cards moved).
 */
export function batchCommand(label: string, commands: Command[], options: { atomic?: boolean } = {}): Command {
  return {
    label,
    async run(ctx) {
      const inverses: Command[] = [];
      for (const command of commands) {
        const inverse = await command.run(ctx);
        if (inverse) {
          inverses.push(inverse);
          continue;
        }
        if (options.atomic) {
          for (const undo of inverses.reverse()) await undo.run({ ...ctx, source: 'undo' });
          return null;
        }
      }
      if (inverses.length === 0) return null;
      return batchCommand(label, inverses.reverse(), options);
    },
  };
}
