/**
 * Cards flashed because someone else changed them (team boards, "Presence"): each flash is a group of
 * cards in that person's color with their name, shown FLASH_MS and then gone. A card flashed again takes the newer
 * flash (its color, its name, its end). Pure: time is passed in, so it is tested without a clock.
 */

/** How long a flash shows. */
export const FLASH_MS = 1_500;

export type FlashStyle = { color: string; label: string };
/** One flashed card as drawn: its color, its label (shown on the group's first card only), and when it ends. */
export type CardFlash = { cardId: number; color: string; label: string; until: number; labelled: boolean };

export class FlashSet {
  private readonly flashes = new Map<number, CardFlash>();

  /** Flashes `cardIds` from `now` for `ms`; answers when the flash ends. */
  add(cardIds: readonly number[], style: FlashStyle, now: number, ms = FLASH_MS): number {
    const until = now + ms;
    cardIds.forEach((cardId, i) => {
      this.flashes.delete(cardId);
      this.flashes.set(cardId, { cardId, color: style.color, label: style.label, until, labelled: i === 0 });
    });
    return until;
  }

  /** The flashes showing at `now`, oldest first (expired ones are dropped). */
  active(now: number): CardFlash[] {
    this.prune(now);
    return [...this.flashes.values()];
  }

  /** Drops flashes that have ended, and those of cards no longer on the board; answers whether any remain. */
  prune(now: number, onBoard?: (cardId: number) => boolean): boolean {
    for (const [id, flash] of this.flashes)
      if (flash.until <= now || (onBoard && !onBoard(id))) this.flashes.delete(id);
    return this.flashes.size > 0;
  }

  clear(): void {
    this.flashes.clear();
  }
}

/** `#RRGGBB` as a number for the renderer's tint (an unreadable color falls back to a neutral blue). */
export function colorNumber(color: string): number {
  return /^#[0-9a-f]{6}$/i.test(color) ? parseInt(color.slice(1), 16) : 0x2563eb;
}
