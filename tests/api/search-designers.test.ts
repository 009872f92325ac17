import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCatalogueDir } from '../../api/catalogue/catalogue-files';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../api/catalogue/load-catalogue';
import { card as cardSchema, type CardReason } from '#shared/schemas/card';
import { processQueryResponse } from '#shared/schemas/search';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { searchRepo } from '../../api/db/repositories/search.repo';

/**
 * Through HTTP on the demo catalogue: the queries designers typed that the engine got wrong (typos,
 * shorthand, genre constraints, questions that should match little), and the reasons stored with each card.
 */
const demoCatalogue = planCatalogue(readCatalogueDir().data);

type BoardCard = { id: number; game: string; title: string; tags: string[]; section: string; reasons: CardReason[] };

describe('search that understands designers', () => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp({ catalogue: 'demo' });
    // A paid plan: the free plan's section lock would hide some of the board from the listing.
    cookie = (await t.signIn(undefined, { monthlyLimit: -1, planId: 3 })).cookie;
  });
  afterEach(() => t.close());

  async function searchBoard(
    query: string,
  ): Promise<{ message: string; notice?: string; cards: BoardCard[]; sections: string[]; boardId: number }> {
    const board = await t.call('POST', '/api/boards', { cookie, json: { title: query.slice(0, 40) } });
    const boardId = ((await board.json()) as { id: number }).id;
    const res = await t.call('POST', '/api/gemini/process', { cookie, json: { query, boardId } });
    expect(res.status).toBe(200);
    const body = processQueryResponse.parse(await res.json());
    const sections = (await t.sql('select id, title from sections where board_id = ? order by id', [boardId])) as {
      id: number;
      title: string;
    }[];
    const titles = new Map(sections.map((s) => [s.id, s.title]));
    const listed = await t.call('GET', `/api/cards?boardId=${boardId}`, { cookie });
    const cards = cardSchema
      .array()
      .parse(await listed.json())
      .sort((a, b) => a.id - b.id)
      .map((c) => ({
        id: c.id,
        game: c.game,
        title: c.title,
        tags: c.tags,
        section: titles.get(c.sectionId!) ?? '',
        reasons: c.reasons,
      }));
    return { message: body.message, notice: body.notice, cards, sections: sections.map((s) => s.title), boardId };
  }

  it('"battel pas in shooters": typos read as battle pass, shooters first, other genres in a section that says so', async () => {
    const { cards, sections } = await searchBoard('battel pas in shooters');
    expect(
      cards
        .slice(0, 3)
        .map((c) => c.game)
        .sort(),
    ).toEqual(['Brawl Stars', 'Call of Duty: Mobile', 'PUBG Mobile']);
    expect(cards.slice(0, 3).every((c) => c.tags[1] === 'Season Pass')).toBe(true);
    const others = cards.slice(3);
    expect(others.length).toBeGreaterThan(0);
    // Other genres' passes, then subscriptions that are neighbours by tag only, each in a section saying so.
    expect(
      others.every((c) => / (in other genres|outside Shooter, Battle Royale, Hero Shooter)$/.test(c.section)),
    ).toBe(true);
    expect(sections.some((s) => /^Season Pass.* in other genres$/.test(s))).toBe(true);
  });

  it('"slots shop offers": the casino games come first, the piggy bank of Zynga Poker among them', async () => {
    const { cards } = await searchBoard('slots shop offers');
    const casino = new Set(['Slotomania', 'Coin Master', 'Monopoly GO!', 'Zynga Poker', 'Bingo Blitz']);
    const firstOther = cards.findIndex((c) => !casino.has(c.game));
    expect(firstOther).toBeGreaterThanOrEqual(3);
    expect(cards.slice(firstOther).every((c) => !casino.has(c.game))).toBe(true);
    expect(cards[0].game).toBe('Slotomania');
    expect(cards.slice(0, firstOther).map((c) => `${c.game} / ${c.title}`)).toContain('Zynga Poker / Piggy Bank');
  });

  it('"merge2 events": the merge games\' events lead, other genres only after them', async () => {
    const { cards } = await searchBoard('merge2 events');
    const merge = new Set(['Merge Mansion', 'Merge Dragons!', 'Travel Town']);
    expect(cards.slice(0, 3).every((c) => merge.has(c.game) && c.tags[0] === 'LiveOps')).toBe(true);
    expect(cards.slice(0, 3).map((c) => c.game)).toEqual(expect.arrayContaining(['Merge Mansion', 'Merge Dragons!']));
    expect(cards.slice(3).every((c) => !merge.has(c.game) && / in other /.test(c.section))).toBe(true);
  });

  it('"Starter Pack in Match-3": the one match-3 starter pack leads, its match-3 neighbours next; other genres\' starter packs only in a section that says so', async () => {
    const { cards, sections } = await searchBoard('Starter Pack in Match-3');
    // One first section of the match-3 games' matches (the starter pack, then the offers their text backs).
    expect(sections[0]).toMatch(/^\d+ Starter Packs matches in Match-3 games$/);
    expect(cards[0]).toMatchObject({ game: 'Homescapes', title: 'Welcome Offer', section: sections[0] });
    const otherStarters = cards.filter((c) => c.tags[1] === 'Starter Pack' && c.game !== 'Homescapes');
    expect(otherStarters.length).toBeGreaterThan(0);
    for (const c of otherStarters) expect(c.section).toMatch(/in other (Puzzle games|genres)$/);
    // Match-3 offers that are starter-pack neighbours by tag only come before the other genres' starter packs: nothing
    // outside the named scope comes before anything inside it.
    const firstStarter = Math.min(...otherStarters.map((c) => cards.indexOf(c)));
    const outOfMoves = cards.findIndex((c) => c.game === 'Royal Match' && c.title === 'Out of Moves');
    expect(outOfMoves).toBeGreaterThan(0);
    expect(outOfMoves).toBeLessThan(firstStarter);
    expect(cards[outOfMoves].section).toBe('More Offers in Match-3 games');
  });

  it('"how do idle games handle offline earnings": a short board and a message naming what matched, not filler', async () => {
    const { cards, message } = await searchBoard('how do idle games handle offline earnings');
    expect(cards[0]).toMatchObject({ game: 'AFK Arena', title: 'AFK Rewards' });
    expect(cards.length).toBeLessThanOrEqual(5);
    expect(cards.map((c) => c.title)).not.toContain('Wordless Onboarding');
    expect(cards.map((c) => c.title)).not.toContain('Adventure Rank');
    expect(message).toMatch(
      new RegExp(`^Added ${cards.length} references? in \\d sections?\\. Matched: .*Idle RPG \\(\\d\\)`),
    );
    expect(message).toContain('“offline”');
  });

  it('"gacha pity": gacha screens first, no bundles as filler, and the message says which cards mention pity', async () => {
    const { cards, message } = await searchBoard('gacha pity');
    const lootBoxes = cards.filter((c) => c.tags[1] === 'Loot Boxes');
    expect(lootBoxes.length).toBeGreaterThanOrEqual(8);
    expect(cards.slice(0, lootBoxes.length).every((c) => c.tags[1] === 'Loot Boxes')).toBe(true);
    expect(cards.some((c) => c.tags[1] === 'Bundles')).toBe(false);
    const pity = cards.filter((c) => c.reasons.some((r) => r.kind === 'word' && r.value === 'pity'));
    expect(pity.map((c) => c.game)).toEqual(expect.arrayContaining(['Genshin Impact', 'Hearthstone']));
    expect(message).toContain(`“pity” (${pity.length})`);
  });

  it('"shooter loadot": a word no feature says is read as the catalogue\'s closest one, and the message says so', async () => {
    const { cards, message, notice } = await searchBoard('shooter loadot');
    expect(cards[0]).toMatchObject({ game: 'Call of Duty: Mobile', title: 'Gunsmith' });
    expect(cards[0].reasons).toContainEqual(expect.objectContaining({ kind: 'word', value: 'loadout' }));
    expect(message).toContain('Read “loadot” as “loadout”.');
    // The panel's notice says it first, then how the named sub-genre was met.
    expect(notice).toMatch(/^Read “loadot” as “loadout”\. \d+ “loadout” match(es)? in Shooter/);
    expect(message).not.toContain('Nothing in the catalogue mentions');
  });

  it('"woodoku scoring": a word the references say is read as itself, not as a slip of a taxonomy word ("sorting")', async () => {
    const { cards, sections } = await searchBoard('woodoku scoring');
    expect(sections[0]).toMatch(/^\d+ “scoring” match(es)? in Woodoku$/);
    expect(cards[0]).toMatchObject({ game: 'Woodoku', title: 'Score & Streak Display' });
    expect(cards.filter((c) => c.section === sections[0]).every((c) => c.game === 'Woodoku')).toBe(true);
    // Read as "sorting", the query named the Sort Puzzle sub-genre and Water Sort Puzzle's screens came first.
    expect(cards.some((c) => c.reasons.some((r) => r.kind === 'genre' && r.label === 'Sort Puzzle'))).toBe(false);
  });

  it('spells against the catalogue as it is now: a word a feature gains is found on the next query', async () => {
    const before = await t.call('POST', '/api/gemini/process', {
      cookie,
      json: { query: 'zephyrfnag', boardId: (await searchBoard('gunsmith')).boardId },
    });
    expect(((await before.json()) as { success: boolean }).success).toBe(false);
    // Loading the same catalogue again (every start does) changes no feature, so the words read stay current.
    const version = await searchRepo.featuresVersion(t.db);
    await loadCatalogue(t.db, demoCatalogue);
    expect(await searchRepo.featuresVersion(t.db)).toBe(version);
    await t.sql(
      "update features set short_description = short_description || ' Unlocks the Zephyrfang.' where feature_screen_name = 'Gunsmith'",
    );
    expect(await searchRepo.featuresVersion(t.db)).toBeGreaterThan(version);
    const { cards, message } = await searchBoard('zephyrfnag');
    expect(cards.map((c) => c.title)).toEqual(['Gunsmith']);
    expect(message).toContain('Read “zephyrfnag” as “zephyrfang”.');
  });

  it('"brawl stars monetization": the named game\'s screens that speak of spending count as its monetization, first', async () => {
    const { cards, sections } = await searchBoard('brawl stars monetization');
    const first = cards.filter((c) => c.section === sections[0]);
    expect(sections[0]).toMatch(/^\d+ Monetization matches in Brawl Stars$/);
    expect(first.every((c) => c.game === 'Brawl Stars')).toBe(true);
    // Skins bought with Gems: tagged Meta, but what a designer asking about Brawl Stars' monetization wants to see.
    expect(first.map((c) => c.title)).toEqual(expect.arrayContaining(['Brawl Pass', 'Starr Drops', 'Brawler Skins']));
  });

  it('"social features in adventure games": the adventure games\' screens that speak of friends and community count, first', async () => {
    const { cards, sections } = await searchBoard('social features in adventure games');
    const first = cards.filter((c) => c.section === sections[0]);
    expect(sections[0]).toMatch(/^\d+ Social Features matches in Adventure games$/);
    expect(first.every((c) => ['Pokémon GO', 'Episode', 'Monument Valley 2'].includes(c.game))).toBe(true);
    expect(first.map((c) => c.title)).toEqual(
      expect.arrayContaining(['Friends & Gifts', 'Raid Battles', 'Community Stories']),
    );
  });

  it('"vip subscriptions": after the subscriptions, a VIP screen of another kind of spending comes before other games\' season passes', async () => {
    const { cards } = await searchBoard('vip subscriptions');
    const firstPass = cards.findIndex((c) => c.tags[1] === 'Season Pass');
    const vipLevels = cards.findIndex((c) => c.game === 'AFK Arena' && c.title === 'VIP Levels');
    expect(cards.slice(0, 5).every((c) => c.tags[1] === 'Subscriptions')).toBe(true);
    expect(vipLevels).toBeGreaterThanOrEqual(5);
    expect(firstPass).toBeGreaterThan(vipLevels);
  });

  it('"lives": a game\'s lives, not its live events: every card says lives or life, and so does its reason', async () => {
    const { cards, sections } = await searchBoard('lives');
    expect(cards.map((c) => `${c.game} / ${c.title}`)).toEqual(
      expect.arrayContaining([
        'Candy Crush Saga / Lives',
        'Toon Blast / Team Lives',
        'Gardenscapes / Lives Full Notification',
      ]),
    );
    const texts = (await t.sql(
      "select g.name game, f.feature_screen_name title, f.short_description || ' ' || f.detailed_description description from features f join games g on g.id = f.game_id",
    )) as { game: string; title: string; description: string }[];
    const textOf = new Map(texts.map((f) => [`${f.game} / ${f.title}`, `${f.title} ${f.description}`]));
    // The full-text index stems "lives" and "live" alike: read as "live", the board held live events and live ops.
    expect(
      cards.filter((c) => !/\b(life|lives)\b/i.test(textOf.get(`${c.game} / ${c.title}`)!)).map((c) => c.title),
    ).toEqual([]);
    expect([...new Set(cards.flatMap((c) => c.reasons.filter((r) => r.kind === 'word').map((r) => r.label)))]).toEqual([
      '“life”',
    ]);
    // The screens named for it lead, in a section of their own (by category, Candy Crush's Lives was in the last),
    // and say they are there for the word, not for a tag nobody asked.
    expect(sections[0]).toBe('Named for “life”');
    expect(
      cards
        .filter((c) => c.section === sections[0])
        .map((c) => `${c.game} / ${c.title}`)
        .sort(),
    ).toEqual(['Candy Crush Saga / Lives', 'Gardenscapes / Lives Full Notification', 'Toon Blast / Team Lives']);
    expect(cards.flatMap((c) => c.reasons.filter((r) => r.kind === 'tag'))).toEqual([]);
    // The screen whose whole name is the word comes first (cards are added in board order).
    expect(`${cards[0].game} / ${cards[0].title}`).toBe('Candy Crush Saga / Lives');
  });

  it('"heroes": read as hero, so a screen that says hero in the singular is on the board and the chip says “hero”', async () => {
    const { cards } = await searchBoard('heroes');
    expect(cards.map((c) => `${c.game} / ${c.title}`)).toContain('Archero / Hero Mode');
    expect([...new Set(cards.flatMap((c) => c.reasons.filter((r) => r.kind === 'word').map((r) => r.label)))]).toEqual([
      '“hero”',
    ]);
  });

  it('shorthand: "bp", "m3 boosters", "ftue", "lto" and "iap" read as the taxonomy', async () => {
    const bp = await searchBoard('bp');
    expect(bp.cards.slice(0, 5).every((c) => c.tags[1] === 'Season Pass')).toBe(true);
    const m3 = await searchBoard('m3 boosters');
    expect(m3.cards[0].reasons.map((r) => r.label)).toEqual(expect.arrayContaining(['Boosters', 'Match-3']));
    const ftue = await searchBoard('ftue');
    expect(ftue.cards.slice(0, 5).every((c) => c.tags[1] === 'FTUE')).toBe(true);
    const lto = await searchBoard('lto');
    expect(lto.cards.slice(0, 5).every((c) => c.tags[1] === 'Offers')).toBe(true);
    const iap = await searchBoard('iap in merge games');
    expect(iap.cards[0].tags[0]).toBe('Monetization');
  });

  it('every card says why it is there, the reason is true of the card, and a share copy keeps it', async () => {
    const { cards, boardId } = await searchBoard('starter packs in match-3');
    for (const c of cards) {
      expect(c.reasons.length).toBeGreaterThan(0);
      for (const r of c.reasons) if (r.kind === 'tag') expect(r.value).toBe(c.tags.join('/'));
    }
    const one = await t.call('GET', `/api/cards/${cards[0].id}`, { cookie });
    expect(cardSchema.parse(await one.json()).reasons).toEqual(cards[0].reasons);

    const shared = await t.call('PATCH', `/api/boards/${boardId}`, { cookie, json: { isShared: 1 } });
    const { shareCode } = (await shared.json()) as { shareCode: string };
    const recipient = await t.signIn('recipient@example.com', { planId: 3 });
    const copy = await t.call('GET', `/api/share/${shareCode}`, { cookie: recipient.cookie });
    const copyId = ((await copy.json()) as { boardId: number }).boardId;
    const copied = cardSchema
      .array()
      .parse(await (await t.call('GET', `/api/cards?boardId=${copyId}`, { cookie: recipient.cookie })).json());
    expect(copied.map((c) => c.reasons).sort()).toEqual(cards.map((c) => c.reasons).sort());
  });
});
