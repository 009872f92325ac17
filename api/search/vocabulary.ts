import {
  FEATURE_TAXONOMY,
  GENRES,
  PANEL_TAXONOMY,
  TIERS,
  type FeatureCategory,
  type Genre,
  type Tier,
} from '#shared/taxonomy';
import { readSynonymFile } from './synonym-file';
import { SYNONYMS } from './synonyms';
import { phraseKey } from './text';

/**
 * What a phrase of a query can mean: a feature tag (a whole category when `secondary` is null), a genre or
 * sub-genre, or a tier. Built once from shared/taxonomy.ts (every category, sub-tag, panel sub-feature, genre,
 * sub-genre and tier under its own name) plus the designers' words in synonyms.ts and the catalogue owner's
 * shorthand file (assets/search/synonyms.json).
 */
export type TagRef = { primary: FeatureCategory; secondary: string | null };
export type GenreRef = { genre: Genre; subgenre: string | null };
export type Concept = { kind: 'tag'; tag: TagRef } | { kind: 'genre'; genre: GenreRef } | { kind: 'tier'; tier: Tier };

const CATEGORY_NAMES = Object.keys(FEATURE_TAXONOMY) as FeatureCategory[];

export function isCategory(name: string): name is FeatureCategory {
  return (CATEGORY_NAMES as string[]).includes(name);
}

export function isSubTag(primary: FeatureCategory, secondary: string): boolean {
  return (FEATURE_TAXONOMY[primary] as readonly string[]).includes(secondary);
}

/** 'Monetization/Season Pass' | 'Monetization' | 'genre:Puzzle/Match-3' | 'tier:Midcore' → its concept; throws on a name not in the taxonomy. */
export function parseTarget(target: string): Concept {
  if (target.startsWith('tier:')) {
    const tier = target.slice(5);
    if (!(TIERS as readonly string[]).includes(tier)) throw new Error(`synonyms: unknown tier ${tier}`);
    return { kind: 'tier', tier: tier as Tier };
  }
  if (target.startsWith('genre:')) {
    const [genre, subgenre = null] = target.slice(6).split('/');
    if (!(genre in GENRES)) throw new Error(`synonyms: unknown genre ${genre}`);
    if (subgenre !== null && !(GENRES[genre as Genre] as readonly string[]).includes(subgenre)) {
      throw new Error(`synonyms: unknown sub-genre ${target}`);
    }
    return { kind: 'genre', genre: { genre: genre as Genre, subgenre } };
  }
  const [primary, secondary = null] = target.split('/');
  if (!isCategory(primary)) throw new Error(`synonyms: unknown category ${primary}`);
  if (secondary !== null && !isSubTag(primary, secondary)) throw new Error(`synonyms: unknown sub-tag ${target}`);
  return { kind: 'tag', tag: { primary, secondary } };
}

const conceptId = (c: Concept) =>
  c.kind === 'tag'
    ? `t:${c.tag.primary}/${c.tag.secondary ?? ''}`
    : c.kind === 'genre'
      ? `g:${c.genre.genre}/${c.genre.subgenre ?? ''}`
      : `r:${c.tier}`;

function buildVocabulary(): Map<string, Concept[]> {
  const vocabulary = new Map<string, Concept[]>();
  const add = (phrase: string, concept: Concept) => {
    const key = phraseKey(phrase);
    if (!key) return;
    const list = vocabulary.get(key) ?? [];
    if (!list.some((c) => conceptId(c) === conceptId(concept))) list.push(concept);
    vocabulary.set(key, list);
  };
  // Synonyms first, so a curated reading ("tutorial" → FTUE, then the Tutorial category) leads.
  for (const [phrases, targets] of [...SYNONYMS, ...readSynonymFile()]) {
    const concepts = targets.map(parseTarget);
    for (const phrase of phrases) for (const concept of concepts) add(phrase, concept);
  }
  for (const primary of CATEGORY_NAMES) {
    if (primary !== 'Other') add(primary, { kind: 'tag', tag: { primary, secondary: null } });
    for (const secondary of FEATURE_TAXONOMY[primary]) {
      if (secondary !== 'Other') add(secondary, { kind: 'tag', tag: { primary, secondary } });
    }
  }
  for (const subs of Object.values(PANEL_TAXONOMY)) {
    for (const [name, refs] of Object.entries(subs)) {
      for (const ref of refs)
        add(name, { kind: 'tag', tag: { primary: ref.primary, secondary: ref.secondary ?? null } });
    }
  }
  for (const genre of Object.keys(GENRES) as Genre[]) {
    if (genre !== 'Other') add(genre, { kind: 'genre', genre: { genre, subgenre: null } });
    for (const subgenre of GENRES[genre]) add(subgenre, { kind: 'genre', genre: { genre, subgenre } });
  }
  for (const tier of TIERS) add(tier, { kind: 'tier', tier });
  return vocabulary;
}

export const VOCABULARY: ReadonlyMap<string, readonly Concept[]> = buildVocabulary();

/** The longest vocabulary phrase, in tokens: the parser never looks further ahead. */
export const MAX_PHRASE_TOKENS = Math.max(...[...VOCABULARY.keys()].map((k) => k.split(' ').length));

/** Every token that appears in some vocabulary phrase (a query word that is one of these is not a typo). */
export const VOCABULARY_TOKENS: ReadonlySet<string> = new Set([...VOCABULARY.keys()].flatMap((k) => k.split(' ')));

/** Vocabulary phrases by shape (`tokens:characters`), for typo matching against query n-grams of a close length. */
export const VOCABULARY_BY_SHAPE: ReadonlyMap<string, string[]> = (() => {
  const byShape = new Map<string, string[]>();
  for (const key of VOCABULARY.keys()) {
    const shape = `${key.split(' ').length}:${key.length}`;
    byShape.set(shape, [...(byShape.get(shape) ?? []), key]);
  }
  return byShape;
})();

/**
 * A tag's name for people (section titles): the search panel's name where one panel sub-feature stands for
 * exactly this tag ('Rewarded' → 'Rewarded Video', 'Starter Pack' → 'Starter Packs'), else the sub-tag, else the
 * category; "Other" sub-tags read as 'More Monetization'.
 */
export function tagLabel(tag: TagRef): string {
  if (tag.secondary === null) return tag.primary;
  if (tag.secondary === 'Other') return `More ${tag.primary}`;
  return PANEL_LABELS.get(`${tag.primary}/${tag.secondary}`) ?? tag.secondary;
}

const PANEL_LABELS: ReadonlyMap<string, string> = (() => {
  const labels = new Map<string, string>();
  const seen = new Map<string, number>();
  for (const subs of Object.values(PANEL_TAXONOMY)) {
    for (const [name, refs] of Object.entries(subs)) {
      if (refs.length !== 1 || !refs[0].secondary) continue;
      const key = `${refs[0].primary}/${refs[0].secondary}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      labels.set(key, name);
    }
  }
  for (const [key, count] of seen) if (count > 1) labels.delete(key);
  return labels;
})();
