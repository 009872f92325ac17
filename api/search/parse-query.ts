import { readSimilarQuery, type SimilarQueryParts } from '#shared/similar-query';
import { FEATURE_TAXONOMY, type Tier } from '#shared/taxonomy';
import { allowedTypos, editDistance } from './fuzzy';
import { shapeOf, type GameIndex } from './game-names';
import { emptyPlan, type Respelling, type SearchPlan } from './plan';
import { areRelatedTags, genreKey, tagKey } from './relations';
import { narrowestGenres } from './scope';
import { MIN_WORD } from './spelling';
import { foldedWords, foldText, isStopWord, phraseKey, singular, tokens as toTokens } from './text';
import {
  MAX_PHRASE_TOKENS,
  VOCABULARY,
  VOCABULARY_BY_SHAPE,
  VOCABULARY_TOKENS,
  type Concept,
  type TagRef,
} from './vocabulary';

/**
 * The offline query understanding: a designer's request → a SearchPlan.
 *
 * The text is folded (case, accents, punctuation, plurals; see text.ts) and read left to right, taking at each
 * word the longest phrase that names a tag, a genre, a tier or a catalogue game; a phrase with a typo is still
 * recognised when it is long enough to be unambiguous ("royl match", "candy crsh", "strater pack"). Words that are
 * none of these and not filler become free-text keywords. The board's "find similar" text (spec board-workspace
 * §5) is recognised by its fixed wording and read field by field.
 */

/** One recognised phrase, for tests and for the provider trail. */
export type PhraseMatch = { text: string; concepts: Concept[]; game: string | null; typo: boolean };
export type ParsedQuery = SearchPlan & { matches: PhraseMatch[] };

type Span = {
  start: number;
  length: number;
  key: string;
  concepts: readonly Concept[];
  game: string | null;
  typo: boolean;
};

/**
 * Typos allowed in one word of a vocabulary phrase: 2 in a word of 6 letters or more, 1 in a shorter
 * one ("battel pas" is "battle pass"), none in a word of one or two letters (shorthand is matched exactly).
 */
export function vocabularyTypos(length: number): number {
  if (length <= 2) return 0;
  return length < 6 ? 1 : 2;
}

/**
 * True when a typed word may be a misspelling of a vocabulary word: designers rarely get the first letter wrong
 * (a swap of the first two is a slip too), and requiring it keeps ordinary words from turning into taxonomy
 * words at two edits ("handle" is not "bundle").
 */
function sameStart(typed: string, word: string): boolean {
  return typed[0] === word[0] || (typed[0] === word[1] && typed[1] === word[0]);
}

/**
 * Word-by-word typo distance between a query n-gram and a vocabulary phrase, or Infinity: words the vocabulary
 * knows must be exact ("popup after" is not "popup offer"), and each unknown word may differ from its counterpart
 * only within that word's own allowance ("strater pack" is "starter pack").
 */
function phraseTypoDistance(gram: string[], phrase: string[], said: ReadonlySet<string>): number {
  let total = 0;
  for (let i = 0; i < gram.length; i++) {
    if (gram[i] === phrase[i]) continue;
    if (VOCABULARY_TOKENS.has(gram[i]) || said.has(gram[i]) || /^\d+$/.test(gram[i])) return Infinity;
    const max = Math.min(vocabularyTypos(phrase[i].length), vocabularyTypos(gram[i].length));
    if (max === 0 || !sameStart(gram[i], phrase[i])) return Infinity;
    const d = editDistance(gram[i], phrase[i], max);
    if (d > max) return Infinity;
    total += d;
  }
  return total;
}

/** Two words typed for one ("leader board" for "leaderboard", "town ship" for "township"): the joined word, when `lookup` knows it. */
function joinedPair<T>(
  words: string[],
  start: number,
  lookup: (joined: string) => T | undefined,
): { key: string; found: T } | null {
  const next = words[start + 1];
  if (next === undefined) return null;
  const key = `${words[start]}${next}`;
  const found = lookup(key);
  return found === undefined ? null : { key, found };
}

/**
 * Joined and split words: "battlepass" read as "battle pass", "leader board" as "leaderboard", "piggybank" as
 * "piggy bank". Only when the other spelling is a vocabulary phrase, so ordinary compounds are left alone.
 */
function joinedSpan(words: string[], start: number): Span | null {
  const word = words[start];
  if (!VOCABULARY.has(word) && !VOCABULARY.has(words[start + 1] ?? '')) {
    const joined = joinedPair(words, start, (key) => VOCABULARY.get(key));
    if (joined) return { start, length: 2, key: joined.key, concepts: joined.found, game: null, typo: false };
  }
  if (word.length >= 5 && !VOCABULARY_TOKENS.has(word)) {
    // "superhard levels" is "super hard level": the split word, alone or with the words after it.
    for (let cut = 2; cut <= word.length - 2; cut++) {
      const split = `${word.slice(0, cut)} ${singular(word.slice(cut))}`;
      for (let extra = Math.min(2, words.length - start - 1); extra >= 0; extra--) {
        const key = [split, ...words.slice(start + 1, start + 1 + extra)].join(' ');
        const concepts = VOCABULARY.get(key);
        if (concepts) return { start, length: 1 + extra, key, concepts, game: null, typo: false };
      }
    }
  }
  return null;
}

function exactSpan(words: string[], start: number, games: GameIndex): Span | null {
  const longest = Math.min(Math.max(MAX_PHRASE_TOKENS, games.maxAliasTokens), words.length - start);
  for (let length = longest; length >= 1; length--) {
    const key = words.slice(start, start + length).join(' ');
    const concepts = VOCABULARY.get(key);
    const game = games.aliases.get(key);
    if (concepts || game)
      return { start, length, key, concepts: concepts ?? [], game: game?.name ?? null, typo: false };
  }
  return null;
}

/**
 * Words beyond this many into a query are matched exactly only: typo matching is for the few words of a request,
 * and a 2,000-character text must not cost seconds.
 */
const MAX_TYPO_WORDS = 40;

/** The closest game alias or vocabulary phrase within its typo allowance, for an n-gram that holds an unknown word. */
function typoSpan(words: string[], start: number, games: GameIndex, said: ReadonlySet<string>): Span | null {
  if (start >= MAX_TYPO_WORDS) return null;
  const longest = Math.min(Math.max(MAX_PHRASE_TOKENS, games.maxAliasTokens), words.length - start);
  for (let length = longest; length >= 1; length--) {
    const gram = words.slice(start, start + length);
    // Filler at either end is not part of a name ("in royl"), unless a game's name has that word ("Mobile Legends").
    const isFiller = (w: string) => isStopWord(w) && !games.aliasTokens.has(w);
    if (isFiller(gram[0]) || isFiller(gram[gram.length - 1])) continue;
    const hasUnknownWord = gram.some((w) => isUnknownWord(w, games, said));
    // A game's name misspelt into other words ("clash royal" for Clash Royale): words that are all known may still
    // be a typo of a name when they look like part of one.
    const mayBeGameTypo = gram.length >= 2 && gram.some((w) => games.aliasTokens.has(w));
    if (!hasUnknownWord && !mayBeGameTypo) continue;
    const key = gram.join(' ');
    let best: Span | null = null;
    let bestDistance = Infinity;
    const gameMax = allowedTypos(key.length);
    for (let chars = key.length - gameMax; gameMax > 0 && chars <= key.length + gameMax; chars++) {
      for (const alias of games.aliasesByShape.get(shapeOf(length, chars)) ?? []) {
        const d = editDistance(key, alias, gameMax);
        if (d <= gameMax && d < bestDistance) {
          bestDistance = d;
          best = { start, length, key: alias, concepts: [], game: games.aliases.get(alias)!.name, typo: true };
        }
      }
    }
    // Each word of a vocabulary phrase may carry at most 2 typos, so its length differs by at most 2 per word.
    for (let chars = key.length - 2 * length; hasUnknownWord && chars <= key.length + 2 * length; chars++) {
      for (const phrase of VOCABULARY_BY_SHAPE.get(shapeOf(length, chars)) ?? []) {
        const d = phraseTypoDistance(gram, phrase.split(' '), said);
        if (d < bestDistance) {
          bestDistance = d;
          best = { start, length, key: phrase, concepts: VOCABULARY.get(phrase)!, game: null, typo: true };
        }
      }
    }
    if (best) return best;
  }
  return null;
}

const NOTHING_SAID: ReadonlySet<string> = new Set();

/**
 * A word that is in no vocabulary phrase, no game name and not filler: perhaps a typo, unless the catalogue says it
 * (`said`): a word the references use is a word, not a slip ("scoring" is not "sorting", "missing" not "mission").
 */
const isUnknownWord = (word: string, games: GameIndex, said: ReadonlySet<string>) =>
  !VOCABULARY_TOKENS.has(word) && !games.aliasTokens.has(word) && !isStopWord(word) && !said.has(word);

/**
 * The words of a query that typo matching may read as another word (for a "find similar" text, its title's): the
 * ones to ask the catalogue about first (engine.ts offlinePlan), so that parseQuery reads the words it says as
 * they are.
 */
export function typoCandidates(text: string, games: GameIndex): string[] {
  const similar = readSimilarQuery(text);
  const words = toTokens(similar ? similar.title : text).slice(0, MAX_TYPO_WORDS);
  // Shorter words are never in the catalogue's word list: asking it about them would only load it for nothing.
  return [
    ...new Set(
      words.filter((w) => w.length >= MIN_WORD && /^[a-z]+$/.test(w) && isUnknownWord(w, games, NOTHING_SAID)),
    ),
  ];
}

/**
 * A game's one-word name typed as two words ("beat star", "town ship", "home scapes"): read as the game before either
 * word is read alone (so "home" is not the home screen), unless the two words are a phrase of their own.
 */
function splitGameName(words: string[], start: number, games: GameIndex): Span | null {
  const [word, next] = [words[start], words[start + 1]];
  if (next === undefined || isStopWord(word) || isStopWord(next)) return null;
  const pair = `${word} ${next}`;
  if (VOCABULARY.has(pair) || games.aliases.has(pair)) return null;
  const joined = joinedPair(words, start, (key) => games.aliases.get(key));
  return joined ? { start, length: 2, key: joined.key, concepts: [], game: joined.found.name, typo: false } : null;
}

/**
 * The phrase starting at a word: an exact one, else joined or split words, else one with typos. A longer phrase
 * with a typo in a following word beats a shorter exact one ("event calender" is "event calendar", not "event"
 * and a stray "calender"); typo matching is tried then only when the next word is unknown, so it stays rare.
 */
function spanAt(words: string[], start: number, games: GameIndex, said: ReadonlySet<string>): Span | null {
  const splitName = splitGameName(words, start, games);
  if (splitName) return splitName;
  const exact = exactSpan(words, start, games);
  if (!exact) return joinedSpan(words, start) ?? typoSpan(words, start, games, said);
  const next = words[start + exact.length];
  if (next === undefined || !isUnknownWord(next, games, said)) return exact;
  const typo = typoSpan(words, start, games, said);
  return typo && typo.length > exact.length ? typo : exact;
}

/**
 * Free-form words → recognised phrases, the leftover keywords, and runs of consecutive leftover words (searched
 * as phrases too: "energy refill" ranks the screen called Energy Refill above any screen that says "energy").
 */
function readWords(
  words: string[],
  games: GameIndex,
  said: ReadonlySet<string>,
): { spans: Span[]; leftovers: string[]; runs: string[] } {
  const spans: Span[] = [];
  const leftovers: string[] = [];
  const runs: string[] = [];
  let run: string[] = [];
  const endRun = () => {
    if (run.length > 1) runs.push(run.slice(0, 4).join(' '));
    run = [];
  };
  for (let i = 0; i < words.length;) {
    const span = spanAt(words, i, games, said);
    if (span) {
      endRun();
      spans.push(span);
      i += span.length;
      continue;
    }
    const word = words[i];
    if (!isStopWord(word) && (word.length > 1 || /\d/.test(word))) {
      leftovers.push(word);
      run.push(word);
    } else endRun();
    i += 1;
  }
  endRun();
  return { spans, leftovers, runs };
}

/**
 * True when a word of a phrase is worth searching by itself: a modifier that names something in the phrase's
 * category ("vip" in "vip subscription", "clan" in "clan chat"), or the head word (the last) when it names the
 * phrase's own tag ("decoration" in "home decoration"). A head that names only a neighbour or the category's
 * generic thing is not: "offer" in "beginner offer" would find every offer, not beginners' ones.
 */
function searchesAlone(word: string, isHead: boolean, concepts: readonly Concept[]): boolean {
  return (VOCABULARY.get(word) ?? []).some(
    (c) =>
      c.kind === 'tag' &&
      concepts.some(
        (s) =>
          s.kind === 'tag' &&
          s.tag.primary === c.tag.primary &&
          (!isHead || s.tag.secondary === null || s.tag.secondary === c.tag.secondary),
      ),
  );
}

/** Adds without duplicates, keeping first-seen order (the order of the query). */
function pushUnique<T>(list: T[], item: T, key: (t: T) => string = String) {
  if (!list.some((x) => key(x) === key(item))) list.push(item);
}

function applySpans(plan: ParsedQuery, spans: Span[]) {
  for (const span of spans) {
    plan.matches.push({ text: span.key, concepts: [...span.concepts], game: span.game, typo: span.typo });
    if (span.game) pushUnique(plan.games, span.game);
    let isTopic = false;
    for (const concept of span.concepts) {
      if (concept.kind === 'tag') {
        pushUnique(plan.tags, concept.tag, tagKey);
        isTopic = true;
      } else if (concept.kind === 'genre') pushUnique(plan.genres, concept.genre, genreKey);
      else pushUnique<Tier>(plan.tiers, concept.tier);
    }
    // Tag words also search the text ("gacha" finds descriptions that say so); names of games and genres do not:
    // they are matched exactly through the game's record instead. A several-word phrase searches as a phrase, plus
    // those of its words that mean the same kind of thing alone: "vip subscription" also searches "vip", but
    // "battle pass" never searches every "battle".
    if (isTopic && !span.game) {
      if (!span.key.includes(' ')) {
        // A word that names only a whole category ("event", "monetization") would re-measure the category in the
        // text and outweigh the genre or game the query also names; sub-tag words ("gacha", "chat") do search.
        const namesSubTag = span.concepts.some((c) => c.kind === 'tag' && c.tag.secondary !== null);
        if (namesSubTag && !isStopWord(span.key)) pushUnique(plan.keywords, span.key);
        continue;
      }
      pushUnique(plan.phrases, span.key);
      const words = span.key.split(' ');
      words.forEach((word, i) => {
        if (searchesAlone(word, i === words.length - 1, span.concepts)) pushUnique(plan.keywords, word);
      });
    }
  }
}

/** How many description words of a "find similar" query feed the text search (the title's words come first). */
const SIMILAR_DESCRIPTION_WORDS = 24;

/**
 * 'Monetization, Season Pass' → the tags they name. A card's tags are [primary, secondary] (board-workspace §3),
 * so a category followed by one of its sub-tags is read as that pair ('Meta, Other' is Meta's "Other", not the
 * Other category); a sub-tag alone is matched to the category that has it.
 */
function parseTagList(list: string): TagRef[] {
  const names = list
    .split(/[,;|]/)
    .map((s) => s.trim())
    .filter(Boolean);
  const categories = Object.keys(FEATURE_TAXONOMY) as (keyof typeof FEATURE_TAXONOMY)[];
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const subTagOf = (category: keyof typeof FEATURE_TAXONOMY, name: string) =>
    (FEATURE_TAXONOMY[category] as readonly string[]).find((s) => same(s, name));
  const tags: TagRef[] = [];
  for (let i = 0; i < names.length; i++) {
    const category = categories.find((c) => same(c, names[i]));
    const next = names[i + 1];
    const pairedSub = category && next !== undefined ? subTagOf(category, next) : undefined;
    if (category && pairedSub) {
      pushUnique(tags, { primary: category, secondary: pairedSub === 'Other' ? null : pairedSub }, tagKey);
      i += 1;
    } else if (category) {
      pushUnique(tags, { primary: category, secondary: null }, tagKey);
    } else {
      const owner = categories.find((c) => subTagOf(c, names[i]) !== undefined && subTagOf(c, names[i]) !== 'Other');
      if (owner) pushUnique(tags, { primary: owner, secondary: subTagOf(owner, names[i])! }, tagKey);
    }
  }
  return tags;
}

function parseSimilarQuery(
  { title, genre, tags: tagList, description }: SimilarQueryParts,
  games: GameIndex,
  said: ReadonlySet<string>,
): ParsedQuery {
  const plan: ParsedQuery = { ...emptyPlan(), softGenres: true, matches: [] };
  for (const tag of parseTagList(tagList)) pushUnique(plan.tags, tag, tagKey);
  const genreConcepts = foldText(genre) === 'any' ? [] : (VOCABULARY.get(phraseKey(genre)) ?? []);
  for (const c of genreConcepts) if (c.kind === 'genre') pushUnique(plan.genres, c.genre, genreKey);

  const titleWords = toTokens(title);
  const { spans, leftovers } = readWords(titleWords, games, said);
  applySpans(
    plan,
    spans.filter((s) => !s.game),
  );
  for (const word of leftovers) pushUnique(plan.keywords, word);
  if (titleWords.length > 1) pushUnique(plan.phrases, titleWords.join(' '));
  const descriptionWords = toTokens(description).filter((w) => !isStopWord(w) && w.length > 2);
  for (const word of descriptionWords) {
    if (plan.keywords.length >= titleWords.length + SIMILAR_DESCRIPTION_WORDS) break;
    pushUnique(plan.keywords, word);
  }
  return plan;
}

/** The card a "find similar" text starts from (its title and description), or null for any other query. */
export function similarSeed(text: string): { title: string; description: string } | null {
  const similar = readSimilarQuery(text);
  return similar ? { title: similar.title, description: similar.description } : null;
}

/**
 * Drops the head word of a compound of two tag names ("starter-pack offers": offers that are starter packs): one
 * word right after a tag phrase that names only neighbours of that phrase's tags adds no tag of its own. Words
 * between them ("starter packs and offers") or a tag that is no neighbour ("shop offers") keep both.
 */
function withoutCompoundHeads(spans: Span[]): Span[] {
  const tagsOf = (span: Span) => span.concepts.flatMap((c) => (c.kind === 'tag' ? [c.tag] : []));
  return spans.filter((span, i) => {
    const before = spans[i - 1];
    if (!before || before.start + before.length !== span.start || span.length !== 1 || span.game) return true;
    const own = tagsOf(span);
    if (own.length === 0 || own.length !== span.concepts.length) return true;
    return !own.every((tag) =>
      tagsOf(before).some((b) => tag.secondary !== null && b.secondary !== null && areRelatedTags(b, tag)),
    );
  });
}

/**
 * A query's text read against the vocabulary and the catalogue's game names. `said`: the query's typo candidates
 * (typoCandidates) that the catalogue says, read as themselves rather than as a near vocabulary word.
 */
export function parseQuery(text: string, games: GameIndex, said: ReadonlySet<string> = NOTHING_SAID): ParsedQuery {
  const similar = readSimilarQuery(text);
  if (similar) return parseSimilarQuery(similar, games, said);
  const plan: ParsedQuery = { ...emptyPlan(), matches: [] };
  // The words as typed (folded) name a typo in the panel; their singulars are what is read.
  const typed = foldedWords(text);
  const { spans, leftovers, runs } = readWords(typed.map(singular), games, said);
  const kept = withoutCompoundHeads(spans);
  applySpans(plan, kept);
  for (const word of leftovers) pushUnique(plan.keywords, word);
  for (const phrase of runs) pushUnique(plan.phrases, phrase);
  const readAs = typoReadings(typed, kept);
  return { ...plan, genres: narrowestGenres(plan.genres), ...(readAs.length ? { readAs } : {}) };
}

/**
 * The typed words of each phrase read with a typo, and what they were read as: the game's name, or the taxonomy
 * phrase. `typed`: the folded words before plurals are folded, so "casnio games" says "casnio", as typed.
 */
function typoReadings(typed: readonly string[], spans: readonly Span[]): Respelling[] {
  const readings: Respelling[] = [];
  for (const span of spans) {
    if (!span.typo) continue;
    pushUnique(
      readings,
      { from: typed.slice(span.start, span.start + span.length).join(' '), to: span.game ?? span.key },
      (r) => r.from,
    );
  }
  return readings;
}
