import { GENRES, TIERS, genreOfSubgenre, type Genre, type Tier } from '#shared/taxonomy';
import { type Said, say } from '#shared/messages/errors';
import type { QueryReading, ReadingEdit, ReadingScopeItem } from '#shared/schemas/search';
import { AppError } from '../errors';
import type { GameIndex } from './game-names';
import { isEmptyPlan, type Respelling, type SearchPlan } from './plan';
import { genreKey, tagKey } from './relations';
import { VOCABULARY, type GenreRef, type TagRef } from './vocabulary';

/**
 * What a query was read as, in the search panel's terms (its chips), and the plan a changed reading asks for. Pure:
 * the service reads the query, applies the designer's change here, and runs the plan it gets.
 */

/** Free words shown as topics at most (a "find similar" text has dozens; the chips name the first). */
const TOPIC_WORDS_SHOWN = 6;

const tagTopicKey = (tag: TagRef) => `tag:${tagKey(tag)}`;
const wordTopicKey = (word: string) => `word:${word}`;

/** The tags a vocabulary phrase or word names. */
const tagsNamedBy = (phrase: string): TagRef[] =>
  (VOCABULARY.get(phrase) ?? []).flatMap((c) => (c.kind === 'tag' ? [c.tag] : []));

/** True when the word or phrase names one of `tags` (it came from that topic, not from the query's free words). */
const namesAnyOf = (phrase: string, tags: readonly TagRef[]) =>
  tagsNamedBy(phrase).some((t) => tags.some((tag) => tagKey(tag) === tagKey(t)));

/** The words a plan searches that no tag of it accounts for: the query's own words ("pity" in "gacha pity"). */
export function freeWords(plan: Pick<SearchPlan, 'tags' | 'keywords' | 'phrases'>): string[] {
  const tagPhrases = plan.phrases.filter((p) => namesAnyOf(p, plan.tags));
  const tagWords = new Set(tagPhrases.flatMap((p) => p.split(' ')));
  return plan.keywords.filter((w) => !tagWords.has(w) && !namesAnyOf(w, plan.tags));
}

/** The scope a plan names, as the panel's items: genres and sub-genres, then games, then tiers. */
export function scopeItems(plan: Pick<SearchPlan, 'genres' | 'games' | 'tiers'>): ReadingScopeItem[] {
  return [
    ...plan.genres.map((g): ReadingScopeItem =>
      g.subgenre === null ? { kind: 'genre', name: g.genre } : { kind: 'subGenre', name: g.subgenre },
    ),
    ...plan.games.map((name): ReadingScopeItem => ({ kind: 'game', name })),
    ...plan.tiers.map((name): ReadingScopeItem => ({ kind: 'tier', name })),
  ];
}

/** The reading the answer carries: the plan as it was searched, and the words it read otherwise than typed. */
export function readingOf(plan: SearchPlan, respelled: readonly Respelling[], asTyped: boolean): QueryReading {
  return {
    topics: [
      ...plan.tags.map((tag) => ({ key: tagTopicKey(tag), label: tag.secondary ?? tag.primary })),
      ...freeWords(plan)
        .slice(0, TOPIC_WORDS_SHOWN)
        .map((word) => ({ key: wordTopicKey(word), label: word })),
    ],
    scope: scopeItems(plan),
    respelled: respelled.map(({ from, to }) => ({ from, to })),
    asTyped,
  };
}

const invalid = (message: Said, field: string) => new AppError('invalid_input', 400, message, { field });

/** The scope items as the plan's genres, games and tiers; a name the catalogue does not have is refused (400). */
function scopeOf(items: readonly ReadingScopeItem[], games: GameIndex): Pick<SearchPlan, 'genres' | 'games' | 'tiers'> {
  const genres: GenreRef[] = [];
  const gameNames: string[] = [];
  const tiers: Tier[] = [];
  for (const { kind, name } of items) {
    if (kind === 'genre' && name in GENRES) genres.push({ genre: name as Genre, subgenre: null });
    else if (kind === 'subGenre' && genreOfSubgenre(name))
      genres.push({ genre: genreOfSubgenre(name)!, subgenre: name });
    else if (kind === 'game' && games.byName.has(name)) gameNames.push(name);
    else if (kind === 'tier' && (TIERS as readonly string[]).includes(name)) tiers.push(name as Tier);
    else throw invalid(say(`search.unknownScope_${kind}`, { name }), 'reading.scope');
  }
  const unique = <T>(list: T[], key: (t: T) => string) =>
    list.filter((x, i) => list.findIndex((y) => key(y) === key(x)) === i);
  return {
    genres: unique(genres, genreKey),
    games: unique(gameNames, String),
    tiers: unique(tiers, String),
  };
}

/** The plan without one topic: a tag with the words and phrases that named it, or a free word with its phrases. */
function withoutTopic(plan: SearchPlan, key: string): SearchPlan {
  const tag = plan.tags.find((t) => tagTopicKey(t) === key);
  if (tag) {
    const gone = [tag];
    const phrases = plan.phrases.filter((p) => !namesAnyOf(p, gone));
    const keptWords = new Set(phrases.flatMap((p) => p.split(' ')));
    const droppedWords = new Set(plan.phrases.filter((p) => namesAnyOf(p, gone)).flatMap((p) => p.split(' ')));
    return {
      ...plan,
      tags: plan.tags.filter((t) => t !== tag),
      phrases,
      keywords: plan.keywords.filter((w) => keptWords.has(w) || (!droppedWords.has(w) && !namesAnyOf(w, gone))),
    };
  }
  const word = plan.keywords.find((w) => wordTopicKey(w) === key);
  if (word === undefined) throw invalid(say('search.unknownTopic', { key }), 'reading.dropTopics');
  return {
    ...plan,
    keywords: plan.keywords.filter((w) => w !== word),
    phrases: plan.phrases.filter((p) => !p.split(' ').includes(word)),
  };
}

/**
 * The plan a changed reading asks for: its scope replaced by the edit's (the named scope is a contract, so an
 * explicit one is one too), the dropped topics left out, and the planner's own sections dropped (they were drawn
 * for the reading as it was). Refused (400, nothing written) for a name the catalogue does not have, a topic the
 * query was not read to have, or a change that leaves nothing to search for.
 */
export function editedPlan(plan: SearchPlan, edit: ReadingEdit, games: GameIndex): SearchPlan {
  let next: SearchPlan = { ...plan, ...scopeOf(edit.scope, games), sections: null };
  for (const key of edit.dropTopics) next = withoutTopic(next, key);
  if (isEmptyPlan(next)) throw invalid(say('search.nothingLeft'), 'reading');
  return next;
}
