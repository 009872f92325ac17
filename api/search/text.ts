/**
 * Text normalization shared by the query parser, the vocabulary and the game-name matcher, so both sides of
 * every comparison are folded the same way: lowercase, no diacritics ("Pokémon" = "pokemon"), punctuation to
 * spaces, letters and digits split ("match3" = "match 3" = "match-3"), plurals folded to a singular stem.
 */

/** Lowercase, strip diacritics, apostrophes removed ("June's" → "junes"), everything else non-alphanumeric → space. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const wordList = (list: string) => list.trim().split(/\s+/);

/** Words that end in "s" in the singular: folding them would only lose information. */
const KEEP_S = new Set(
  wordList(`
  boss pass bonus news gas canvas status bus plus this us is its was has his ios ads chess less class glass
  moss loss cross press access success progress series species
`),
);
/** Words whose singular ends in -ie, so their -ies plural loses only the s ("zombies" → "zombie", not "zomby"). */
const ENDS_IE = new Set(
  wordList(`
  zombie cookie rookie movie selfie freebie newbie goalie hoodie pixie genie bestie birdie brownie smoothie
  calorie sweetie auntie
`),
);

/**
 * Plurals the -s rule would fold into another word, singular → plural: a match-3 game's "lives" are not "live"
 * events. The full-text index stems both to "live", so the text search asks for the plural as well (rank.ts) and
 * a card counts as saying the word only when its text says one of the two (reasons.ts mentionPattern).
 */
export const IRREGULAR_PLURALS: ReadonlyMap<string, string> = new Map([['life', 'lives']]);
const IRREGULAR_SINGULARS = new Map([...IRREGULAR_PLURALS].map(([one, many]) => [many, one]));

/**
 * A crude English singular, enough for designers' plurals: "packs" → "pack", "boxes" → "box", "dailies" →
 * "daily", "zombies" → "zombie", "passes" → "pass", "heroes" → "hero", "lives" → "life". Applied to vocabulary
 * and queries alike, so an imperfect stem still matches itself.
 */
export function singular(word: string): string {
  const irregular = IRREGULAR_SINGULARS.get(word);
  if (irregular) return irregular;
  if (word.length <= 3 || KEEP_S.has(word)) return word === 'ads' ? 'ad' : word;
  if (word.endsWith('ies') && word.length > 4)
    return ENDS_IE.has(word.slice(0, -1)) ? word.slice(0, -1) : `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh|zz)es$/.test(word)) return word.slice(0, -2);
  // "heroes" → "hero" (not "heroe", which no text says in the singular); short ones keep the e: "shoes", "toes".
  if (word.endsWith('oes') && word.length > 5) return word.slice(0, -2);
  if (word.endsWith('ses') && KEEP_S.has(word.slice(0, -2))) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Folded, singular tokens of a text. */
export function tokens(text: string): string[] {
  return foldedWords(text).map(singular);
}

/** A text's words as typed, folded (no singulars): what a typo notice quotes. */
export function foldedWords(text: string): string[] {
  const folded = foldText(text);
  return folded ? folded.split(' ') : [];
}

/** The folded, singular form of a phrase, tokens joined by one space (the vocabulary's keys). */
export function phraseKey(text: string): string {
  return tokens(text).join(' ');
}

/**
 * Words that carry no search meaning in a designer's request ("show me the best starter packs in games like
 * ..."). They are dropped from the free text; they never block a vocabulary phrase that contains them.
 */
export const STOP_WORDS = new Set(
  wordList(`
  a an the and or of in on at to for from with without by about as is are be it its this that these those
  there their them they we our you your i me my want need looking look show find give get some any all more
  most other like such how what which who do doe does did can could should would will please example reference
  idea inspiration screen screenshot feature game mobile app best good great top cool nice similar type kind
  different various also but not very really just so than then into over up out when where why design thing
  stuff one use using used implement implementation work genre tag possible ideally necessarily strictly
  matching vs style approach pattern system mechanic after before during while between every each same new
  got make made handle manage treat solve keep doing done mean let see something
`).map(singular),
);

/** True for a token the free text may drop. */
export function isStopWord(token: string): boolean {
  return STOP_WORDS.has(token);
}

/** A word's stem for "the text says it": plural, -ing, -ed and -er endings off ("earnings" and "earned" → "earn"). */
export function wordStem(word: string): string {
  const w = singular(word);
  const stripped = w.replace(/(ing|ed|er)$/, '');
  return stripped.length >= 4 ? stripped : w;
}

/** True when a folded text contains the word (by stem, at a word start: "pity" in "soft pity", not in "capacity"). */
export function textMentions(foldedText: string, word: string): boolean {
  return mentionPattern(word)?.test(foldedText) ?? false;
}

/** What textMentions tests, compiled once (null for a word with no stem). */
export function mentionPattern(word: string): RegExp | null {
  const stem = wordStem(word).replace(/[^a-z0-9 ]/g, '');
  if (stem.length === 0) return null;
  // A word with an irregular plural is said only as itself or that plural: "life" is not in "lifestyle points".
  const plural = IRREGULAR_PLURALS.get(stem);
  return new RegExp(plural ? `(^| )(${stem}|${plural})( |$)` : `(^| )${stem}`);
}
