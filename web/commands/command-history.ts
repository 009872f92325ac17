import type { QueryClient } from '@tanstack/react-query';
import { useAppStore } from '../stores/app.store';
import { toast } from '../stores/toast.store';
import { commandToast } from '../i18n/command-toasts';
import type { Command, CommandSource } from './command';

/** Entries kept on the undo stack; the oldest drops past it. */
const HISTORY_LIMIT = 200;

/**
 * The screen's undo history ("Beyond the original"): inverses of what the user did, newest last. One per screen,
 * held by its board sessions (web/data/board-session.ts) and reached through history.ts. Commands run one at a
 * time, in order, so an undo never overtakes the change it undoes.
 */
export class CommandHistory {
  private readonly undoStack: Command[] = [];
  private readonly redoStack: Command[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  private publish(): void {
    useAppStore.getState().setHistoryLabels(this.undoStack.at(-1)?.label ?? null, this.redoStack.at(-1)?.label ?? null);
  }

  /** A new change's inverse goes on the undo stack (the oldest drops past the limit); the redo stack is cleared. */
  private pushUndo(inverse: Command): void {
    this.undoStack.push(inverse);
    if (this.undoStack.length > HISTORY_LIMIT) this.undoStack.shift();
    this.redoStack.length = 0;
    this.publish();
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async replay(
    from: Command[],
    to: Command[],
    source: CommandSource,
    queryClient: QueryClient,
  ): Promise<boolean> {
    const command = from.pop();
    if (!command) {
      toast(commandToast(source === 'undo' ? 'nothingToUndo' : 'nothingToRedo'), 'info');
      this.publish();
      return false;
    }
    const inverse = await command.run({ queryClient, source });
    if (inverse) {
      to.push(inverse);
      toast(commandToast(source === 'undo' ? 'undone' : 'redone', { label: command.label }), 'info');
    }
    this.publish();
    return inverse !== null;
  }

  /** Runs a user command; when it succeeds its inverse goes on the undo stack and the redo stack is cleared. */
  execute(command: Command, queryClient: QueryClient, options: { record?: boolean } = {}): Promise<boolean> {
    return this.enqueue(async () => {
      const inverse = await command.run({ queryClient, source: 'user' });
      if (!inverse) return false;
      if (options.record !== false) this.pushUndo(inverse);
      return true;
    });
  }

  /** Runs a user command and answers its inverse as recorded in the history (null when it failed). */
  executeRecorded(command: Command, queryClient: QueryClient): Promise<Command | null> {
    return this.enqueue(async () => {
      const inverse = await command.run({ queryClient, source: 'user' });
      if (!inverse) return null;
      this.pushUndo(inverse);
      return inverse;
    });
  }

  /**
   * Undoes one given history entry wherever it is on the stack (a toast's Undo button, when other changes came
   * after it); false when it is no longer there (already undone).
   */
  undoEntry(entry: Command, queryClient: QueryClient): Promise<boolean> {
    return this.enqueue(async () => {
      const i = this.undoStack.lastIndexOf(entry);
      if (i < 0) return false;
      this.undoStack.splice(i, 1);
      this.undoStack.push(entry);
      return this.replay(this.undoStack, this.redoStack, 'undo', queryClient);
    });
  }

  /** Records a change that is already made by its inverse, so Undo puts it back like any change the user made here. */
  recordDone(inverse: Command): void {
    void this.enqueue(async () => this.pushUndo(inverse));
  }

  undo(queryClient: QueryClient): Promise<boolean> {
    return this.enqueue(() => this.replay(this.undoStack, this.redoStack, 'undo', queryClient));
  }

  redo(queryClient: QueryClient): Promise<boolean> {
    return this.enqueue(() => this.replay(this.redoStack, this.undoStack, 'redo', queryClient));
  }

  /** Forgets the history (application reset, sign-out). */
  clear(): void {
    this.undoStack.length = 0;
    this.redoStack.length = 0;
    this.publish();
  }

  /** Waits until every queued command has finished (tests, board switches). */
  settled(): Promise<unknown> {
    return this.queue;
  }
}
