import type { QueryClient } from '@tanstack/react-query';
import type { ToastText } from '#shared/messages/web';
import type { BoardOpInput } from '#shared/schemas/board-ops';
import { runBoardOps } from '../data/board-ops';
import { failureToast } from '../data/failure-text';
import { boardSessions } from '../data/query-client';
import type { Card } from '../data/wire';
import { useAppStore } from '../stores/app.store';
import { toast } from '../stores/toast.store';
import { isUserAction, type Command } from './command';

/**
 * A change to one board as data: the ops that make it and the ops that undo it, both computed from this screen's
 * copy when the user acts. Positions are not in it where the server can work them out: ops say what the user
 * meant ("these cards into that section at this point", "organize"), and the server lays the board out from the
 * latest state. Running it, undoing it and redoing it each send exactly one batch (web/data/board-ops.ts
 * runBoardOps); nothing here does I/O of its own.
 */
export type BoardAction = {
  readonly label: string;
  readonly boardId: number;
  readonly ops: readonly BoardOpInput[];
  readonly inverse: readonly BoardOpInput[];
  /**
   * The other board the ops also change (cards moved there): the inverse is sent to it (it holds the cards then),
   * and its cached copy catches up on the change once the batch is applied.
   */
  readonly otherBoardId?: number;
  /** Cards the ops bring back (a restore) and the inverse's, as this screen had them: drawn before the answer. */
  readonly known?: ReadonlyMap<number, Card>;
  readonly inverseKnown?: ReadonlyMap<number, Card>;
  /** Said after the user's own action succeeded (not on undo or redo, which announce themselves). */
  readonly success?: ToastText;
  /** Said when the server refuses the batch; without it the failure is only logged (a drag's). */
  readonly failure?: ToastText;
  /**
   * What follows the applied batch when its undo depends on the ids the batch made (its refs: sections made again):
   * the command that undoes it, built from the answer. Without it the undo is `inverse`.
   */
  readonly afterApplied?: (refs: Readonly<Record<string, number>>) => Command;
};

/** The same change the other way round: undo's action is the inverse's, whose own inverse is the original. */
export function invertAction(action: BoardAction): BoardAction {
  return {
    label: action.label,
    boardId: action.otherBoardId ?? action.boardId,
    ...(action.otherBoardId === undefined ? {} : { otherBoardId: action.boardId }),
    ops: action.inverse,
    inverse: action.ops,
    known: action.inverseKnown,
    inverseKnown: action.known,
    failure: action.failure,
  };
}

/**
 * Several actions on one board as one: their ops in order, their inverses in reverse order, all in one batch
 * (applied whole or not at all by the server). Null when they do not all act on the same board.
 */
export function joinActions(label: string, actions: readonly BoardAction[]): BoardAction | null {
  const boardId = actions[0]?.boardId;
  const otherBoardId = actions[0]?.otherBoardId;
  if (boardId === undefined || actions.some((a) => a.boardId !== boardId || a.otherBoardId !== otherBoardId))
    return null;
  const known = new Map<number, Card>();
  const inverseKnown = new Map<number, Card>();
  for (const a of actions) {
    for (const [id, card] of a.known ?? []) known.set(id, card);
    for (const [id, card] of a.inverseKnown ?? []) inverseKnown.set(id, card);
  }
  return {
    label,
    boardId,
    ...(otherBoardId === undefined ? {} : { otherBoardId }),
    ops: actions.flatMap((a) => a.ops),
    inverse: [...actions].reverse().flatMap((a) => a.inverse),
    known,
    inverseKnown,
    success: actions[0].success,
    failure: actions.find((a) => a.failure)?.failure,
  };
}

/**
 * A command carrying its change as data, built from this screen's copy of the board when it runs (so an undo
 * made long after reads the board as it is then); a batch joins such children into one action. Null: nothing to do.
 */
export type ActionCommand = Command & { readonly build: (queryClient: QueryClient) => BoardAction | null };

export function isActionCommand(command: Command): command is ActionCommand {
  return typeof (command as Partial<ActionCommand>).build === 'function';
}

/** Cards the ops remove are no longer selected or pinned. */
function forgetRemoved(ops: readonly BoardOpInput[]): void {
  const removed = new Set(ops.flatMap((op) => (op.type === 'card.delete' ? [op.id] : [])));
  if (removed.size === 0) return;
  const store = useAppStore.getState();
  if (store.selectedCardIds.some((id) => removed.has(id)))
    store.setSelection(store.selectedCardIds.filter((id) => !removed.has(id)));
  if (store.pinnedCardId !== null && removed.has(store.pinnedCardId)) store.setPinnedCardId(null);
}

/** The command that runs an action: one batch; its inverse, as a command, is what the history keeps. */
export function actionCommand(
  label: string,
  build: BoardAction | ((queryClient: QueryClient) => BoardAction | null),
): ActionCommand {
  const make = typeof build === 'function' ? build : () => build;
  return {
    label,
    build: make,
    async run(ctx) {
      const action = make(ctx.queryClient);
      if (!action || action.ops.length === 0) return null;
      forgetRemoved(action.ops);
      let refs: Readonly<Record<string, number>>;
      try {
        ({ refs } = await runBoardOps(ctx.queryClient, action.boardId, [...action.ops], action.known));
      } catch (err) {
        console.error(`${action.label} failed`, err);
        if (action.failure) toast(failureToast(action.failure, err), 'destructive');
        return null;
      }
      // The other board's copy, where this screen has one, takes the cards from that board's change log (the answer
      // is the batch's board's change; the other one is told to that board's own followers). Applied already.
      if (action.otherBoardId !== undefined)
        await boardSessions(ctx.queryClient)
          .existing(action.otherBoardId)
          ?.catchUp()
          .catch((err: unknown) => console.error(err));
      if (action.success && isUserAction(ctx)) toast(action.success, 'success');
      return action.afterApplied ? action.afterApplied(refs) : actionCommand(label, invertAction(action));
    },
  };
}
