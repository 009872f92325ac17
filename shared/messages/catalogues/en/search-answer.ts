/**
 * What the search writes, English: the answer's sentences under the search bar, the scope's section titles written
 * onto the board, the "more like this section" answers (api/search; shared/messages/query-engine.ts puts them
 * together). Genre, game and topic names inside them are catalogue data and stay as the catalogue has them.
 */
export const searchAnswer = {
  added_one: 'Added {{count}} reference {{inSections}}',
  added_other: 'Added {{count}} references {{inSections}}',
  inSections_one: 'in {{count}} section',
  inSections_other: 'in {{count}} sections',
  /** "Matched: Loot Boxes (4), “pity” (2)." */
  matched: 'Matched: {{items}}.',
  matchedItem: '{{label}} ({{count}})',
  relaxed: '{{count}} {{phrase}}, as too few matched exactly.',
  /** Query words no feature says, read as the catalogue's closest ones: "Read “loadot” as “loadout”." */
  respelled: 'Read {{words}}.',
  readAs: '“{{from}}” as “{{to}}”',
  missing: 'Nothing in the catalogue mentions {{words}}.',
  quoted: '“{{text}}”',
  /** How a list of names ends: "Match-3, Merge and Puzzle". */
  lastOfList: '{{first}} and {{last}}',
  /** More asked topics than a title names: "Offers, Bundles and more". */
  andMore: '{{first}} and more',
  addedToSection_one: 'Added {{count}} more reference to “{{section}}”.',
  addedToSection_other: 'Added {{count}} more references to “{{section}}”.',
  noMoreLikeSection: 'No more references like this section in the catalogue.',
  /** How a "more like this section" run is recorded in the query history. */
  moreLikeQuery: 'More like this section: {{section}}',
  noResults: 'No references matched this query. Try other words, a feature type, a genre or a game name.',
  /**
   * The scope a query names, as the sentences below say it after "in": "Casino games", "Midcore RPG games"; a
   * named game is its own name.
   */
  scopeGames: '{{names}} games',
  /**
   * A query that names a genre, sub-genre, game or tier: the first section's title ("3 Piggy Bank matches in
   * Casino games" when fewer than a board's worth, else "Piggy Bank in Casino games"), the title added to the
   * first section from elsewhere when the scope has none, and the search panel's notice.
   */
  scopeCount_one: '{{count}} {{topic}} match in {{scope}}',
  scopeCount_other: '{{count}} {{topic}} matches in {{scope}}',
  scopeAll: '{{topic}} in {{scope}}',
  scopeNone: '(none in {{scope}})',
  /** A scope with nothing on the topic itself that leads with its nearest screens (its siblings, its mentions). */
  scopeNearest: 'Nearest to {{topic}} in {{scope}}',
  scopeNearestMet_one: 'Nothing in {{scope}} is {{topic}} itself; its {{count}} nearest screen come first on the board',
  scopeNearestMet_other:
    'Nothing in {{scope}} is {{topic}} itself; its {{count}} nearest screens come first on the board',
  scopeMet_one: '{{count}} {{topic}} match in {{scope}}, first on the board',
  scopeMet_other: '{{count}} {{topic}} matches in {{scope}}, first on the board',
  /** After scopeMet or scopeNearestMet: the cards from elsewhere, or the sentence's end when there are none. */
  moreAfter: '; {{count}} more after them, in sections that say what they are.',
  noneAfter: '.',
  /**
   * Where relaxed cards come from: the answer's sentence says it ("12 in other genres, as too few matched exactly")
   * and a section's title ends with it ("Starter Packs in other genres"); a query with no topic titles the section
   * with the place alone ("Other genres").
   */
  whereOtherGames: 'from other games',
  whereOutside: 'outside {{names}}',
  whereOtherTiers: 'in other tiers',
  whereLikeGames: 'from games like {{games}}',
  whereOtherGenreGames: 'in other {{genre}} games',
  whereOtherGenres: 'in other genres',
  titleOtherGames: 'Other games',
  titleOutside: 'Outside {{names}}',
  titleOtherTiers: 'Other tiers',
  titleLikeGames: 'Games like {{games}}',
  titleOtherGenreGames: 'Other {{genre}} games',
  titleOtherGenres: 'Other genres',
  topicsWhere: '{{topics}} {{where}}',
  /** The other sections from around the scope ("More Monetization from Royal Match", "More that mention “seasonal”"). */
  moreLikeGame: 'More like {{game}}',
  moreFromGame: 'More {{topics}} from {{scope}}',
  moreInScope: 'More {{topics}} in {{scope}}',
  moreMentioning: 'More that mention {{words}}',
  moreInScopeMentioning: 'More in {{scope}} that mention {{words}}',
  moreRelated: 'More related references',
  moreRelatedInScope: 'More related references in {{scope}}',
  /** A section from elsewhere whose title a section of the scope already has. */
  sectionAgain: '{{title}} (more)',
  scopeUnmet: 'Nothing in {{scope}} matches {{topic}}.',
  shownElsewhere: 'The board shows {{topic}} from elsewhere instead.',
};
