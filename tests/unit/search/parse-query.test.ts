import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildGameIndex, type GameInfo } from '../../../api/search/game-names';
import { parseQuery, typoCandidates } from '../../../api/search/parse-query';

/** The demo catalogue's 54 game names: the parser is tested against the names users will actually type. */
const demoGames: GameInfo[] = JSON.parse(
  fs.readFileSync(new URL('../../../assets/catalogue/games.json', import.meta.url), 'utf8'),
).map((g: Omit<GameInfo, 'id'>, i: number) => ({ ...g, id: i + 1 }));
const games = buildGameIndex(demoGames);
const parse = (q: string) => parseQuery(q, games);
const tags = (q: string) => parse(q).tags.map((t) => (t.secondary ? `${t.primary}/${t.secondary}` : t.primary));

describe('parseQuery: feature tags, synonyms and plurals', () => {
  it.each([
    ['starter packs', 'Monetization/Starter Pack'],
    ['Starter Pack', 'Monetization/Starter Pack'],
    ['beginner offers', 'Monetization/Starter Pack'],
    ['battle pass', 'Monetization/Season Pass'],
    ['battle passes', 'Monetization/Season Pass'],
    ['season pass', 'Monetization/Season Pass'],
    ['gacha', 'Monetization/Loot Boxes'],
    ['loot boxes', 'Monetization/Loot Boxes'],
    ['lootbox', 'Monetization/Loot Boxes'],
    ['rewarded ads', 'ADS/Rewarded'],
    ['rewarded video', 'ADS/Rewarded'],
    ['interstitials', 'ADS/Interstitial'],
    ['daily login', 'Goals/Streaks'],
    ['daily login rewards', 'Goals/Streaks'],
    ['daily quests', 'Goals/Daily Quests'],
    ['dailies', 'Goals/Daily Quests'],
    ['tutorial', 'Tutorial/FTUE'],
    ['onboarding', 'Tutorial/FTUE'],
    ['FTUE', 'Tutorial/FTUE'],
    ['piggy banks', 'Monetization/Piggy Bank'],
    ['clans', 'Social Features/Guilds'],
    ['leaderboards', 'Social Features/Leaderboards'],
    ['boss fights', 'Core Gameplay/Boss'],
    ['power-ups', 'Core Gameplay/Boosters'],
    ['level maps', 'Progression/Level Map'],
    ['cutscenes', 'Narrative/Cutscene'],
    ['loading screens', 'Other/Loading Screen'],
    ['PvP', 'Game Modes/PvP'],
    ['co-op', 'Game Modes/Co-op'],
  ])('%s → %s', (query, expected) => {
    expect(tags(query)).toContain(expected);
  });

  it('reads a whole category', () => {
    expect(tags('monetization')).toEqual(['Monetization']);
    expect(tags('liveops ideas')).toEqual(['LiveOps']);
    expect(tags('live ops')).toEqual(['LiveOps']);
  });

  it('takes the longest phrase: "daily challenge" is a daily quest, not a challenge mode', () => {
    expect(tags('daily challenge')).toEqual(['Goals/Daily Quests']);
    expect(tags('season pass')).not.toContain('LiveOps/Seasonal Events');
  });

  it('reads several tags in one query, in order', () => {
    expect(tags('starter packs and piggy banks')).toEqual(['Monetization/Starter Pack', 'Monetization/Piggy Bank']);
  });

  it('searches tag phrases as phrases, plus only those of their words that mean the same kind of thing alone', () => {
    const plan = parse('battle pass in match-3 like Royal Match');
    expect(plan.phrases).toEqual(['battle pass']);
    expect(plan.keywords).toEqual(['pass']); // never "battle", never a game or genre name
    expect(parse('team chat').keywords).toEqual(['team', 'chat']);
    expect(parse('starter packs').keywords).toEqual([]);
  });

  it("searches a phrase's last word alone only when it names the phrase's own tag, not a neighbour", () => {
    // "beginner offers" are starter packs: searching "offer" would rank every out-of-moves offer above them.
    expect(parse('beginner offers for new players')).toMatchObject({
      tags: [{ primary: 'Monetization', secondary: 'Starter Pack' }],
    });
    expect(parse('beginner offers for new players').keywords).not.toContain('offer');
    expect(parse('home decoration').keywords).toEqual(['decoration']);
    expect(parse('vip subscriptions').keywords).toEqual(['vip', 'subscription']);
    // A modifier of the same category still searches: "daily" in "daily login".
    expect(parse('daily login rewards').keywords).toContain('daily');
  });

  it('reads "starter-pack offers" as starter packs: a neighbouring tag word right after a tag phrase is its head', () => {
    expect(tags('starter-pack offers')).toEqual(['Monetization/Starter Pack']);
    expect(tags('starter packs and offers')).toEqual(['Monetization/Starter Pack', 'Monetization/Offers']);
    // Not neighbours: both are asked for.
    expect(tags('shop offers')).toEqual(['Monetization/Shop', 'Monetization/Offers']);
  });

  it('searches sub-tag words but not words that only name a whole category', () => {
    expect(parse('gacha').keywords).toEqual(['gacha']);
    expect(parse('monetization').keywords).toEqual([]);
    expect(parse('events').keywords).toEqual([]);
  });

  it('searches runs of unknown words as phrases too', () => {
    const plan = parse('energy refill popup after a lost level');
    expect(plan.phrases).toContain('energy refill popup');
    expect(plan.keywords).toEqual(expect.arrayContaining(['energy', 'refill', 'popup', 'lost']));
  });
});

describe('parseQuery: genres, sub-genres and tiers', () => {
  it.each([
    ['match 3', 'Match-3'],
    ['match-3', 'Match-3'],
    ['Match3 games', 'Match-3'],
    ['merge games', 'Merge'],
    ['merge-2', 'Merge'],
    ['tower defense', 'Tower Defense'],
    ['battle royale', 'Battle Royale'],
    ['idle RPGs', 'Idle RPG'],
    ['clicker prestige', 'Idle RPG'],
    ['incremental games', 'Idle RPG'],
    ['social casino', 'Social Casino'],
    ['4X strategy', '4X'],
    ['match two boosters', 'Match-2'],
    ['tile matching games', 'Match-3D'],
    ['water sort levels', 'Sort Puzzle'],
    ['spot the differences events', 'Hidden Object'],
  ])('%s → sub-genre %s', (query, subgenre) => {
    expect(parse(query).genres.map((g) => g.subgenre)).toContain(subgenre);
  });

  it('reads a genre without a sub-genre', () => {
    expect(parse('puzzle games').genres).toEqual([{ genre: 'Puzzle', subgenre: null }]);
    expect(parse('strategy').genres).toEqual([{ genre: 'Strategy', subgenre: null }]);
  });

  it('reads a genre named with one of its sub-genres as that sub-genre ("match 3 puzzle games" are match-3 games)', () => {
    expect(parse('match 3 puzzle games boosters').genres).toEqual([{ genre: 'Puzzle', subgenre: 'Match-3' }]);
    expect(parse('slots casino games piggy bank').genres).toEqual([{ genre: 'Casino', subgenre: 'Slots' }]);
    expect(parse('puzzle and casino games piggy banks').genres).toEqual([
      { genre: 'Puzzle', subgenre: null },
      { genre: 'Casino', subgenre: null },
    ]);
  });

  it('searches "loot" as a word (the product\'s name is no filler in "battle royale loot" or "loot drops")', () => {
    expect(parse('battle royale loot').keywords).toEqual(['loot']);
    expect(parse('loot drops').phrases).toContain('loot drop');
  });

  it('reads a word the catalogue says as itself, not as a near vocabulary word; a word it lacks still as a typo', () => {
    expect(typoCandidates('woodoku scoring casnio', games)).toEqual(['scoring', 'casnio']);
    // The catalogue's word list holds words of 4 letters and more: a shorter one is never asked about.
    expect(typoCandidates('qzx casnio', games)).toEqual(['casnio']);
    expect(parse('scoring').genres).toEqual([{ genre: 'Puzzle', subgenre: 'Sort Puzzle' }]);
    const said = parseQuery('woodoku scoring casnio', games, new Set(['scoring']));
    expect(said.genres).toEqual([{ genre: 'Casino', subgenre: null }]);
    expect(said.keywords).toContain('scoring');
  });

  it('reads an MMO as a role-playing game, not as a one-letter slip of "mmr" (matchmaking)', () => {
    for (const query of ['mmo guilds', 'MMORPG guilds']) {
      const plan = parse(query);
      expect(plan.genres).toEqual([{ genre: 'RPG', subgenre: null }]);
      expect(plan.tags.map((t) => t.secondary)).toEqual(['Guilds']);
    }
  });

  it.each([
    ['midcore', 'Midcore'],
    ['mid-core shops', 'Midcore'],
    ['hybrid casual', 'Hybrid-Casual'],
    ['hybrid-casual games', 'Hybrid-Casual'],
    ['hypercasual ads', 'Hybrid-Casual'],
    ['casual', 'Casual'],
  ])('%s → tier %s', (query, tier) => {
    expect(parse(query).tiers).toContain(tier);
  });

  it('splits a query into tag, genre and tier at once', () => {
    const plan = parse('Starter packs in midcore strategy games');
    expect(plan.tags).toEqual([{ primary: 'Monetization', secondary: 'Starter Pack' }]);
    expect(plan.tiers).toEqual(['Midcore']);
    expect(plan.genres).toEqual([{ genre: 'Strategy', subgenre: null }]);
  });
});

describe('parseQuery: game names, aliases and typos', () => {
  it.each([
    ['Royal Match', 'Royal Match'],
    ['royal match season pass', 'Royal Match'],
    ['royl match', 'Royal Match'],
    ['candy crsh', 'Candy Crush Saga'],
    ['candy crush levels', 'Candy Crush Saga'],
    ['Candy Crush Saga', 'Candy Crush Saga'],
    ['homescape', 'Homescapes'],
    ['gardenscpaes decoration', 'Gardenscapes'],
    ['clash of clans', 'Clash of Clans'],
    ['COC clan wars', 'Clash of Clans'],
    ['pokemon go raids', 'Pokémon GO'],
    ['Pokémon GO', 'Pokémon GO'],
    ['monopoly go', 'Monopoly GO!'],
    ['fifa mobile', 'EA SPORTS FC Mobile'],
    ['PUBG', 'PUBG Mobile'],
    ['call of duty', 'Call of Duty: Mobile'],
    ['mobile legneds', 'Mobile Legends: Bang Bang'],
    ['subway surfers', 'Subway Surfers'],
    ["june's journey", "June's Journey"],
    ['junes journey', "June's Journey"],
    ['temple run', 'Temple Run 2'],
    ['township', 'Township'],
    ['hayday events', 'Hay Day'],
    ['brawlstars skins', 'Brawl Stars'],
    ['candycrsh boosters', 'Candy Crush Saga'],
    ['solitaire collection daily challenges', 'Microsoft Solitaire Collection'],
    ['beat star songs', 'Beatstar'],
    ['town ship regatta', 'Township'],
    ['home scapes offers', 'Homescapes'],
  ])('%s → %s', (query, name) => {
    expect(parse(query).games).toContain(name);
  });

  it('reads two words as a one-word game name only when they are no phrase of their own', () => {
    expect(parse('home scapes offers').tags.map((t) => t.secondary)).toEqual(['Offers']);
    expect(parse('home screen').games).toEqual([]);
    expect(parse('home screen').tags.map((t) => t.secondary)).toEqual(['Main Screen']);
  });

  it("reads a game's long first word as its short name, unless another game's name or the vocabulary has it", () => {
    expect(parse('subway missions').games).toEqual(['Subway Surfers']);
    expect(parse('marvel alliance raids').games).toEqual(['Marvel Strike Force']);
    expect(parse('asphalt').games).toEqual(['Asphalt Legends Unite']);
    // Kingdom Rush and Rise of Kingdoms both say "kingdom"; "bubble" is the Bubble Shooter sub-genre's word; "royal"
    // and "clash" are too short (and "clash" is two games').
    expect(parse('kingdom events').games).toEqual([]);
    expect(parse('bubble boosters')).toMatchObject({
      games: [],
      genres: [{ genre: 'Arcade', subgenre: 'Bubble Shooter' }],
    });
    expect(parse('royal rewards').games).toEqual([]);
    expect(parse('clash events').games).toEqual([]);
  });

  it('reads a name misspelt into other known words as the game', () => {
    // "watch" is a word of the vocabulary ("watch ad"), "royal" one of "royal pass": together, a typo of Royal Match.
    expect(parse('royal watch events')).toMatchObject({
      games: ['Royal Match'],
      tags: [{ primary: 'LiveOps', secondary: null }],
    });
    expect(parse('royal watch').matches.find((m) => m.game === 'Royal Match')?.typo).toBe(true);
    // Phrases of the vocabulary stay what they are.
    expect(parse('royal pass')).toMatchObject({
      games: [],
      tags: [{ primary: 'Monetization', secondary: 'Season Pass' }],
    });
    expect(parse('coin pack')).toMatchObject({
      games: [],
      tags: [{ primary: 'Monetization', secondary: 'Currency Packs' }],
    });
  });

  it('flags a name found through a typo', () => {
    expect(parse('royl match').matches.find((m) => m.game === 'Royal Match')?.typo).toBe(true);
    expect(parse('royal match').matches.find((m) => m.game === 'Royal Match')?.typo).toBe(false);
  });

  it('does not turn ordinary words into games or tags', () => {
    for (const q of [
      'energy refill popup',
      'hand pointer hint bubble',
      'score multiplier',
      'weekly reward chest ideas',
    ]) {
      expect(parse(q).games).toEqual([]);
    }
    expect(parse('raid').games).toEqual([]); // the co-op raid, not RAID: Shadow Legends
    expect(tags('raid')).toEqual(['Game Modes/Co-op']);
    expect(parse('score').tags).toEqual([]);
  });

  it('matches typos only in the first 40 words (a 2,000-character text stays cheap); exact names anywhere', () => {
    const padding = Array.from({ length: 45 }, (_, i) => `zorbix${i}`).join(' ');
    expect(parse(`${padding} royl match`).games).toEqual([]);
    expect(parse(`${padding} royal match`).games).toEqual(['Royal Match']);
    expect(parse(`royl match ${padding}`).games).toEqual(['Royal Match']);
  });

  it('says which typed words it read as which name or phrase, as typed (the search panel shows it)', () => {
    expect(parse('royl match boosters').readAs).toEqual([{ from: 'royl match', to: 'Royal Match' }]);
    expect(parse('Strater Packs in CASNIO games').readAs).toEqual([
      { from: 'strater packs', to: 'starter pack' },
      { from: 'casnio', to: 'casino' },
    ]);
    expect(parse('starter packs in casino games').readAs).toBeUndefined();
    // Another spelling of the same words is not a slip: nothing to say.
    expect(parse('battlepass in match3').readAs).toBeUndefined();
  });

  it('fixes a typo in a taxonomy phrase too', () => {
    expect(tags('strater packs')).toEqual(['Monetization/Starter Pack']);
    expect(tags('leaderbaords')).toEqual(['Social Features/Leaderboards']);
  });

  it('prefers a longer phrase with a typo in its next word to a shorter exact one', () => {
    // "event" alone is the LiveOps category; "event calender" is the Event Calendar sub-tag.
    expect(tags('event calender')).toEqual(['LiveOps/Event Calendar']);
    expect(tags('login calender')).toEqual(['Goals/Streaks']);
    // A known next word keeps the exact reading.
    expect(tags('event shop')).toEqual(['LiveOps', 'Monetization/Shop']);
  });

  it('reads "sell" as monetization, not as a typo of "spell" (a booster)', () => {
    expect(parse('what do solitaire games sell')).toMatchObject({
      tags: [{ primary: 'Monetization', secondary: null }],
      keywords: [],
    });
    expect(tags('how do match-3 games sell extra moves')).not.toContain('Core Gameplay/Boosters');
  });
});

describe('parseQuery: free text', () => {
  it('keeps the words no vocabulary knows, without filler', () => {
    expect(parse('show me the best energy refill popups').keywords).toEqual(['energy', 'refill', 'popup']);
  });

  it('is empty for filler only', () => {
    const plan = parse('show me some good examples please');
    expect(plan.keywords).toEqual([]);
    expect(plan.tags).toEqual([]);
  });
});

describe('parseQuery: the find-similar text (spec board-workspace §5)', () => {
  const similar = (title: string, genre: string, tagList: string, description: string) =>
    `Find me features similar to ${title} in genre: ${genre}, possible tags: ${tagList}. Ideally (but not strictly necessarily) matching this description ${description}`;

  it('reads the tags, the sub-genre, the title and the description by field', () => {
    const plan = parse(
      similar('Royal Pass', 'Match-3', 'Monetization, Season Pass', 'A 30-tier pass with free and premium tracks.'),
    );
    expect(plan.tags).toEqual([{ primary: 'Monetization', secondary: 'Season Pass' }]);
    expect(plan.genres).toEqual([{ genre: 'Puzzle', subgenre: 'Match-3' }]);
    expect(plan.phrases).toContain('royal pass');
    expect(plan.keywords).toEqual(expect.arrayContaining(['premium', 'track']));
    expect(plan.games).toEqual([]);
  });

  it("takes 'any' as no genre and a sub-tag named Other as its category", () => {
    const plan = parse(similar('Pets', 'any', 'Meta, Other', 'Companion pets that boost raids.'));
    expect(plan.genres).toEqual([]);
    expect(plan.tags).toEqual([{ primary: 'Meta', secondary: null }]);
  });

  it('does not read tags into the description (it is only text)', () => {
    const plan = parse(
      similar(
        'Run',
        'Runner',
        'Core Gameplay, Basic Mechanics',
        'Swipe to dodge; a season pass and daily quests exist too.',
      ),
    );
    expect(plan.tags).toEqual([{ primary: 'Core Gameplay', secondary: 'Basic Mechanics' }]);
  });
});
