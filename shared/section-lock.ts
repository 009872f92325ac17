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
  return new Set(byHash(boardTitle, sections).slice(0, lockedCount(sections.length)));
}

/** How many of n sections the free plan locks: about LOCKED_SECTION_FRACTION, at least one, never all. */
function lockedCount(n: number): number {
  return Math.min(n - 1, Math.max(1, Math.round(n * LOCKED_SECTION_FRACTION)));
}

/** The sections' ids in the order of their hash with the board title: the first ones lock. */
function byHash(boardTitle: string, sections: readonly { id: number; title: string }[]): number[] {
  return sections
    .map((section) => ({ id: section.id, rank: fnv1a(`${boardTitle}\u0000${section.title}`) }))
    .sort((a, b) => a.rank - b.rank || a.id - b.id)
    .map((s) => s.id);
}

/**
 * The lock of sections a free user's board gains in one go: decided once, when they are created, and
 * stored, so renaming the board or a section later never decides again. A batch of 2 or more (a query's answer, a
 * collection, a share copy, a demo board) locks like `lockedSectionIds` over the batch alone, so sections the user
 * made before cannot shift the choice. A single section added to a board that already has one is locked when its
 * hash falls in the lower LOCKED_SECTION_FRACTION of the range, the same proportion; the first section of a board is
 * open (spec: a board with fewer than 2 sections locks nothing).
 *
 * `keepOpen`: a section of the batch that must stay open, the one that answers a query (its first by relevance,
 * the one the answer's sentence names). The batch still locks the same share of its sections, all taken from the
 * others; a batch of that section alone locks nothing.
 *
 * @example decideSectionLocks('Starter Pack in Match-3', answerSections, 0, answerSections[0].id) // never has it
 */
export function decideSectionLocks(
  boardTitle: string,
  created: readonly { id: number; title: string }[],
  otherSectionCount: number,
  keepOpen: number | null = null,
): Set<number> {
  if (keepOpen !== null && created.some((s) => s.id === keepOpen)) {
    if (created.length < 2) return new Set();
    const others = created.filter((s) => s.id !== keepOpen);
    return new Set(byHash(boardTitle, others).slice(0, lockedCount(created.length)));
  }
  if (created.length >= 2) return lockedSectionIds(FREE_PLAN_ID, boardTitle, created);
  if (created.length === 1 && otherSectionCount >= 1) {
    const [section] = created;
    const locked = fnv1a(`${boardTitle}\u0000${section.title}`) < LOCKED_SECTION_FRACTION * 2 ** 32;
    return locked ? new Set([section.id]) : new Set();
  }
  return new Set();
}
