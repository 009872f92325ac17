import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The board's column of floating panels (the board page renders it; null until mounted). */
export const SidePanelsContext = createContext<HTMLElement | null>(null);

/**
 * A floating panel of the board screen (find on board, the '?' shortcuts panel, 'Rate this response'), drawn in
 * one column at the board's top-right corner, each below the other (the rating popup was
 * drawn on top of the shortcuts panel). Their order is the column's CSS, not which opened first.
 */
export function SidePanel({ children }: { children: ReactNode }) {
  const column = useContext(SidePanelsContext);
  return column ? createPortal(children, column) : children;
}
