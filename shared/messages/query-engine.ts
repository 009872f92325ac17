import { DEFAULT_LOCALE, type Locale } from '../locale';
import { translatorFor } from './translator';

/**
 * Texts of POST /api/gemini/process and "more like this section", in one language: the catalogue's `searchAnswer`
 * namespace put together (the spec's search-panel wording lives with the web's messages). The limit refusal uses
 * the spec's own words (the `errors` namespace's auth.limitReached). English is the default: the search reads
 * English, and its quality bench reads these sentences.
 */
/** Where relaxed cards of a scoped query come from (the names are the catalogue's, as they are). */
export type RelaxedPlace =
  | { kind: 'OtherGames' | 'OtherTiers' | 'OtherGenres' }
  | { kind: 'Outside'; names: string }
  | { kind: 'LikeGames'; games: string }
  | { kind: 'OtherGenreGames'; genre: string };

export function queryEngineMessages(locale: Locale = DEFAULT_LOCALE) {
  const t = translatorFor(locale, 'searchAnswer') as unknown as (key: string, values?: object) => string;
  const quoted = (text: string) => t('quoted', { text });
  /** "after them" of a sentence about the scope's matches: how many more come from elsewhere. */
  const after = (others: number) => (others > 0 ? t('moreAfter', { count: others }) : t('noneAfter'));
  const messages = {
    added: (cards: number, sections: number) =>
      t('added', { count: cards, inSections: t('inSections', { count: sections }) }),
    /** What matched, after `added`: "Matched: Loot Boxes (4), “pity” (2). 3 in other genres." */
    matched: (items: { label: string; count: number }[]) =>
      t('matched', { items: items.map((i) => t('matchedItem', i)).join(', ') }),
    relaxed: (count: number, phrase: string) => t('relaxed', { count, phrase }),
    /** Query words no feature says, read as the catalogue's closest ones: "Read “loadot” as “loadout”." */
    respelled: (words: { from: string; to: string }[]) =>
      t('respelled', { words: words.map((w) => t('readAs', w)).join(', ') }),
    missing: (words: string[]) => t('missing', { words: words.map(quoted).join(', ') }),
    addedToSection: (cards: number, section: string) => t('addedToSection', { count: cards, section }),
    noMoreLikeSection: t('noMoreLikeSection'),
    /** How a "more like this section" run is recorded in the query history. */
    moreLikeQuery: (section: string) => t('moreLikeQuery', { section }),
    noResults: t('noResults'),
    quoted,
    /** "Royal Match", "Match-3 and Merge", "Offers, Bundles and Shop". */
    list: (words: readonly string[]) =>
      words.length <= 1
        ? (words[0] ?? '')
        : t('lastOfList', { first: words.slice(0, -1).join(', '), last: words[words.length - 1] }),
    andMore: (first: string) => t('andMore', { first }),
    /** The scope a query names, said after "in": "Casino games", "Midcore RPG games". */
    scopeGames: (names: string) => t('scopeGames', { names }),
    /**
     * A query that names a genre, sub-genre, game or tier: the first section's title ("3 Piggy Bank matches
     * in Casino games" when fewer than a board's worth, else "Piggy Bank in Casino games"), the title added to the
     * first section from elsewhere when the scope has none, and the search panel's notice.
     */
    scopeCount: (found: number, topic: string, scope: string) => t('scopeCount', { count: found, topic, scope }),
    scopeAll: (topic: string, scope: string) => t('scopeAll', { topic, scope }),
    scopeNoneSuffix: (scope: string) => ` ${t('scopeNone', { scope })}`,
    /** A scope with nothing on the topic itself that leads with its nearest screens (its siblings, its mentions). */
    scopeNearest: (topic: string, scope: string) => t('scopeNearest', { topic, scope }),
    scopeNearestMet: (found: number, topic: string, scope: string, others: number) =>
      t('scopeNearestMet', { count: found, topic, scope }) + after(others),
    scopeMet: (found: number, topic: string, scope: string, others: number) =>
      t('scopeMet', { count: found, topic, scope }) + after(others),
    /** Where relaxed cards come from, as a sentence says it and as a title with no topic says it. */
    where: (place: RelaxedPlace) => ({
      phrase: t(`where${place.kind}`, place),
      title: t(`title${place.kind}`, place),
    }),
    topicsWhere: (topics: string, where: string) => t('topicsWhere', { topics, where }),
    moreLikeGame: (game: string) => t('moreLikeGame', { game }),
    moreFromGame: (topics: string, scope: string) => t('moreFromGame', { topics, scope }),
    moreInScope: (topics: string, scope: string) => t('moreInScope', { topics, scope }),
    /** Cards there only for a word, from the scope (`scope`) or from anywhere. */
    moreMentioning: (words: string[], scope?: string) =>
      words.length
        ? t(scope ? 'moreInScopeMentioning' : 'moreMentioning', { words: words.map(quoted).join(', '), scope })
        : t(scope ? 'moreRelatedInScope' : 'moreRelated', { scope }),
    sectionAgain: (title: string) => t('sectionAgain', { title }),
    scopeUnmet: (topic: string, scope: string, shownElsewhere: boolean) =>
      [t('scopeUnmet', { topic, scope }), shownElsewhere ? t('shownElsewhere', { topic }) : '']
        .filter(Boolean)
        .join(' '),
  };
  return messages;
}

export type QueryEngineMessages = ReturnType<typeof queryEngineMessages>;
