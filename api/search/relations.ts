import type { GenreRef, TagRef } from './vocabulary';

/**
 * Neighbouring tags: what a designer asking for one would also accept as a reference when the catalogue has few
 * exact matches ("starter packs" → other first-purchase offers and bundles). Symmetric by construction below.
 * Keys and values are 'Category/Sub-tag'; vocabulary tests check every name against the taxonomy.
 */
const NEIGHBOURS: [string, string[]][] = [
  ['Monetization/Starter Pack', ['Monetization/Offers', 'Monetization/Bundles']],
  // An out-of-moves offer and a revive-for-a-video are the same moment: pay or watch an ad to go on.
  ['Monetization/Offers', ['Monetization/Bundles', 'Monetization/Piggy Bank', 'ADS/Rewarded']],
  ['Monetization/Bundles', ['Monetization/Shop', 'Monetization/Currency Packs']],
  ['Monetization/Shop', ['Monetization/Currency Packs']],
  ['Monetization/Season Pass', ['Monetization/Subscriptions']],
  ['Monetization/Subscriptions', ['Monetization/Piggy Bank']],
  ['Monetization/Loot Boxes', ['Meta/Collections']],
  ['ADS/Interstitial', ['ADS/Banner']],
  ['Tutorial/FTUE', ['Tutorial/Tooltips', 'Tutorial/Feature Unlock']],
  ['Tutorial/Tooltips', ['Tutorial/Feature Unlock']],
  ['Tutorial/Feature Unlock', ['Progression/Unlocks']],
  ['Progression/Level Map', ['Progression/Star Rewards']],
  ['Progression/Player Level', ['Progression/Unlocks']],
  ['Goals/Daily Quests', ['Goals/Missions', 'Goals/Streaks']],
  ['Goals/Achievements', ['Goals/Missions']],
  ['LiveOps/Seasonal Events', ['LiveOps/Limited Time Events', 'LiveOps/Event Calendar']],
  ['LiveOps/Limited Time Events', ['LiveOps/Event Calendar']],
  ['LiveOps/Tournaments', ['LiveOps/Competitions', 'Social Features/Leaderboards']],
  ['LiveOps/Competitions', ['Social Features/Leaderboards']],
  ['Narrative/Dialogs', ['Narrative/Cutscene', 'Narrative/Choices']],
  ['Social Features/Friends', ['Social Features/Gifting']],
  ['Social Features/Guilds', ['Social Features/Chat', 'Game Modes/Co-op']],
  ['Social Features/Chat', ['Social Features/Friends']],
  ['Game Modes/PvP', ['Social Features/Leaderboards']],
  ['Game Modes/Challenge Mode', ['Core Gameplay/Hard Level', 'Game Modes/Endless Mode']],
  ['Game Modes/Mini-games', ['Core Gameplay/Bonus Level']],
  ['Core Gameplay/Boss', ['Core Gameplay/Enemies']],
  ['Core Gameplay/Obstacles', ['Core Gameplay/New Gameplay Elements', 'Core Gameplay/Enemies']],
  ['Core Gameplay/Basic Mechanics', ['Core Gameplay/New Gameplay Elements']],
  ['Meta/Decoration', ['Meta/Building']],
  ['Meta/Avatars & Customization', ['Meta/Decoration']],
  ['HUD/Main Screen', ['HUD/Currency Bar']],
  ['HUD/Level HUD', ['HUD/Currency Bar']],
  ['HUD/Notifications', ['Other/Push Notifications']],
];

export const RELATED_TAGS: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const related = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    if (!related.has(a)) related.set(a, new Set());
    related.get(a)!.add(b);
  };
  for (const [tag, others] of NEIGHBOURS) {
    for (const other of others) {
      link(tag, other);
      link(other, tag);
    }
  }
  return related;
})();

export const tagKey = (tag: TagRef) => `${tag.primary}/${tag.secondary ?? ''}`;
export const genreKey = (g: GenreRef) => `${g.genre}/${g.subgenre ?? ''}`;

/** A feature's own tag (an empty sub-tag is the whole category). */
export const ownTag = (f: { primaryTag: string; secondaryTag: string }): TagRef => ({
  primary: f.primaryTag as TagRef['primary'],
  secondary: f.secondaryTag || null,
});

export function areRelatedTags(a: TagRef, b: TagRef): boolean {
  return RELATED_TAGS.get(tagKey(a))?.has(tagKey(b)) ?? false;
}

/**
 * Sub-genres close enough that a designer asking for one often means the other too (a "match-3" board with a
 * tile-blast game on it is still on topic). Symmetric.
 */
const NEAR_SUBGENRES: string[][] = [
  ['Match-3', 'Match-2', 'Match-3D'],
  ['Block Puzzle', 'Screw Puzzle', 'Sort Puzzle'],
  ['Runner', 'Hyper-casual'],
  ['Squad RPG', 'Idle RPG'],
  ['Shooter', 'Battle Royale', 'Hero Shooter'],
  ['Slots', 'Social Casino'],
  ['Farming', 'City Builder'],
  ['Base Builder', '4X'],
];

export function areNearSubgenres(a: string, b: string): boolean {
  return NEAR_SUBGENRES.some((group) => group.includes(a) && group.includes(b));
}

/** How well a game's genre fits the genres a query names: 1 exact, 0.6 a near sub-genre, 0.3 same genre, else 0. */
export function genreFit(game: { genre: string; subgenre: string }, wanted: readonly GenreRef[]): number {
  let best = 0;
  for (const w of wanted) {
    if (w.subgenre === null) {
      if (game.genre === w.genre) return 1;
      continue;
    }
    if (game.subgenre === w.subgenre) return 1;
    if (areNearSubgenres(game.subgenre, w.subgenre)) best = Math.max(best, 0.6);
    else if (game.genre === w.genre) best = Math.max(best, 0.3);
  }
  return best;
}
