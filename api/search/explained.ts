import type { CardReason } from '#shared/schemas/card';
import { hasTopic, type SearchPlan } from './plan';
import { RELEVANCE_FLOOR, type ScoredFeature } from './score';
import { reasonWordOf, reasonWords } from './reasons';
import { foldText, textMentions } from './text';
import type { QueryWordShares } from './word-shares';

/**
 * The last filter of the ordering stage: every card says why it is there. A card the engine cannot explain from its
 * own facts is not added, nor one that is there only for a word half the catalogue uses ("earn" in "offline
 * earnings") unless it is named for a word that is not that common. Pure: the ranked features, their reasons and
 * screen names, and the query words' shares in the catalogue (word-shares.ts) in; the kept ones out, in order.
 */
export function explainedOnly(
  ranked: readonly ScoredFeature[],
  plan: SearchPlan,
  reasons: ReadonlyMap<number, readonly CardReason[]>,
  titles: ReadonlyMap<number, string>,
  shares: QueryWordShares,
): ScoredFeature[] {
  return ranked.filter((f) => {
    const why = reasons.get(f.id) ?? [];
    const title = titles.get(f.id);
    if (why.length === 0 || title === undefined) return false;
    if (
      f.tagFit >= RELEVANCE_FLOOR ||
      plan.tags.length ||
      !why.every((r) => r.kind === 'word' || r.kind === 'genre' || r.kind === 'tier')
    )
      return true;
    const words = why.filter((r) => r.kind === 'word').map((r) => r.value);
    const covered = new Set(words.map((w) => reasonWordOf(plan, w)));
    if (words.some((w) => shares.naming.has(w) && textMentions(foldText(title), w))) return true;
    return words.length === 0
      ? !hasTopic(plan)
      : words.some((w) => shares.distinctive.has(w)) || covered.size === reasonWords(plan).length;
  });
}
