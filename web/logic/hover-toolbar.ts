/**
 * How a card's hover toolbar fits its card (at 50% it was wider than the card and covered the
 * neighbour, where a stray click ran 'Find similar'). Full-size buttons when they fit inside the card, smaller
 * icon buttons when only those fit, and no toolbar at all on a card too small for either (zoom in, or use the
 * context menu and the selection bar).
 */

/** The toolbar's parts in CSS pixels (styles.css .card-controls / .ctl draw them at these sizes). */
export const HOVER_TOOLBAR = { buttons: 6, gap: 2, padding: 3, border: 1, sizes: [30, 22] } as const;

/** The toolbar's width with buttons of `button` px. */
export function hoverToolbarWidth(button: number): number {
  const { buttons, gap, padding, border } = HOVER_TOOLBAR;
  return buttons * button + (buttons - 1) * gap + 2 * (padding + border);
}

/**
 * The button size for a card `cardWidth` px wide on screen with the toolbar `inset` px in from each side, or null
 * when even the small buttons would stick out of the card.
 * @example hoverToolbarButton(340, 14) // 30
 * @example hoverToolbarButton(170, 7) // 22
 * @example hoverToolbarButton(120, 5) // null
 */
export function hoverToolbarButton(cardWidth: number, inset: number): number | null {
  const room = cardWidth - 2 * inset;
  for (const size of HOVER_TOOLBAR.sizes) if (hoverToolbarWidth(size) <= room) return size;
  return null;
}
