import type { FeatureCategory } from '#shared/taxonomy';

/**
 * The words designers use for the taxonomy, the genres and the tiers, beyond the taxonomy's own names (those are
 * added by vocabulary.ts). One meaning a line, `targets = phrases` (a long line goes on indented): the phrases (any
 * case, singular or plural, hyphens or spaces) separated by commas, and what they mean, joined by ` + `, written as
 *   'Category'             a whole feature category      ('Monetization')
 *   'Category/Sub-tag'     one sub-tag                   ('Monetization/Season Pass')
 *   'genre:Genre'          a genre                       ('genre:Puzzle')
 *   'genre:Genre/Sub'      a sub-genre                   ('genre:Puzzle/Match-3')
 *   'tier:Tier'            a tier                        ('tier:Midcore')
 * The order counts: a phrase's first meaning leads. vocabulary.ts checks every target against shared/taxonomy.ts
 * when it loads, so a typo here fails the tests.
 */
const TABLE = `
Monetization/Starter Pack = starter pack, starter offer, starter bundle, beginner pack, beginner offer,
  beginner bundle, welcome pack, welcome offer, newbie pack, first purchase, first purchase offer, new player offer,
  one time offer
Monetization/Season Pass = battle pass, season pass, seasonal pass, premium pass, event pass, royal pass, gold pass,
  pass, reward track, premium track
Monetization/Loot Boxes = gacha, loot box, lootbox, mystery box, mystery chest, chest, card pack, summon, summoning,
  wish, pull, random reward, egg
Monetization/Shop = shop, store, iap store, in game store, in game shop, item shop, market, storefront
Monetization/Offers = offer, special offer, limited offer, limited time offer, personalized offer, popup offer,
  deal, discount, sale, flash sale, continue offer, out of moves, out of lives, out of energy, extra moves,
  more moves, extra time
Monetization/Bundles = bundle, value pack, mega pack
Monetization/Subscriptions = subscription, sub, vip, membership, premium membership, monthly card, weekly card,
  vip subscription
Monetization/Piggy Bank = piggy bank, piggy, coin bank, gem bank, savings bank
Monetization/Currency Packs = currency pack, coin pack, gem pack, diamond pack, hard currency, premium currency,
  coin store, gem store, gem shop, coin shop
Monetization = monetization, monetisation, iap, in app purchase, purchase, sell, selling, paywall, payment, revenue,
  spend, spender, whale, conversion, arpu, arppu, remove ad, no ad

ADS/Rewarded = rewarded ad, rewarded video, rewarded video ad, reward video, reward ad, rv, watch ad, watch video,
  ad reward, video ad, ad to continue, revive ad, offerwall, offer wall, revive, video, second chance
ADS/Interstitial = interstitial, interstitial ad, full screen ad, fullscreen ad, forced ad
ADS/Banner = banner, banner ad, ad banner
ADS = ad, advert, advertising, advertisement, ad monetization, ad placement, iaa

Tutorial/FTUE + Tutorial = tutorial, onboarding, ftue, first time user experience, first time experience,
  first session, new player experience, nux, new user experience, guided tutorial, how to play, teach, teaching,
  wordless tutorial
Tutorial/Tooltips = tooltip, tip, hand pointer, pointer, coach mark, hint bubble, contextual hint
Tutorial/Feature Unlock + Progression/Unlocks = feature unlock, feature introduction, unlock popup, new feature

Progression/Level Map = level map, saga map, map, world map, progression map, level select, chapter select,
  chapter map, journey map
Progression/Player Level = player level, xp, experience, experience point, level up, account level, player xp
Progression/Unlocks = unlock, content unlock, area unlock
Progression/Star Rewards = star reward, star chest, star, stars chest, progress chest, level chest, milestone chest,
  progress box, level box
Progression = progression, meta progression, progress system

Goals/Daily Quests = daily quest, daily task, daily mission, daily challenge, daily, daily objective, daily goal
Goals/Achievements = achievement, trophy, trophy room, badge collection, milestone
Goals/Missions = mission, quest, task, objective, order, order board, to do list, task list
Goals/Streaks = streak, daily login, login reward, login bonus, daily reward, daily bonus, login calendar, check in,
  consecutive day, win streak, login streak
Goals = goal, retention mechanic, retention loop

LiveOps = liveops, live ops, live op, live event, live service, event
LiveOps/Seasonal Events = seasonal event, holiday event, season event, christmas, halloween, easter, holiday,
  seasonal, season, festival, world tour
LiveOps/Limited Time Events = limited time event, limited event, lte, timed event, time limited event,
  weekend event, event hub, special event
LiveOps/Other + LiveOps = double reward, double xp, double coin, happy hour, boost event, bonus weekend,
  reward boost
LiveOps/Limited Time Events + LiveOps = event track, event reward track, token track, token reward track,
  event token, event currency, event point
LiveOps/Tournaments = tournament, bracket, cup
LiveOps/Competitions = competition, race, race event, competitive event, team race, contest
LiveOps/Event Calendar = event calendar, calendar, event schedule, schedule, today view, daily challenge calendar

Social Features/Friends = friend, friend list, invite, invite friend, facebook connect, referral
Social Features/Guilds + Game Modes/PvP = clan war, guild war, alliance war, club war, team war, clan battle
Social Features/Guilds = guild, clan, team, alliance, club, neighborhood, neighbourhood, co op group, crew, squad,
  clanmate, guildmate, teammate, team member, clan member, alliance member
Social Features/Chat = chat, messaging, team chat, clan chat, guild chat, emote, emoji
Social Features/Leaderboards = leaderboard, ranking, ranked list, league, high score table
Social Features/Gifting = gift, gifting, send life, send lives, ask for lives, life request, lives request,
  help request, send gift, send, sending, trade, trading
Social Features = social, social feature, community, multiplayer, social layer

Game Modes/PvP = pvp, player versus player, player vs player, arena, duel, versus, 1 v 1, head to head,
  ranked match, ranked, attack, raid other player
Game Modes/PvP + Social Features/Leaderboards = season reset, ranked season, ranked tier, rank tier, division,
  matchmaking, mmr, elo, rank up, ranked ladder, ladder
Game Modes/Co-op = coop, co op, cooperative, raid, team up, partner event
Game Modes/Co-op + Core Gameplay/Boss = raid boss, clan boss, guild boss, world boss
Game Modes/Endless Mode = endless, endless mode, endless run, high score mode, classic mode
Game Modes/Challenge Mode = challenge mode, hard mode, challenge, trial, tower, gauntlet
Game Modes/Mini-games = mini game, minigame, side game, bonus game, side mode, mini mode
Game Modes = game mode, mode, alternate mode

Core Gameplay/Basic Mechanics + Core Gameplay = core gameplay, core loop, core mechanic, gameplay, mechanic,
  control, basic mechanic, game loop, playfield
Core Gameplay/Game Levels = level, level design, game level, level goal
Core Gameplay/Bonus Level = bonus level, bonus stage, bonus round, free spin, free spins
Core Gameplay/Hard Level = hard level, super hard level, very hard level, difficulty spike, difficult level, hard
Core Gameplay/Boss = boss, boss fight, boss battle, boss level
Core Gameplay/Boosters = booster, power up, powerup, pre level booster, prelevel booster, in level booster, boost,
  power, spell, hint
Core Gameplay/Enemies = enemy, monster, mob, creep
Core Gameplay/Obstacles = obstacle, blocker, blocking element
Core Gameplay/New Gameplay Elements = new gameplay element, new mechanic, new element, gameplay twist,
  special piece, special element

Meta = meta, meta game, metagame, meta layer, meta loop
Meta/Decoration = decoration, home decoration, home decor, decorate, renovation, renovate, home design, interior,
  makeover, restore, restoration, decor
Meta/Building = building, build, base building, city building, construction, village building, upgrade building
Meta/Avatars & Customization = avatar, customization, customisation, customize, skin, cosmetic, outfit,
  character creator, create a character, dress up, profile
Meta/Collections = collection, album, sticker, sticker album, card collection, collectible, card album,
  set collection, collection book
Meta/Merge Board = merge board, merge grid, merge area

HUD = hud, ui, interface, user interface, ux, ui ux
HUD/Main Screen = main screen, home screen, lobby, main menu, home, hub, landing screen, start screen
HUD/Level HUD = level hud, in game hud, ingame hud, in level ui, move counter, goal bar, score bar, top hud
HUD/Currency Bar = currency bar, top bar, resource bar, wallet
HUD/Notifications = notification, badge, red dot, alert, in game notification

Narrative = narrative, story, storytelling, plot, lore
Narrative/Dialogs = dialog, dialogue, conversation, character dialog, speech bubble
Narrative/Choices = choice, branching, decision, branching story, player choice
Narrative/Cutscene = cutscene, cut scene, cinematic, comic, intro video, story scene

Other/Settings = setting, option, preference, settings menu
Other/Rating Prompt = rating prompt, rate us, rate popup, review prompt, app rating, rate the app, store rating,
  rate app, review request
Other/Push Notifications = push notification, push, push message, reengagement notification
Other/Loading Screen = loading screen, loading, splash screen, splash, load screen

genre:Puzzle/Match-3 = match 3, match three, m 3, match 3 game, swap puzzle, saga game
genre:Puzzle/Match-2 = match 2, match two, blast, tap blast, collapse, tap to blast
genre:Puzzle/Match-3D = match 3 d, match 3d, triple match, 3 d match, match 3 d game, triple tile, tile match,
  tile matching
genre:Puzzle/Merge = merge, merge game, merge 2, merge puzzle, merge 3
genre:Puzzle/Block Puzzle = block puzzle, block game, tetris like
genre:Puzzle/Screw Puzzle = screw puzzle, screw, nut and bolt, pin puzzle
genre:Puzzle/Sort Puzzle = sort puzzle, sorting, sort game, color sort, ball sort, water sort
genre:Puzzle/Coloring = coloring, colouring, color by number, colour by number, paint by number
genre:Puzzle/Solitaire = solitaire, card solitaire, klondike, tripeaks
genre:Puzzle/Word = word, word game, word puzzle, crossword, word search
genre:Puzzle/Hidden Object = hidden object, hog, seek and find, spot the difference, find the difference
genre:Puzzle = puzzle, puzzler, puzzle game
genre:Arcade/Runner = runner, endless runner, running game
genre:Arcade/Hyper-casual + tier:Hybrid-Casual = hypercasual, hyper casual, hyper
genre:Arcade/Physics = physics, physics puzzle, slingshot
genre:Arcade/Bubble Shooter = bubble shooter, bubble pop, bubble
genre:Arcade = arcade
genre:Casino/Slots = slot, slot machine, slots game, vegas slot
genre:Casino/Social Casino = social casino, coin looter, casual casino
genre:Casino/Bingo = bingo
genre:Casino/Poker = poker, texas holdem, holdem
genre:Casino = casino, gambling, casino game
genre:Simulation/Farming = farming, farm, farm game, farming sim
genre:Simulation/City Builder = city builder, city building game, city sim, tycoon
genre:Simulation/Cooking = cooking, cooking game, restaurant, time management
genre:Simulation/Life Sim = life sim, life simulation, sims like
genre:Simulation = simulation, sim, simulator, sim game
genre:Action/Shooter = shooter, fps, first person shooter, gun game
genre:Action/Battle Royale = battle royale, br, battle royal
genre:Action/Hero Shooter = hero shooter, brawler
genre:Action/Roguelite = roguelite, roguelike, rogue lite, rogue like
genre:Action = action, action game
genre:RPG/Action RPG = action rpg, arpg, open world rpg, open world
genre:RPG/Squad RPG = squad rpg, hero collector, collection rpg, team rpg, turn based rpg
genre:RPG/Idle RPG = idle rpg, idle, afk, idle game, clicker, idle clicker, incremental, incremental game
genre:RPG = rpg, role playing, role playing game, jrpg, mmo, mmorpg
genre:Strategy/Base Builder = base builder, base building game, base defense
genre:Strategy/4X = 4 x, 4 x strategy, grand strategy, empire building
genre:Strategy/Tower Defense = tower defense, tower defence, td
genre:Strategy/Card Battler = card battler, ccg, tcg, card game, collectible card game, deckbuilder, deck builder
genre:Strategy/MOBA = moba, lane battle
genre:Strategy = strategy, strategy game, rts
genre:Adventure/Interactive Story = interactive story, story game, visual novel, choose your story
genre:Adventure/Puzzle Adventure = puzzle adventure
genre:Adventure/AR Adventure = ar adventure, ar, augmented reality, location based, location based game
genre:Adventure = adventure, adventure game
genre:Other/Sports = sport, sports game, football, soccer, basketball
genre:Other/Racing = racing, racer, racing game, car, driving
genre:Other/Trivia = trivia, quiz, trivia game
genre:Other/Music = music, rhythm, music game, rhythm game

tier:Midcore = midcore, mid core, core game, hardcore
tier:Hybrid-Casual = hybrid casual, hybridcasual, hybrid, hybrid casual game
tier:Casual = casual, casual game
`;

export const SYNONYMS: [phrases: string[], targets: string[]][] = TABLE.trim()
  .replace(/\n {2}/g, ' ')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [targets, phrases] = line.split(' = ');
    return [phrases.split(', '), targets.split(' + ')];
  });

/**
 * Words that descriptions of a sub-tag's features tend to use, added to the full-text search whenever a plan asks
 * for that sub-tag (by either planner), so that among equally tagged features the ones whose text is most about the
 * thing rank first: a starter pack "for new players", a pass with "free and premium" rows.
 */
export const TAG_TEXT_HINTS: Record<string, string[]> = {
  'Monetization/Starter Pack': [
    'one time',
    'new players',
    'first purchase',
    'beginner',
    'welcome',
    'starter',
    'bundle',
    'pack',
  ],
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
