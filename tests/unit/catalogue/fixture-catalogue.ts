import type { CatalogueData, CatalogueFeature, CatalogueGame } from '../../../api/catalogue/catalogue-files';

/**
 * A small catalogue for API and unit tests (never the demo catalogue): three games in different genres and
 * orientations, features across several categories, one free and one pro collection.
 */
export const fixtureGames: CatalogueGame[] = [
  {
    name: 'Gem Quest',
    genre: 'Puzzle',
    subgenre: 'Match-3',
    tier: 'Casual',
    superGenre: 'Casual',
    orientation: 'vertical',
    storeUrl: 'https://play.google.com/store/apps/details?id=test.gemquest',
    isTop: true,
    isNew: false,
    palette: ['#1E4FB8', '#F2B705', '#E63946'],
  },
  {
    name: 'Castle Clash Test',
    genre: 'Strategy',
    subgenre: 'Base Builder',
    tier: 'Midcore',
    superGenre: 'Midcore',
    orientation: 'horizontal',
    storeUrl: 'https://play.google.com/store/apps/details?id=test.castle',
    isTop: false,
    isNew: true,
    palette: ['#3BA55C', '#8B5A2B', '#F2C14E'],
  },
  {
    name: 'Runner Rush',
    genre: 'Arcade',
    subgenre: 'Runner',
    tier: 'Hybrid-Casual',
    superGenre: 'Hyper & Hybridcasual',
    orientation: 'vertical',
    storeUrl: 'https://play.google.com/store/apps/details?id=test.runner',
    isTop: false,
    isNew: false,
    palette: ['#F08A24', '#2D7DD2', '#FFF3C4'],
  },
];

const feature = (
  game: string,
  name: string,
  primary: string,
  secondary: string,
  screens: CatalogueFeature['screens'],
): CatalogueFeature => ({
  game,
  feature_screen_name: name,
  primary_tag: primary,
  secondary_tag: secondary,
  short_description: `${name} in ${game}.`,
  detailed_description: `**${name}**: what the player sees, how it works and why it helps retention.`,
  screens,
});

export const fixtureFeatures: CatalogueFeature[] = [
  feature('Gem Quest', 'Starter Pack', 'Monetization', 'Starter Pack', [
    {
      template: 'offer',
      title: 'Starter Pack',
      items: ['5000 Coins', '3 Rockets'],
      price: '$1.99',
      oldPrice: '$9.99',
      timer: '23h',
      badge: '-80%',
    },
    { template: 'shop', title: 'Shop', items: ['Handful — $1.99', 'Chest — $9.99'] },
  ]),
  feature('Gem Quest', 'Level Map', 'Progression', 'Level Map', [
    { template: 'level-map', title: 'Area 3', items: ['Chest'], progress: 0.4 },
  ]),
  feature('Gem Quest', 'Daily Tasks', 'Goals', 'Daily Quests', [
    { template: 'quests', title: 'Daily Tasks', items: ['Win 3 levels — 1/3'] },
  ]),
  feature('Gem Quest', 'Team Chat', 'Social Features', 'Chat', [
    { template: 'chat', title: 'Team', items: ['Ann: hi', 'You: hello'] },
  ]),
  feature('Castle Clash Test', 'Season Pass', 'Monetization', 'Season Pass', [
    { template: 'pass', title: 'Gold Pass', items: ['Gems', 'Hero Skin'], price: '$4.99', progress: 0.3 },
    { template: 'reward', title: 'Tier Reward', items: ['500 Gems'] },
    { template: 'popup', title: 'Pass Ending', subtitle: 'Two days left.', buttons: ['Open'] },
  ]),
  feature('Castle Clash Test', 'Clan War', 'Social Features', 'Guilds', [
    { template: 'leaderboard', title: 'Clan War', items: ['1 Red — 30', '2 You — 28'] },
  ]),
  feature('Castle Clash Test', 'Builder Tutorial', 'Tutorial', 'FTUE', [
    { template: 'tutorial', title: 'Tutorial', subtitle: 'Tap the builder hut.' },
  ]),
  feature('Castle Clash Test', 'Settings', 'Other', 'Settings', [
    { template: 'menu', title: 'Settings', items: ['Sound: On'] },
  ]),
  feature('Runner Rush', 'Run Gameplay', 'Core Gameplay', 'Basic Mechanics', [
    { template: 'gameplay', title: 'Run', items: ['Score 1 200', 'Coins 40'] },
  ]),
  feature('Runner Rush', 'Revive Offer', 'ADS', 'Rewarded', [
    { template: 'popup', title: 'Revive?', subtitle: 'Watch an ad to continue.', buttons: ['Watch', 'No thanks'] },
  ]),
  feature('Runner Rush', 'Weekend Event', 'LiveOps', 'Limited Time Events', [
    { template: 'event', title: 'Weekend Dash', timer: '2d', items: ['Run 5 km — Chest'], progress: 0.2 },
  ]),
  feature('Runner Rush', 'Story Intro', 'Narrative', 'Dialogs', [
    { template: 'dialog', title: 'Intro', subtitle: 'Jake', items: ['Run!'], buttons: ['Go'] },
  ]),
];

export function fixtureCatalogue(): CatalogueData {
  return {
    games: structuredClone(fixtureGames),
    features: structuredClone(fixtureFeatures),
    collections: [
      {
        slug: 'starter-offers',
        name: 'Starter Offers',
        category: 'monetization',
        description: 'First purchases.',
        type: 'free',
        new: 1,
        sections: [
          {
            title: 'Offers',
            features: [
              { game: 'Gem Quest', feature_screen_name: 'Starter Pack' },
              { game: 'Castle Clash Test', feature_screen_name: 'Season Pass' },
            ],
          },
          { title: 'Ads', features: [{ game: 'Runner Rush', feature_screen_name: 'Revive Offer' }] },
        ],
      },
      {
        slug: 'social-pro',
        name: 'Social Systems',
        category: 'social',
        description: 'Chat and clans.',
        type: 'pro',
        new: 0,
        sections: [
          {
            title: 'Together',
            features: [
              { game: 'Gem Quest', feature_screen_name: 'Team Chat' },
              { game: 'Castle Clash Test', feature_screen_name: 'Clan War' },
            ],
          },
        ],
      },
    ],
  };
}
