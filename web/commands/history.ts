import type { QueryClient } from '@tanstack/react-query';
import { boardSessions } from '../data/query-client';
import type { Command } from './command';

/**
 * The screen's undo history, reached through the query client every caller already holds: the history itself is
 * one CommandHistory (command-history.ts) in the screen's board sessions, not module state.
 */

/** Runs a user command; when it succeeds its inverse goes on the undo stack and the redo stack is cleared. */
export function execute(
  command: Command,
  queryClient: QueryClient,
  options: { record?: boolean } = {},
): Promise<boolean> {
  return boardSessions(queryClient).history.execute(command, queryClient, options);
}

/**
 * Undoes one given history entry wherever it is on the stack (a toast's Undo button, when other changes came
 * after it); false when it is no longer there (already undone).
 */
export function undoEntry(entry: Command, queryClient: QueryClient): Promise<boolean> {
  return boardSessions(queryClient).history.undoEntry(entry, queryClient);
}

/**
 * Records a change that is already made (the server renamed an "Untitled" board after its first query) by its
 * inverse, so Undo puts it back like any change the user made here.
 */
export function recordDone(inverse: Command, queryClient: QueryClient): void {
  boardSessions(queryClient).history.recordDone(inverse);
}

/** Runs a user command and answers its inverse as recorded in the history (null when it failed). */
export function executeRecorded(command: Command, queryClient: QueryClient): Promise<Command | null> {
  return boardSessions(queryClient).history.executeRecorded(command, queryClient);
}

export function undo(queryClient: QueryClient): Promise<boolean> {
  return boardSessions(queryClient).history.undo(queryClient);
}

export function redo(queryClient: QueryClient): Promise<boolean> {
  return boardSessions(queryClient).history.redo(queryClient);
}

/** Forgets the history (application reset, sign-out). */
export function clearHistory(queryClient: QueryClient): void {
  boardSessions(queryClient).history.clear();
}
