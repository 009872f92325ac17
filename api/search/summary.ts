import type { CardReason } from '#shared/schemas/card';
import { DEFAULT_LOCALE, type Locale } from '#shared/locale';
import type { Db } from '../db/client';
import type { Respelling, SearchPlan } from './plan';
import type { ConstraintLevel } from './score';
import { reasonWordOf, reasonWords } from './reasons';
import { relaxedPhrase } from './relaxed-sections';
import { scopeNotice } from './scope';
import { searchRepo } from '../db/repositories/search.repo';
import { foldText } from './text';

/**
 * What a search matched, for the answer's message ("the message names what matched"): the reasons the
 * cards share most, how many cards only top the board up and from where, how the scope the query names was met
 *, and the query's words the catalogue does not have at all ("gacha pity" says which cards mention pity; "handle" is named as found nowhere).
 */
export type SearchSummary = {
  matched: { label: string; count: number }[];
  /** The cards from elsewhere when the query names no scope, and where they are from, in `locale`. */
  relaxed: { count: number; phrase: (locale?: Locale) => string } | null;
  missing: string[];
  /**
   * How the genre, game or tier the query names was met, in plain words, or null when it names none. `hidden`: the
   * cards from elsewhere the reader cannot see (the free plan's locked sections), left out of the count of what
   * comes after the scope's matches, so the sentence is true for whoever reads it; in `locale` (English unless said).
   */
  scope: (hidden?: number, locale?: Locale) => string | null;
  /** The query's words read as catalogue words because no feature says them as typed ("loadot" as "loadout"). */
  respelled: Respelling[];
};

const MATCHED_SHOWN = 4;

/**
 * `scopeMatches`: how many of the cards are the named scope's matches (the first section's; sections.ts
 * IN_SCOPE_FILLS); `nearest`: those are its nearest screens to the topic, none the topic itself.
 */
export async function summarise(
  db: Db,
  plan: SearchPlan,
  cards: { level: ConstraintLevel; reasons: CardReason[] }[],
  scopeMatches: number,
  respelled: Respelling[] = [],
  nearest = false,
): Promise<SearchSummary> {
  const counts = new Map<string, number>();
  for (const card of cards)
    for (const label of new Set(card.reasons.map((r) => r.label))) counts.set(label, (counts.get(label) ?? 0) + 1);
  const matched = [...counts]
    .map(([label, count]) => ({ label, count }))
    .sort((a, b) => b.count - a.count)
    .slice(0, MATCHED_SHOWN);
  const relaxedCards = cards.filter((c) => c.level > 0);
  const widest = relaxedCards.some((c) => c.level === 2) ? 2 : 1;
  const mentioned = new Set(
    cards.flatMap((c) => c.reasons.filter((r) => r.kind === 'word').map((r) => reasonWordOf(plan, r.value) ?? r.value)),
  );
  const missing: string[] = [];
  for (const w of reasonWords(plan)) {
    if (!mentioned.has(w) && (await searchRepo.fullText(db, `"${foldText(w)}"`, 1)).length === 0) missing.push(w);
  }
  return {
    matched,
    relaxed: relaxedCards.length
      ? { count: relaxedCards.length, phrase: (locale?: Locale) => relaxedPhrase(plan, widest, locale) }
      : null,
    missing,
    scope: (hidden = 0, locale: Locale = DEFAULT_LOCALE) =>
      scopeNotice(plan, scopeMatches, Math.max(0, cards.length - scopeMatches - hidden), nearest, locale),
    respelled,
  };
}
