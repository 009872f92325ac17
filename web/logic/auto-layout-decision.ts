export type LayoutDecisionInput = {
  cards: number;
  sections: number;
  /** The counts seen the last time this board was laid out or loaded; null the first time. */
  baseline: { cards: number; sections: number } | null;
  applied: boolean;
  viewsOpen: boolean;
  disabled: boolean;
  running: boolean;
  /**
   * The growth came from another screen's change (live boards): that screen lays out what it added
   * and its layout arrives as a change too; this one must not write a second layout over it (and over moves made
   * meanwhile), so the new counts become the baseline.
   */
  remoteGrowth?: boolean;
};

export type LayoutDecision = 'run' | 'skip' | 'clear' | 'record-baseline';

/**
 * Spec board-workspace §4 "Auto-layout": run the first time the board has content, re-run whenever the number
 * of cards or sections grows; skip in the bookmarks or collections view, when disabled, or while a run is
 * going; an empty board clears its flag. Cards added while it is disabled are placed by whoever disabled it (a
 * query's results were laid out by the server; own images land where their placeholders were): their count becomes
 * the baseline, so switching it back on does not lay them out again.
 */
export function decideAutoLayout(i: LayoutDecisionInput): LayoutDecision {
  if (i.cards === 0 && i.sections === 0) return 'clear';
  if (i.disabled && i.applied && !i.viewsOpen && !i.running) return 'record-baseline';
  if (i.viewsOpen || i.disabled || i.running) return 'skip';
  if (!i.applied) return 'run';
  if (!i.baseline) return 'record-baseline';
  if (grewPastBaseline(i, i.baseline)) return i.remoteGrowth ? 'record-baseline' : 'run';
  return 'record-baseline';
}

/** Whether the board has more cards or sections than when it was last laid out or loaded (none known: no). */
export function grewPastBaseline(
  now: { cards: number; sections: number },
  baseline: { cards: number; sections: number } | null,
): boolean {
  return baseline !== null && (now.cards > baseline.cards || now.sections > baseline.sections);
}
