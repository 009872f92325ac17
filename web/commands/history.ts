import type { QueryClient } from '@tanstack/react-query';
import { useAppStore } from '../stores/app.store';
import { toast } from '../stores/toast.store';
import { commandToast } from '../i18n/command-toasts';
import type { Command, CommandSource } from './command';

/** Session undo history ("Beyond the original"): inverses of what the user did, newest last. */
const HISTORY_LIMIT = 200;
const undoStack: Command[] = [];
const redoStack: Command[] = [];
/** Commands run one at a time, in order, so an undo never overtakes the change it undoes. */
let queue: Promise<unknown> = Promise.resolve();

function publish() {
  useAppStore.getState().setHistoryLabels(undoStack.at(-1)?.label ?? null, redoStack.at(-1)?.label ?? null);
}

/** A new change's inverse goes on the undo stack (the oldest drops past the limit); the redo stack is cleared. */
function pushUndo(inverse: Command): void {
  undoStack.push(inverse);
  if (undoStack.length > HISTORY_LIMIT) undoStack.shift();
  redoStack.length = 0;
  publish();
}

function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task, task);
  queue = next.catch(() => undefined);
  return next;
}

/** Runs a user command; when it succeeds its inverse goes on the undo stack and the redo stack is cleared. */
export function execute(
  command: Command,
  queryClient: QueryClient,
  options: { record?: boolean } = {},
): Promise<boolean> {
  return enqueue(async () => {
    const inverse = await command.run({ queryClient, source: 'user' });
    if (!inverse) return false;
    if (options.record !== false) {
      pushUndo(inverse);
    }
    return true;
  });
}

async function replay(
  from: Command[],
  to: Command[],
  source: CommandSource,
  queryClient: QueryClient,
): Promise<boolean> {
  const command = from.pop();
  if (!command) {
    toast(commandToast(source === 'undo' ? 'nothingToUndo' : 'nothingToRedo'), 'info');
    publish();
    return false;
  }
  const inverse = await command.run({ queryClient, source });
  if (inverse) {
    to.push(inverse);
    toast(commandToast(source === 'undo' ? 'undone' : 'redone', { label: command.label }), 'info');
  }
  publish();
  return inverse !== null;
}

/**
 * Undoes one given history entry wherever it is on the stack (a toast's Undo button, when other changes came
 * after it); false when it is no longer there (already undone).
 */
export function undoEntry(entry: Command, queryClient: QueryClient): Promise<boolean> {
  return enqueue(async () => {
    const i = undoStack.lastIndexOf(entry);
    if (i < 0) return false;
    undoStack.splice(i, 1);
    undoStack.push(entry);
    return replay(undoStack, redoStack, 'undo', queryClient);
  });
}

/**
 * Records a change that is already made (the server renamed an "Untitled" board after its first query
 * item 21) by its inverse, so Undo puts it back like any change the user made here.
 */
export function recordDone(inverse: Command): void {
  void enqueue(async () => {
    pushUndo(inverse);
  });
}

/** Runs a user command and answers its inverse as recorded in the history (null when it failed). */
export function executeRecorded(command: Command, queryClient: QueryClient): Promise<Command | null> {
  return enqueue(async () => {
    const inverse = await command.run({ queryClient, source: 'user' });
    if (!inverse) return null;
    pushUndo(inverse);
    return inverse;
  });
}

export function undo(queryClient: QueryClient): Promise<boolean> {
  return enqueue(() => replay(undoStack, redoStack, 'undo', queryClient));
}

export function redo(queryClient: QueryClient): Promise<boolean> {
  return enqueue(() => replay(redoStack, undoStack, 'redo', queryClient));
}

/** Forgets the history (application reset, sign-out). */
export function clearHistory(): void {
  undoStack.length = 0;
  redoStack.length = 0;
  publish();
}

/** Waits until every queued command has finished (tests, board switches). */
export function settled(): Promise<unknown> {
  return queue;
}
