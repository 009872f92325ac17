/**
 * The product's taxonomies as data, used by the API (catalogue validation, query parsing, feature search) and
 * the web (pickers, tag chips). Spec: accounts §3 (8 panel categories, 13 feature-search categories, genres,
 * super-genres, tiers), board-workspace §3 (tag taxonomy in chips).
 */

/** The 13 feature-search categories and their sub-tags; every catalogue feature's primary/secondary tag is here. */
export const FEATURE_TAXONOMY = {
  'Core Gameplay': [
    'Basic Mechanics',
    'Game Levels',
    'Bonus Level',
    'Hard Level',
    'Boss',
    'Boosters',
    'Enemies',
    'Obstacles',
    'New Gameplay Elements',
    'Other',
  ],
  Meta: ['Decoration', 'Building', 'Avatars & Customization', 'Collections', 'Merge Board', 'Other'],
  HUD: ['Main Screen', 'Level HUD', 'Currency Bar', 'Notifications', 'Other'],
  Tutorial: ['FTUE', 'Tooltips', 'Feature Unlock', 'Other'],
  Progression: ['Level Map', 'Player Level', 'Unlocks', 'Star Rewards', 'Other'],
  Goals: ['Daily Quests', 'Achievements', 'Missions', 'Streaks', 'Other'],
  Monetization: [
    'Shop',
    'Offers',
    'Starter Pack',
    'Bundles',
    'Season Pass',
    'Subscriptions',
    'Loot Boxes',
    'Piggy Bank',
    'Currency Packs',
    'Other',
  ],
  ADS: ['Interstitial', 'Rewarded', 'Banner'],
  LiveOps: ['Seasonal Events', 'Limited Time Events', 'Tournaments', 'Competitions', 'Event Calendar', 'Other'],
  Narrative: ['Dialogs', 'Choices', 'Cutscene'],
  'Social Features': ['Friends', 'Guilds', 'Chat', 'Leaderboards', 'Gifting', 'Other'],
  'Game Modes': ['PvP', 'Co-op', 'Endless Mode', 'Challenge Mode', 'Mini-games', 'Other'],
  Other: ['Settings', 'Rating Prompt', 'Push Notifications', 'Loading Screen', 'Other'],
} as const satisfies Record<string, readonly string[]>;

export type FeatureCategory = keyof typeof FEATURE_TAXONOMY;
export const FEATURE_CATEGORIES = Object.keys(FEATURE_TAXONOMY) as FeatureCategory[];

/**
 * The search panel's 8 categories (spec accounts §3). Each sub-feature names the feature-search tags it stands
 * for, so a picker choice becomes catalogue filters without a second taxonomy to keep in step.
 */
export const PANEL_TAXONOMY: Record<string, Record<string, { primary: FeatureCategory; secondary?: string }[]>> = {
  Gameplay: {
    'Core Mechanics': [{ primary: 'Core Gameplay', secondary: 'Basic Mechanics' }],
    Levels: [{ primary: 'Core Gameplay', secondary: 'Game Levels' }],
    'Boss Fights': [{ primary: 'Core Gameplay', secondary: 'Boss' }],
    Boosters: [{ primary: 'Core Gameplay', secondary: 'Boosters' }],
    Obstacles: [{ primary: 'Core Gameplay', secondary: 'Obstacles' }],
    'Game Modes': [{ primary: 'Game Modes' }],
  },
  Onboarding: {
    FTUE: [{ primary: 'Tutorial', secondary: 'FTUE' }],
    Tooltips: [{ primary: 'Tutorial', secondary: 'Tooltips' }],
    'Feature Unlocks': [
      { primary: 'Tutorial', secondary: 'Feature Unlock' },
      { primary: 'Progression', secondary: 'Unlocks' },
    ],
  },
  Progression: {
    'Level Map': [{ primary: 'Progression', secondary: 'Level Map' }],
    'Player Level': [{ primary: 'Progression', secondary: 'Player Level' }],
    'Daily Quests': [{ primary: 'Goals', secondary: 'Daily Quests' }],
    Achievements: [{ primary: 'Goals', secondary: 'Achievements' }],
    Streaks: [{ primary: 'Goals', secondary: 'Streaks' }],
  },
  'Meta & Narrative': {
    Decoration: [{ primary: 'Meta', secondary: 'Decoration' }],
    Building: [{ primary: 'Meta', secondary: 'Building' }],
    Customization: [{ primary: 'Meta', secondary: 'Avatars & Customization' }],
    Collections: [{ primary: 'Meta', secondary: 'Collections' }],
    Dialogs: [{ primary: 'Narrative', secondary: 'Dialogs' }],
    Choices: [{ primary: 'Narrative', secondary: 'Choices' }],
    Cutscenes: [{ primary: 'Narrative', secondary: 'Cutscene' }],
  },
  Monetization: {
    'IAP Store': [
      { primary: 'Monetization', secondary: 'Shop' },
      { primary: 'Monetization', secondary: 'Currency Packs' },
    ],
    Bundles: [{ primary: 'Monetization', secondary: 'Bundles' }],
    'Loot Boxes': [{ primary: 'Monetization', secondary: 'Loot Boxes' }],
    'Piggy Bank': [{ primary: 'Monetization', secondary: 'Piggy Bank' }],
    'Starter Packs': [{ primary: 'Monetization', secondary: 'Starter Pack' }],
    Offers: [{ primary: 'Monetization', secondary: 'Offers' }],
    Subscriptions: [{ primary: 'Monetization', secondary: 'Subscriptions' }],
    'Season Pass': [{ primary: 'Monetization', secondary: 'Season Pass' }],
    'Rewarded Video': [{ primary: 'ADS', secondary: 'Rewarded' }],
    'Interstitial Ads': [{ primary: 'ADS', secondary: 'Interstitial' }],
    'Banner Ads': [{ primary: 'ADS', secondary: 'Banner' }],
    Offerwall: [
      { primary: 'ADS', secondary: 'Rewarded' },
      { primary: 'Monetization', secondary: 'Offers' },
    ],
  },
  LiveOps: {
    'Seasonal Events': [{ primary: 'LiveOps', secondary: 'Seasonal Events' }],
    'Limited-Time Events': [{ primary: 'LiveOps', secondary: 'Limited Time Events' }],
    Tournaments: [{ primary: 'LiveOps', secondary: 'Tournaments' }],
    Competitions: [{ primary: 'LiveOps', secondary: 'Competitions' }],
    'Event Calendar': [{ primary: 'LiveOps', secondary: 'Event Calendar' }],
  },
  Social: {
    Friends: [{ primary: 'Social Features', secondary: 'Friends' }],
    'Guilds & Teams': [{ primary: 'Social Features', secondary: 'Guilds' }],
    Chat: [{ primary: 'Social Features', secondary: 'Chat' }],
    Leaderboards: [{ primary: 'Social Features', secondary: 'Leaderboards' }],
    Gifting: [{ primary: 'Social Features', secondary: 'Gifting' }],
    PvP: [{ primary: 'Game Modes', secondary: 'PvP' }],
  },
  'UI / UX': {
    'Main Screen': [{ primary: 'HUD', secondary: 'Main Screen' }],
    'Level HUD': [{ primary: 'HUD', secondary: 'Level HUD' }],
    'Currency Bar': [{ primary: 'HUD', secondary: 'Currency Bar' }],
    Notifications: [
      { primary: 'HUD', secondary: 'Notifications' },
      { primary: 'Other', secondary: 'Push Notifications' },
    ],
    Settings: [{ primary: 'Other', secondary: 'Settings' }],
    'Loading Screens': [{ primary: 'Other', secondary: 'Loading Screen' }],
  },
};
export const PANEL_CATEGORIES = Object.keys(PANEL_TAXONOMY);

/** Nine genres and their sub-genres, Puzzle first (spec accounts §3). */
export const GENRES = {
  Puzzle: [
    'Match-3',
    'Merge',
    'Block Puzzle',
    'Screw Puzzle',
    'Sort Puzzle',
    'Coloring',
    'Match-2',
    'Solitaire',
    'Match-3D',
    'Word',
    'Hidden Object',
  ],
  Arcade: ['Runner', 'Hyper-casual', 'Physics', 'Bubble Shooter'],
  Casino: ['Slots', 'Social Casino', 'Bingo', 'Poker'],
  Simulation: ['Farming', 'City Builder', 'Cooking', 'Life Sim'],
  Action: ['Shooter', 'Battle Royale', 'Hero Shooter', 'Roguelite'],
  RPG: ['Action RPG', 'Squad RPG', 'Idle RPG'],
  Strategy: ['Base Builder', '4X', 'Tower Defense', 'Card Battler', 'MOBA'],
  Adventure: ['Interactive Story', 'Puzzle Adventure', 'AR Adventure'],
  Other: ['Sports', 'Racing', 'Trivia', 'Music'],
} as const satisfies Record<string, readonly string[]>;
export type Genre = keyof typeof GENRES;
export const GENRE_NAMES = Object.keys(GENRES) as Genre[];

/** Feature-search tiers (spec accounts §3). */
export const TIERS = ['Casual', 'Midcore', 'Hybrid-Casual'] as const;
export type Tier = (typeof TIERS)[number];

/** Search panel super-genre chips; 'Any' is exclusive (spec accounts §4). */
export const SUPER_GENRES = ['Any', 'Hyper & Hybridcasual', 'Casual', 'Midcore'] as const;
export const QUICK_GAME_FILTERS = ['Any', 'Top Games', 'New'] as const;
/** The tier each super-genre chip selects. */
export const SUPER_GENRE_TIER: Record<string, Tier> = {
  'Hyper & Hybridcasual': 'Hybrid-Casual',
  Casual: 'Casual',
  Midcore: 'Midcore',
};

/** 13 suggested popular games on the feature search page (spec accounts §3: "13 fixed popular games"). */
export const POPULAR_GAMES = [
  'Royal Match',
  'Candy Crush Saga',
  'Homescapes',
  'Coin Master',
  'Monopoly GO!',
  'Clash of Clans',
  'Clash Royale',
  'Brawl Stars',
  'Block Blast!',
  'Township',
  'Subway Surfers',
  'Genshin Impact',
  'Travel Town',
] as const;

export function isKnownTag(primary: string, secondary?: string | null): boolean {
  const subs = (FEATURE_TAXONOMY as Record<string, readonly string[]>)[primary];
  if (!subs) return false;
  return !secondary || subs.includes(secondary);
}

/** Genre of a sub-genre, for the game-info call and query parsing. */
export function genreOfSubgenre(subgenre: string): Genre | undefined {
  return GENRE_NAMES.find((g) => (GENRES[g] as readonly string[]).includes(subgenre));
}
