import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CatalogueData, CatalogueFeature, CatalogueGame } from '../../../api/catalogue/catalogue-files';
import { planCatalogue } from '../../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../../api/catalogue/load-catalogue';
import { openDatabase, type Db } from '../../../api/db/client';
import { loadGameIndex } from '../../../api/search/engine';
import type { GameIndex } from '../../../api/search/game-names';

/**
 * A small catalogue for the query engine's tests (never the demo catalogue): eight games across genres and tiers,
 * features chosen so each ranking rule has something to prove — several starter packs and their neighbours, one
 * game with many monetization screens (the per-game cap), a match-3 pair, a typo-prone name.
 */
const game = (
  name: string,
  genre: string,
  subgenre: string,
  tier: CatalogueGame['tier'],
  orientation: CatalogueGame['orientation'],
): CatalogueGame => ({
  name,
  genre,
  subgenre,
  tier,
  superGenre: tier === 'Midcore' ? 'Midcore' : tier === 'Casual' ? 'Casual' : 'Hyper & Hybridcasual',
  orientation,
  storeUrl: `https://play.google.com/store/apps/details?id=test.${name.toLowerCase().replace(/[^a-z]/g, '')}`,
  isTop: false,
  isNew: false,
  palette: ['#1E4FB8', '#F2B705', '#E63946'],
});

export const searchFixtureGames: CatalogueGame[] = [
  game('Gem Saga', 'Puzzle', 'Match-3', 'Casual', 'vertical'),
  game('Jewel Royale', 'Puzzle', 'Match-3', 'Casual', 'vertical'),
  game('Cube Pop', 'Puzzle', 'Match-2', 'Casual', 'vertical'),
  game('Merge Manor', 'Puzzle', 'Merge', 'Casual', 'vertical'),
  game('Castle Siege', 'Strategy', 'Base Builder', 'Midcore', 'horizontal'),
  game('Hero Legends', 'RPG', 'Squad RPG', 'Midcore', 'horizontal'),
  game('Dash Runner', 'Arcade', 'Runner', 'Hybrid-Casual', 'vertical'),
  game('Lucky Slots', 'Casino', 'Slots', 'Casual', 'horizontal'),
];

const f = (
  gameName: string,
  name: string,
  primary: string,
  secondary: string,
  short: string,
  detailed = short,
): CatalogueFeature => ({
  game: gameName,
  feature_screen_name: name,
  primary_tag: primary,
  secondary_tag: secondary,
  short_description: short,
  detailed_description: detailed,
  screens: [{ template: 'popup', title: name }],
});

export const searchFixtureFeatures: CatalogueFeature[] = [
  f(
    'Gem Saga',
    'Welcome Pack',
    'Monetization',
    'Starter Pack',
    'A one-time starter pack with coins and boosters at a deep discount.',
  ),
  f('Gem Saga', 'Out of Moves', 'Monetization', 'Offers', 'When moves run out, an offer sells five extra moves.'),
  f('Gem Saga', 'Gold Shop', 'Monetization', 'Currency Packs', 'Gold bar packs from small to huge.'),
  f('Gem Saga', 'Booster Bundle', 'Monetization', 'Bundles', 'Bundles of boosters and unlimited lives.'),
  f(
    'Gem Saga',
    'Piggy Vault',
    'Monetization',
    'Piggy Bank',
    'Coins pile up in a vault you can break open for a price.',
  ),
  f('Gem Saga', 'Flash Sale', 'Monetization', 'Offers', 'A short sale on coin packs with a countdown.'),
  f('Gem Saga', 'Saga Map', 'Progression', 'Level Map', 'A winding map of levels with episodes.'),
  f('Gem Saga', 'First Swap', 'Tutorial', 'FTUE', 'The first level teaches swapping two candies with a hand pointer.'),
  f('Gem Saga', 'Color Bomb', 'Core Gameplay', 'Boosters', 'A special piece that clears every gem of one color.'),
  f(
    'Jewel Royale',
    'Crown Pass',
    'Monetization',
    'Season Pass',
    'A monthly pass with a free and a premium reward track.',
  ),
  f('Jewel Royale', 'Extra Moves Offer', 'Monetization', 'Offers', 'Continue a failed level by buying extra moves.'),
  f('Jewel Royale', 'Kingdom Map', 'Progression', 'Level Map', 'Areas to restore along the level path.'),
  f('Jewel Royale', 'Royal Decor', 'Meta', 'Decoration', 'Spend stars to decorate the castle room by room.'),
  f('Cube Pop', 'Blast Offer', 'Monetization', 'Offers', 'Coins and a rocket for a small price after a loss.'),
  f('Cube Pop', 'Video Lives', 'ADS', 'Rewarded', 'Watch a video ad to refill one life.'),
  f('Merge Manor', 'Energy Refill', 'Monetization', 'Offers', 'Refill energy for gems when the merge board runs dry.'),
  f('Merge Manor', 'Manor Board', 'Meta', 'Merge Board', 'Merge items on the board to restore the manor.'),
  f(
    'Castle Siege',
    'Builder Starter',
    'Monetization',
    'Starter Pack',
    'A beginner bundle with a second builder and gems.',
  ),
  f('Castle Siege', 'Gold Pass', 'Monetization', 'Season Pass', 'A battle pass with daily challenges and hero skins.'),
  f('Castle Siege', 'War Chest', 'Monetization', 'Loot Boxes', 'Random rewards from chests won in battles.'),
  f('Castle Siege', 'Clan Wars', 'Social Features', 'Guilds', 'Clans fight other clans over two days.'),
  f('Castle Siege', 'Builder Tutorial', 'Tutorial', 'FTUE', 'Place the first buildings with guided steps.'),
  f('Castle Siege', 'Trophy League', 'Social Features', 'Leaderboards', 'Climb leagues by winning attacks.'),
  f('Hero Legends', 'Hero Starter Pack', 'Monetization', 'Starter Pack', 'A first purchase pack with an epic hero.'),
  f(
    'Hero Legends',
    'Hero Summon',
    'Monetization',
    'Loot Boxes',
    'Gacha summons of heroes with pity after ninety pulls.',
  ),
  f('Hero Legends', 'Legend Pass', 'Monetization', 'Season Pass', 'Seasonal pass with premium hero shards.'),
  f('Hero Legends', 'Arena Duels', 'Game Modes', 'PvP', 'Fight other players teams in ranked duels.'),
  f('Dash Runner', 'Runner Starter', 'Monetization', 'Starter Pack', 'Starter pack that removes ads and adds coins.'),
  f('Dash Runner', 'Revive Video', 'ADS', 'Rewarded', 'After a crash, watch an ad to keep running.'),
  f('Dash Runner', 'Dash Pass', 'Monetization', 'Season Pass', 'A season pass of outfits and boards.'),
  f(
    'Lucky Slots',
    'Daily Bonus Wheel',
    'Goals',
    'Streaks',
    'A daily login wheel whose prizes grow with consecutive days.',
  ),
  f('Lucky Slots', 'Coin Store', 'Monetization', 'Currency Packs', 'Coin packages with bonus percentages.'),
];

export function searchFixtureCatalogue(): CatalogueData {
  return {
    games: structuredClone(searchFixtureGames),
    features: structuredClone(searchFixtureFeatures),
    collections: [],
  };
}

export type FixtureDb = { db: Db; games: GameIndex; close(): void };

/** A temp SQLite file with the schema and the fixture catalogue loaded (features_fts filled by its triggers). */
export async function openFixtureDb(data: CatalogueData = searchFixtureCatalogue()): Promise<FixtureDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-search-'));
  const db = openDatabase(path.join(dir, 'search.db'));
  await loadCatalogue(db, planCatalogue(data));
  return {
    db,
    games: await loadGameIndex(db),
    close() {
      db.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
