import { LOCKED_SECTION_FRACTION } from './constants';
import { FREE_PLAN_ID } from './plans';

/** FNV-1a, 32-bit: small, stable across runtimes, good enough to spread section titles. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function isFreePlan(planId: number | null | undefined): boolean {
  return planId === null || planId === undefined || planId <= FREE_PLAN_ID;
}

/**
 * Which sections of a board a free-plan user sees locked (spec accounts §4): on a board with 2 or more sections,
 * about 55% of them, chosen deterministically from a hash of the board title and each section title — the same
 * board always locks the same sections, on the server and in the browser. At least one section stays open.
 *
 * @example lockedSectionIds(1, 'Starter packs', [{id: 1, title: 'Offers'}, {id: 2, title: 'Shops'}]) // Set {2} or {1}
 */
export function lockedSectionIds(
  planId: number | null | undefined,
  boardTitle: string,
  sections: readonly { id: number; title: string }[],
): Set<number> {
  if (!isFreePlan(planId) || sections.length < 2) return new Set();
  const count = Math.min(sections.length - 1, Math.max(1, Math.round(sections.length * LOCKED_SECTION_FRACTION)));
  const ranked = sections
    .map((section) => ({ id: section.id, rank: fnv1a(`${boardTitle}\u0000${section.title}`) }))
    .sort((a, b) => a.rank - b.rank || a.id - b.id);
  return new Set(ranked.slice(0, count).map((s) => s.id));
}

/**
 * The lock of sections a free user's board gains in one go: decided once, when they are created, and
 * stored, so renaming the board or a section later never decides again. A batch of 2 or more (a query's answer, a
 * collection, a share copy, a demo board) locks like `lockedSectionIds` over the batch alone, so sections the user
 * made before cannot shift the choice. A single section added to a board that already has one is locked when its
 * hash falls in the lower LOCKED_SECTION_FRACTION of the range, the same proportion; the first section of a board is
 * open (spec: a board with fewer than 2 sections locks nothing).
 */
export function decideSectionLocks(
  boardTitle: string,
  created: readonly { id: number; title: string }[],
  otherSectionCount: number,
): Set<number> {
  if (created.length >= 2) return lockedSectionIds(FREE_PLAN_ID, boardTitle, created);
  if (created.length === 1 && otherSectionCount >= 1) {
    const [section] = created;
    const locked = fnv1a(`${boardTitle}\u0000${section.title}`) < LOCKED_SECTION_FRACTION * 2 ** 32;
    return locked ? new Set([section.id]) : new Set();
  }
  return new Set();
}
