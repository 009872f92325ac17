/**
 * Example queries for the landing search (spec accounts §2: "5 random example suggestions out of about 44
 * sample queries"). Written the way designers ask: a feature, often a genre or a game, sometimes a goal.
 */
export const SAMPLE_QUERIES: readonly string[] = [
  'Starter Pack in Match-3',
  'Season Pass in Midcore',
  'Battle pass reward tracks in shooters',
  'Piggy Bank offers in puzzle games',
  'Daily login rewards and streaks',
  'Loot boxes and gacha pulls in RPGs',
  'Limited-time events in Royal Match',
  'First-time user experience in merge games',
  'Level map progression in casual puzzles',
  'Boosters before a level starts',
  'Out-of-moves offer in Match-3',
  'Clan and guild screens in strategy games',
  'Leaderboards and weekly tournaments',
  'Rewarded video placements in hybridcasual',
  'In-app store layouts with currency packs',
  'Subscription offers in casual games',
  'Home screen HUD of top grossing games',
  'Meta decoration in Homescapes',
  'Building and upgrading a base in 4X',
  'Collection albums like in Coin Master',
  'Event calendar in Monopoly GO!',
  'Hero upgrade screens in squad RPGs',
  'Boss fights in puzzle games',
  'Sort puzzle level design',
  'Screw puzzle onboarding',
  'Block puzzle scoring and combos',
  'Friend invites and gifting lives',
  'Team chat in midcore games',
  'PvP arena matchmaking screens',
  'Cutscenes and story dialogs in adventure games',
  'Choices in interactive story games',
  'Customization and avatars in casual games',
  'Feature unlock tooltips',
  'Achievements in idle RPGs',
  'Daily quests in Brawl Stars',
  'Seasonal Christmas events in farming games',
  'Interstitial ad placements in hyper-casual',
  'Banner ads on gameplay screens',
  'Offerwall in social casino',
  'Bundles with discount tags',
  'Currency bar and notifications on the main screen',
  'Player level rewards in Township',
  'Endless mode and challenge mode in runners',
  'Settings and loading screens in puzzle games',
  'Star rewards chests in level maps',
  'Win streak mechanics in Match-3',
] as const;

/** Spec accounts §9: "Suggestions: 5 of about 44". */
export const SUGGESTION_COUNT = 5;

/**
 * `count` distinct queries picked at random (a partial Fisher–Yates shuffle), in the order drawn. `random`
 * returns numbers in [0, 1), like Math.random.
 */
export function sampleSuggestions(
  random: () => number = Math.random,
  count = SUGGESTION_COUNT,
  pool: readonly string[] = SAMPLE_QUERIES,
): string[] {
  const items = [...pool];
  const n = Math.min(count, items.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (items.length - i));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items.slice(0, n);
}
