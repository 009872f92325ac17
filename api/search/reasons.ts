import type { CardReason } from '#shared/schemas/card';
import type { SearchPlan } from './plan';
import { ownTag } from './relations';
import { RELEVANCE_FLOOR, TAG_FIT, type ScoredFeature } from './score';
import { CATEGORY_TEXT_HINTS } from './synonyms';
import { foldText, isStopWord, textMentions } from './text';
import { tagLabel, VOCABULARY } from './vocabulary';
import { wordSynonyms } from './word-synonyms';

/**
 * Why each card is on the board, stated only from facts about the card: its own tag when that tag fits
 * what was asked, its game's genre or tier when the query constrained them, its game when named, and the query's
 * words its text contains. Shown as chips in the viewer and on hover, stored with the card.
 */

/** The words of a plan worth naming as reasons: its free keywords, not taxonomy words a tag chip already tells. */
export function reasonWords(plan: Pick<SearchPlan, 'keywords'>): string[] {
  return plan.keywords.filter((w) => w.length > 2 && !isStopWord(w) && !VOCABULARY.has(w)).slice(0, 8);
}

/** The plan's reason word a word chip stands for: the word itself, or the keyword it is a synonym of. */
export function reasonWordOf(plan: Pick<SearchPlan, 'keywords'>, said: string): string | null {
  const words = reasonWords(plan);
  if (words.includes(said)) return said;
  return words.find((w) => wordSynonyms(w).includes(said)) ?? null;
}

const MAX_WORD_REASONS = 3;

export function reasonsFor(feature: ScoredFeature, plan: SearchPlan, text: string): CardReason[] {
  const reasons: CardReason[] = [];
  // A plan of words only asked for no tag: a screen named for its words is there for them, not for its own tag.
  if (
    plan.tags.length > 0 &&
    (feature.tagFit >= RELEVANCE_FLOOR ||
      (feature.tagFit >= TAG_FIT.sameCategory &&
        plan.tags.some((t) => t.secondary === null && t.primary === feature.primaryTag)))
  ) {
    reasons.push({
      kind: 'tag',
      value: `${feature.primaryTag}/${feature.secondaryTag}`,
      label: tagLabel(ownTag(feature)),
    });
  }
  if (feature.gameNamed) reasons.push({ kind: 'game', value: feature.game.name, label: feature.game.name });
  if (plan.genres.length && feature.genreFit > 0) {
    reasons.push({
      kind: 'genre',
      value: `${feature.game.genre}/${feature.game.subgenre}`,
      label: feature.game.subgenre || feature.game.genre,
    });
  }
  if ((plan.tiers as readonly string[]).includes(feature.game.tier))
    reasons.push({ kind: 'tier', value: feature.game.tier, label: feature.game.tier });
  const folded = foldText(text);
  const toldByTag = reasons.some((r) => r.kind === 'tag');
  let words = 0;
  for (const word of plan.keywords) {
    if (words >= MAX_WORD_REASONS) break;
    // A taxonomy word ("shop") is already told by the tag chip when the card has one.
    if (word.length <= 2 || isStopWord(word) || (toldByTag && VOCABULARY.has(word))) continue;
    // The word itself, else a word of the same meaning that the card says ("income" for "earnings").
    const said = [word, ...wordSynonyms(word)].find((w) => textMentions(folded, w));
    if (said) {
      reasons.push({ kind: 'word', value: said, label: `“${said}”` });
      words++;
    }
  }
  // A screen there because its text speaks of an asked-for category: the category's word it says ("price").
  if (feature.speaksOfCategory && words < MAX_WORD_REASONS) {
    const said = plan.tags
      .flatMap((t) => (t.secondary === null ? (CATEGORY_TEXT_HINTS[t.primary] ?? []) : []))
      .find((w) => textMentions(folded, w));
    if (said) reasons.push({ kind: 'word', value: said, label: `“${said}”` });
  }
  // A game like the named one (its sub-genre): there for that likeness.
  if (feature.level === 1 && plan.games.length && !plan.genres.length && feature.game.subgenre) {
    reasons.push({
      kind: 'genre',
      value: `${feature.game.genre}/${feature.game.subgenre}`,
      label: `${feature.game.subgenre}, like ${plan.games[0]}`,
    });
  }
  return reasons;
}
