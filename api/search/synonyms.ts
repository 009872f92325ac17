import type { FeatureCategory } from '#shared/taxonomy';

/**
 * The words designers use for the taxonomy, the genres and the tiers, beyond the taxonomy's own names (those are
 * added by vocabulary.ts). Each entry: the phrases (any case, singular or plural, hyphens or spaces) and what they
 * mean, written as
 *   'Category'             a whole feature category      ('Monetization')
 *   'Category/Sub-tag'     one sub-tag                   ('Monetization/Season Pass')
 *   'genre:Genre'          a genre                       ('genre:Puzzle')
 *   'genre:Genre/Sub'      a sub-genre                   ('genre:Puzzle/Match-3')
 *   'tier:Tier'            a tier                        ('tier:Midcore')
 * vocabulary.ts checks every target against shared/taxonomy.ts when it loads, so a typo here fails the tests.
 */
export const SYNONYMS: [phrases: string[], targets: string[]][] = [
  // Monetization
  [['starter pack', 'starter offer', 'starter bundle', 'beginner pack', 'beginner offer', 'beginner bundle', 'welcome pack', 'welcome offer', 'newbie pack', 'first purchase', 'first purchase offer', 'new player offer', 'one time offer'], ['Monetization/Starter Pack']],
  [['battle pass', 'season pass', 'seasonal pass', 'premium pass', 'event pass', 'royal pass', 'gold pass', 'pass', 'reward track', 'premium track'], ['Monetization/Season Pass']],
  [['gacha', 'loot box', 'lootbox', 'mystery box', 'mystery chest', 'chest', 'card pack', 'summon', 'summoning', 'wish', 'pull', 'random reward', 'egg'], ['Monetization/Loot Boxes']],
  [['shop', 'store', 'iap store', 'in game store', 'in game shop', 'item shop', 'market', 'storefront'], ['Monetization/Shop']],
  [['offer', 'special offer', 'limited offer', 'limited time offer', 'personalized offer', 'popup offer', 'deal', 'discount', 'sale', 'flash sale', 'continue offer', 'out of moves', 'out of lives', 'out of energy', 'extra moves', 'more moves', 'extra time'], ['Monetization/Offers']],
  [['bundle', 'value pack', 'mega pack'], ['Monetization/Bundles']],
  [['subscription', 'sub', 'vip', 'membership', 'premium membership', 'monthly card', 'weekly card', 'vip subscription'], ['Monetization/Subscriptions']],
  [['piggy bank', 'piggy', 'coin bank', 'gem bank', 'savings bank'], ['Monetization/Piggy Bank']],
  [['currency pack', 'coin pack', 'gem pack', 'diamond pack', 'hard currency', 'premium currency', 'coin store', 'gem store', 'gem shop', 'coin shop'], ['Monetization/Currency Packs']],
  [['monetization', 'monetisation', 'iap', 'in app purchase', 'purchase', 'sell', 'selling', 'paywall', 'payment', 'revenue', 'spend', 'spender', 'whale', 'conversion', 'arpu', 'arppu', 'remove ad', 'no ad'], ['Monetization']],
  // Ads
  [['rewarded ad', 'rewarded video', 'rewarded video ad', 'reward video', 'reward ad', 'rv', 'watch ad', 'watch video', 'ad reward', 'video ad', 'ad to continue', 'revive ad', 'offerwall', 'offer wall', 'revive', 'video', 'second chance'], ['ADS/Rewarded']],
  [['interstitial', 'interstitial ad', 'full screen ad', 'fullscreen ad', 'forced ad'], ['ADS/Interstitial']],
  [['banner', 'banner ad', 'ad banner'], ['ADS/Banner']],
  [['ad', 'advert', 'advertising', 'advertisement', 'ad monetization', 'ad placement', 'iaa'], ['ADS']],
  // Tutorial
  [['tutorial', 'onboarding', 'ftue', 'first time user experience', 'first time experience', 'first session', 'new player experience', 'nux', 'new user experience', 'guided tutorial', 'how to play', 'teach', 'teaching', 'wordless tutorial'], ['Tutorial/FTUE', 'Tutorial']],
  [['tooltip', 'tip', 'hand pointer', 'pointer', 'coach mark', 'hint bubble', 'contextual hint'], ['Tutorial/Tooltips']],
  [['feature unlock', 'feature introduction', 'unlock popup', 'new feature'], ['Tutorial/Feature Unlock', 'Progression/Unlocks']],
  // Progression
  [['level map', 'saga map', 'map', 'world map', 'progression map', 'level select', 'chapter select', 'chapter map', 'journey map'], ['Progression/Level Map']],
  [['player level', 'xp', 'experience', 'experience point', 'level up', 'account level', 'player xp'], ['Progression/Player Level']],
  [['unlock', 'content unlock', 'area unlock'], ['Progression/Unlocks']],
  [['star reward', 'star chest', 'star', 'stars chest', 'progress chest', 'level chest', 'milestone chest', 'progress box', 'level box'], ['Progression/Star Rewards']],
  [['progression', 'meta progression', 'progress system'], ['Progression']],
  // Goals
  [['daily quest', 'daily task', 'daily mission', 'daily challenge', 'daily', 'daily objective', 'daily goal'], ['Goals/Daily Quests']],
  [['achievement', 'trophy', 'trophy room', 'badge collection', 'milestone'], ['Goals/Achievements']],
  [['mission', 'quest', 'task', 'objective', 'order', 'order board', 'to do list', 'task list'], ['Goals/Missions']],
  [['streak', 'daily login', 'login reward', 'login bonus', 'daily reward', 'daily bonus', 'login calendar', 'check in', 'consecutive day', 'win streak', 'login streak'], ['Goals/Streaks']],
  [['goal', 'retention mechanic', 'retention loop'], ['Goals']],
  // LiveOps
  [['liveops', 'live ops', 'live op', 'live event', 'live service', 'event'], ['LiveOps']],
  [['seasonal event', 'holiday event', 'season event', 'christmas', 'halloween', 'easter', 'holiday', 'seasonal', 'season', 'festival', 'world tour'], ['LiveOps/Seasonal Events']],
  [['limited time event', 'limited event', 'lte', 'timed event', 'time limited event', 'weekend event', 'event hub', 'special event'], ['LiveOps/Limited Time Events']],
  [['double reward', 'double xp', 'double coin', 'happy hour', 'boost event', 'bonus weekend', 'reward boost'], ['LiveOps/Other', 'LiveOps']],
  [['event track', 'event reward track', 'token track', 'token reward track', 'event token', 'event currency', 'event point'], ['LiveOps/Limited Time Events', 'LiveOps']],
  [['tournament', 'bracket', 'cup'], ['LiveOps/Tournaments']],
  [['competition', 'race', 'race event', 'competitive event', 'team race', 'contest'], ['LiveOps/Competitions']],
  [['event calendar', 'calendar', 'event schedule', 'schedule', 'today view', 'daily challenge calendar'], ['LiveOps/Event Calendar']],
  // Social
  [['friend', 'friend list', 'invite', 'invite friend', 'facebook connect', 'referral'], ['Social Features/Friends']],
  [['clan war', 'guild war', 'alliance war', 'club war', 'team war', 'clan battle'], ['Social Features/Guilds', 'Game Modes/PvP']],
  [['guild', 'clan', 'team', 'alliance', 'club', 'neighborhood', 'neighbourhood', 'co op group', 'crew', 'squad', 'clanmate', 'guildmate', 'teammate', 'team member', 'clan member', 'alliance member'], ['Social Features/Guilds']],
  [['chat', 'messaging', 'team chat', 'clan chat', 'guild chat', 'emote', 'emoji'], ['Social Features/Chat']],
  [['leaderboard', 'ranking', 'ranked list', 'league', 'high score table'], ['Social Features/Leaderboards']],
  [['gift', 'gifting', 'send life', 'send lives', 'ask for lives', 'life request', 'lives request', 'help request', 'send gift', 'send', 'sending', 'trade', 'trading'], ['Social Features/Gifting']],
  [['social', 'social feature', 'community', 'multiplayer', 'social layer'], ['Social Features']],
  // Game modes
  [['pvp', 'player versus player', 'player vs player', 'arena', 'duel', 'versus', '1 v 1', 'head to head', 'ranked match', 'ranked', 'attack', 'raid other player'], ['Game Modes/PvP']],
  [['season reset', 'ranked season', 'ranked tier', 'rank tier', 'division', 'matchmaking', 'mmr', 'elo', 'rank up', 'ranked ladder', 'ladder'], ['Game Modes/PvP', 'Social Features/Leaderboards']],
  [['coop', 'co op', 'cooperative', 'raid', 'team up', 'partner event'], ['Game Modes/Co-op']],
  [['raid boss', 'clan boss', 'guild boss', 'world boss'], ['Game Modes/Co-op', 'Core Gameplay/Boss']],
  [['endless', 'endless mode', 'endless run', 'high score mode', 'classic mode'], ['Game Modes/Endless Mode']],
  [['challenge mode', 'hard mode', 'challenge', 'trial', 'tower', 'gauntlet'], ['Game Modes/Challenge Mode']],
  [['mini game', 'minigame', 'side game', 'bonus game', 'side mode', 'mini mode'], ['Game Modes/Mini-games']],
  [['game mode', 'mode', 'alternate mode'], ['Game Modes']],
  // Core gameplay
  [['core gameplay', 'core loop', 'core mechanic', 'gameplay', 'mechanic', 'control', 'basic mechanic', 'game loop', 'playfield'], ['Core Gameplay/Basic Mechanics', 'Core Gameplay']],
  [['level', 'level design', 'game level', 'level goal'], ['Core Gameplay/Game Levels']],
  [['bonus level', 'bonus stage', 'bonus round', 'free spin', 'free spins'], ['Core Gameplay/Bonus Level']],
  [['hard level', 'super hard level', 'very hard level', 'difficulty spike', 'difficult level', 'hard'], ['Core Gameplay/Hard Level']],
  [['boss', 'boss fight', 'boss battle', 'boss level'], ['Core Gameplay/Boss']],
  [['booster', 'power up', 'powerup', 'pre level booster', 'prelevel booster', 'in level booster', 'boost', 'power', 'spell', 'hint'], ['Core Gameplay/Boosters']],
  [['enemy', 'monster', 'mob', 'creep'], ['Core Gameplay/Enemies']],
  [['obstacle', 'blocker', 'blocking element'], ['Core Gameplay/Obstacles']],
  [['new gameplay element', 'new mechanic', 'new element', 'gameplay twist', 'special piece', 'special element'], ['Core Gameplay/New Gameplay Elements']],
  // Meta
  [['meta', 'meta game', 'metagame', 'meta layer', 'meta loop'], ['Meta']],
  [['decoration', 'home decoration', 'home decor', 'decorate', 'renovation', 'renovate', 'home design', 'interior', 'makeover', 'restore', 'restoration', 'decor'], ['Meta/Decoration']],
  [['building', 'build', 'base building', 'city building', 'construction', 'village building', 'upgrade building'], ['Meta/Building']],
  [['avatar', 'customization', 'customisation', 'customize', 'skin', 'cosmetic', 'outfit', 'character creator', 'create a character', 'dress up', 'profile'], ['Meta/Avatars & Customization']],
  [['collection', 'album', 'sticker', 'sticker album', 'card collection', 'collectible', 'card album', 'set collection', 'collection book'], ['Meta/Collections']],
  [['merge board', 'merge grid', 'merge area'], ['Meta/Merge Board']],
  // HUD
  [['hud', 'ui', 'interface', 'user interface', 'ux', 'ui ux'], ['HUD']],
  [['main screen', 'home screen', 'lobby', 'main menu', 'home', 'hub', 'landing screen', 'start screen'], ['HUD/Main Screen']],
  [['level hud', 'in game hud', 'ingame hud', 'in level ui', 'move counter', 'goal bar', 'score bar', 'top hud'], ['HUD/Level HUD']],
  [['currency bar', 'top bar', 'resource bar', 'wallet'], ['HUD/Currency Bar']],
  [['notification', 'badge', 'red dot', 'alert', 'in game notification'], ['HUD/Notifications']],
  // Narrative
  [['narrative', 'story', 'storytelling', 'plot', 'lore'], ['Narrative']],
  [['dialog', 'dialogue', 'conversation', 'character dialog', 'speech bubble'], ['Narrative/Dialogs']],
  [['choice', 'branching', 'decision', 'branching story', 'player choice'], ['Narrative/Choices']],
  [['cutscene', 'cut scene', 'cinematic', 'comic', 'intro video', 'story scene'], ['Narrative/Cutscene']],
  // Other
  [['setting', 'option', 'preference', 'settings menu'], ['Other/Settings']],
  [['rating prompt', 'rate us', 'rate popup', 'review prompt', 'app rating', 'rate the app', 'store rating', 'rate app', 'review request'], ['Other/Rating Prompt']],
  [['push notification', 'push', 'push message', 'reengagement notification'], ['Other/Push Notifications']],
  [['loading screen', 'loading', 'splash screen', 'splash', 'load screen'], ['Other/Loading Screen']],

  // Genres and sub-genres
  [['match 3', 'match three', 'm 3', 'match 3 game', 'swap puzzle', 'saga game'], ['genre:Puzzle/Match-3']],
  [['match 2', 'match two', 'blast', 'tap blast', 'collapse', 'tap to blast'], ['genre:Puzzle/Match-2']],
  [['match 3 d', 'match 3d', 'triple match', '3 d match', 'match 3 d game', 'triple tile', 'tile match', 'tile matching'], ['genre:Puzzle/Match-3D']],
  [['merge', 'merge game', 'merge 2', 'merge puzzle', 'merge 3'], ['genre:Puzzle/Merge']],
  [['block puzzle', 'block game', 'tetris like'], ['genre:Puzzle/Block Puzzle']],
  [['screw puzzle', 'screw', 'nut and bolt', 'pin puzzle'], ['genre:Puzzle/Screw Puzzle']],
  [['sort puzzle', 'sorting', 'sort game', 'color sort', 'ball sort', 'water sort'], ['genre:Puzzle/Sort Puzzle']],
  [['coloring', 'colouring', 'color by number', 'colour by number', 'paint by number'], ['genre:Puzzle/Coloring']],
  [['solitaire', 'card solitaire', 'klondike', 'tripeaks'], ['genre:Puzzle/Solitaire']],
  [['word', 'word game', 'word puzzle', 'crossword', 'word search'], ['genre:Puzzle/Word']],
  [['hidden object', 'hog', 'seek and find', 'spot the difference', 'find the difference'], ['genre:Puzzle/Hidden Object']],
  [['puzzle', 'puzzler', 'puzzle game'], ['genre:Puzzle']],
  [['runner', 'endless runner', 'running game'], ['genre:Arcade/Runner']],
  [['hypercasual', 'hyper casual', 'hyper'], ['genre:Arcade/Hyper-casual', 'tier:Hybrid-Casual']],
  [['physics', 'physics puzzle', 'slingshot'], ['genre:Arcade/Physics']],
  [['bubble shooter', 'bubble pop', 'bubble'], ['genre:Arcade/Bubble Shooter']],
  [['arcade'], ['genre:Arcade']],
  [['slot', 'slot machine', 'slots game', 'vegas slot'], ['genre:Casino/Slots']],
  [['social casino', 'coin looter', 'casual casino'], ['genre:Casino/Social Casino']],
  [['bingo'], ['genre:Casino/Bingo']],
  [['poker', 'texas holdem', 'holdem'], ['genre:Casino/Poker']],
  [['casino', 'gambling', 'casino game'], ['genre:Casino']],
  [['farming', 'farm', 'farm game', 'farming sim'], ['genre:Simulation/Farming']],
  [['city builder', 'city building game', 'city sim', 'tycoon'], ['genre:Simulation/City Builder']],
  [['cooking', 'cooking game', 'restaurant', 'time management'], ['genre:Simulation/Cooking']],
  [['life sim', 'life simulation', 'sims like'], ['genre:Simulation/Life Sim']],
  [['simulation', 'sim', 'simulator', 'sim game'], ['genre:Simulation']],
  [['shooter', 'fps', 'first person shooter', 'gun game'], ['genre:Action/Shooter']],
  [['battle royale', 'br', 'battle royal'], ['genre:Action/Battle Royale']],
  [['hero shooter', 'brawler'], ['genre:Action/Hero Shooter']],
  [['roguelite', 'roguelike', 'rogue lite', 'rogue like'], ['genre:Action/Roguelite']],
  [['action', 'action game'], ['genre:Action']],
  [['action rpg', 'arpg', 'open world rpg', 'open world'], ['genre:RPG/Action RPG']],
  [['squad rpg', 'hero collector', 'collection rpg', 'team rpg', 'turn based rpg'], ['genre:RPG/Squad RPG']],
  [['idle rpg', 'idle', 'afk', 'idle game', 'clicker', 'idle clicker', 'incremental', 'incremental game'], ['genre:RPG/Idle RPG']],
  [['rpg', 'role playing', 'role playing game', 'jrpg', 'mmo', 'mmorpg'], ['genre:RPG']],
  [['base builder', 'base building game', 'base defense'], ['genre:Strategy/Base Builder']],
  [['4 x', '4 x strategy', 'grand strategy', 'empire building'], ['genre:Strategy/4X']],
  [['tower defense', 'tower defence', 'td'], ['genre:Strategy/Tower Defense']],
  [['card battler', 'ccg', 'tcg', 'card game', 'collectible card game', 'deckbuilder', 'deck builder'], ['genre:Strategy/Card Battler']],
  [['moba', 'lane battle'], ['genre:Strategy/MOBA']],
  [['strategy', 'strategy game', 'rts'], ['genre:Strategy']],
  [['interactive story', 'story game', 'visual novel', 'choose your story'], ['genre:Adventure/Interactive Story']],
  [['puzzle adventure'], ['genre:Adventure/Puzzle Adventure']],
  [['ar adventure', 'ar', 'augmented reality', 'location based', 'location based game'], ['genre:Adventure/AR Adventure']],
  [['adventure', 'adventure game'], ['genre:Adventure']],
  [['sport', 'sports game', 'football', 'soccer', 'basketball'], ['genre:Other/Sports']],
  [['racing', 'racer', 'racing game', 'car', 'driving'], ['genre:Other/Racing']],
  [['trivia', 'quiz', 'trivia game'], ['genre:Other/Trivia']],
  [['music', 'rhythm', 'music game', 'rhythm game'], ['genre:Other/Music']],

  // Tiers
  [['midcore', 'mid core', 'core game', 'hardcore'], ['tier:Midcore']],
  [['hybrid casual', 'hybridcasual', 'hybrid', 'hybrid casual game'], ['tier:Hybrid-Casual']],
  [['casual', 'casual game'], ['tier:Casual']],
];

/**
 * Words that descriptions of a sub-tag's features tend to use, added to the full-text search whenever a plan asks
 * for that sub-tag (by either planner), so that among equally tagged features the ones whose text is most about the
 * thing rank first: a starter pack "for new players", a pass with "free and premium" rows.
 */
export const TAG_TEXT_HINTS: Record<string, string[]> = {
  'Monetization/Starter Pack': ['one time', 'new players', 'first purchase', 'beginner', 'welcome', 'starter', 'bundle', 'pack'],
  'Monetization/Season Pass': ['premium track', 'free track', 'reward track', 'pass'],
  'Monetization/Loot Boxes': ['random', 'pity', 'summon', 'chest', 'pulls'],
  'Monetization/Subscriptions': ['subscription', 'vip', 'weekly', 'monthly', 'removes ads'],
  'Monetization/Piggy Bank': ['piggy', 'bank'],
  'Monetization/Offers': ['offer', 'popup'],
  'Monetization/Bundles': ['bundle'],
  'Monetization/Shop': ['shop', 'store'],
  'ADS/Rewarded': ['watch', 'video', 'rewarded'],
  'ADS/Interstitial': ['full screen ad', 'interstitial'],
  'ADS/Banner': ['banner'],
  'Goals/Streaks': ['consecutive', 'login', 'daily', 'every day'],
  'Goals/Daily Quests': ['daily', 'each day', 'every day'],
  'Tutorial/FTUE': ['first session', 'tutorial', 'guided', 'teaches', 'new players'],
  'Social Features/Guilds': ['clan', 'team', 'guild', 'alliance', 'members'],
  'Social Features/Chat': ['chat'],
  'Social Features/Leaderboards': ['leaderboard', 'ranked', 'ranking'],
  'Game Modes/Co-op': ['raid', 'together', 'cooperative', 'shared'],
  'Core Gameplay/Boss': ['boss'],
  'Core Gameplay/Hard Level': ['hard', 'difficulty'],
  'Core Gameplay/Boosters': ['booster'],
  'LiveOps/Seasonal Events': ['halloween', 'christmas', 'holiday', 'seasonal'],
  'LiveOps/Limited Time Events': ['limited time', 'timed event'],
  'Meta/Decoration': ['decorate', 'restore', 'furnish', 'renovation'],
  'Meta/Collections': ['album', 'collection', 'sets'],
};

/**
 * What a screen says when it is about a whole category whatever its own tag, for the categories whose mechanics
 * live in other screens too (money spent on energy and storage; progress made in idle rewards and towers; friends
 * and community in raids and community-written stories). Searched only for a plan that asks for whole categories in
 * a genre, game or tier: a constraint-meeting screen that says them is on topic (rank.ts speaksOfCategory).
 */
export const CATEGORY_TEXT_HINTS: Partial<Record<FeatureCategory, string[]>> = {
  Monetization: ['purchase', 'pay', 'buy', 'spend', 'price'],
  Progression: ['progress', 'unlock', 'level up', 'upgrade'],
  'Social Features': ['friend', 'community', 'co-op', 'guild', 'clan'],
};
