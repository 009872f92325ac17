import { SECTION_TITLE_MAX } from '#shared/constants';
import type { SearchPlan } from './plan';
import { MIN_TEXT_SCORE, RELEVANCE_FLOOR, TAG_FIT, type ScoredFeature } from './score';
import { genreFit, ownTag, tagKey } from './relations';
import { tokens } from './text';
import { tagLabel } from './vocabulary';

/**
 * Picking the board's cards from the ranking, and grouping them into titled sections.
 *
 * Picking ("about 20–30", "no more than a few cards from one game unless the query names it"): the
 * features scoring at least a quarter of the best, at least 20 and at most 30 of them, with at most 3 per game
 * unless the query names the game. Games of a sub-genre the query names share the board evenly instead (one
 * tower-defense game may fill it), and the cap is raised one step at a time only when the catalogue has too few
 * games on the topic to reach 20.
 *
 * Grouping: 3–6 sections. A query about tags groups by the tag each card fits (the asked-for sub-tag first, then
 * its neighbours: "Starter Packs", "Offers", "Bundles"); a query about games, genres or words groups by category.
 * Too few groups → the largest is split by genre, then by game; too many → the tail is merged into one "More …"
 * section. Titles say what the query asked for when a whole section shares it ("Season Pass in Match-3").
 */
export const RESULT_LIMITS = { min: 20, max: 30 } as const;
export const SECTION_LIMITS = { min: 3, max: 6 } as const;
export const PER_GAME_CAP = 3;
/** A feature makes the board when it scores at least this share of the best one (or is needed to reach the minimum). */
const STRONG_SHARE = 0.25;

export type Section = { title: string; features: ScoredFeature[] };

/**
 * How close a card is to what was asked, whatever its genre or game: 0 the asked-for topic itself; 1 a
 * neighbouring topic its own text backs (Zynga Poker's piggy bank for "slots shop offers"), a screen of the named
 * scope named for what was asked ("coc clan wars" → Clan War Leagues), or a constraint-meeting screen of another
 * category whose text speaks of the asked-for one (rank.ts speaksOfCategory); 2 a neighbour by tag only (a match-3
 * out-of-moves offer for "starter pack in match-3"); 3 a named game's screen of the asked-for category only (its
 * shop for "royal match offers"); 4 a card there only for a word.
 */
export type TopicClass = 0 | 1 | 2 | 3 | 4;
type Fillable = Pick<
  ScoredFeature,
  | 'level'
  | 'inScope'
  | 'scopeNeighbour'
  | 'scopeMention'
  | 'exactTopic'
  | 'tagFit'
  | 'gameNamed'
  | 'onTopic'
  | 'titleMatch'
  | 'text'
  | 'speaksOfCategory'
>;

export function topicClass(f: Omit<Fillable, 'level'>): TopicClass {
  if (f.speaksOfCategory || f.scopeMention) return 1;
  if (f.exactTopic) return 0;
  if (f.tagFit >= RELEVANCE_FLOOR) return f.text >= MIN_TEXT_SCORE || f.titleMatch ? 1 : 2;
  if (f.titleMatch && f.text >= MIN_TEXT_SCORE) return 1;
  return f.gameNamed && f.tagFit >= TAG_FIT.sameCategory ? 3 : 4;
}

/**
 * The order the board fills in (a named genre, sub-genre, game or tier is a contract: nothing outside it comes
 * before anything inside it on the same topic):
 *  0, 1  the scope's matches of the topic (topic classes 0 and 1): the first section;
 *  2     a named game's other screens of the topic's kind (classes 2 and 3): that game is what was asked about;
 *  3     the scope's neighbours of the topic by tag (its siblings: Tournaments beside Competitions);
 *  4     the scope's cards there only for a word of the query;
 *  5–8   the topic and its text-backed neighbours outside the scope: of near genres or games like a named one
 *        (5, 6), then of the rest (7, 8);
 *  9, 10 outside the scope, neighbours by tag only, then cards there only for a word.
 * A query without a constraint has every card at level 0: its board fills by topic class alone.
 */
export function fillOrder(f: Fillable): number {
  const topic = topicClass(f);
  if (f.scopeNeighbour && topic >= 2) return NAMED_GAME_FILL;
  if (f.level === 0) {
    if (topic <= 1) return topic;
    if (topic === 4) return SCOPE_MENTION_FILL;
    return f.gameNamed ? NAMED_GAME_FILL : SCOPE_NEIGHBOUR_FILL;
  }
  if (topic <= 1) return OUTSIDE_FILL + (f.level - 1) * 2 + topic;
  return topic === 4 ? MENTION_FILL : TAG_ONLY_FILL;
}
/** The scope's matches of the topic: the first section of a constrained query's board. */
export const IN_SCOPE_FILLS: readonly number[] = [0, 1];
export const NAMED_GAME_FILL = 2;
/** The scope's neighbours of the topic by tag, then its cards there only for a word. */
export const SCOPE_NEIGHBOUR_FILL = 3;
export const SCOPE_MENTION_FILL = 4;
/** First fill order of the topic outside the constraint (level 1: 5 and 6; level 2: 7 and 8). */
export const OUTSIDE_FILL = 5;
/** Outside the scope: neighbours by tag only (9), then cards there only for a word (10). */
export const TAG_ONLY_FILL = 9;
export const MENTION_FILL = 10;

/** Scores closer than this are equal (sums of floating-point weights). */
const SAME_SCORE = 1e-9;

/**
 * The board's order, and each section's: the fill order, which puts the scope's matches first and the
 * topic before its neighbours; within it, outside the scope, the tag's fit and then the sub-genre asked (a near
 * one before the same genre only: "match-3 live ops" shows match-2 games' events before other puzzle games');
 * then the score (how well the card fits what was asked, its text included); among cards that fit alike, the
 * game's popularity (the catalogue's Top Games). Otherwise the rank order stands (the sort is stable).
 */
function inFillOrder(features: ScoredFeature[]): { f: ScoredFeature; order: number }[] {
  // The fill order is worked out once per card, not per comparison: a category asked in a genre sorts thousands.
  const keyed = features.map((f) => ({ f, order: fillOrder(f) }));
  return keyed.sort(
    ({ f: a, order: orderA }, { f: b, order: orderB }) =>
      orderA - orderB ||
      (a.level === 1 && b.level === 1 ? b.tagFit - a.tagFit || b.genreFit - a.genreFit : 0) ||
      (Math.abs(a.score - b.score) > SAME_SCORE ? b.score - a.score : 0) ||
      Number(b.game.isTop) - Number(a.game.isTop),
  );
}

/** The features in the board's order (inFillOrder). */
export function sortByFillOrder(features: ScoredFeature[]): ScoredFeature[] {
  return inFillOrder(features).map((k) => k.f);
}

/**
 * A named game's own screens of the asked-for category count, even below the floor ("royal match shop" → its
 * offers); so do the constraint's screens that speak of an asked-for category (see pickResults).
 */
const isEligible = (f: ScoredFeature) =>
  f.onTopic >= RELEVANCE_FLOOR ||
  (f.gameNamed && f.tagFit >= TAG_FIT.sameCategory) ||
  f.speaksOfCategory ||
  (f.titleMatch && f.text >= MIN_TEXT_SCORE);

/** genreFit of a near sub-genre (relations.ts): its games nearly meet a sub-genre constraint. */
const NEAR_GENRE_FIT = 0.6;

/**
 * The constraint's screens that only speak of the asked-for category count as meeting the topic when nothing
 * closer is left: when games of a near sub-genre have screens of the category itself ("match-3 live ops" →
 * match-2 games' tournaments), those come first and the text-only ones stay off the board (in a match-3 game
 * nearly everything mentions an event). "Monetization in merge games" has no near sub-genre: a merge game's
 * storage bought with diamonds comes before other puzzle games' shops.
 */
function withoutWeakCategoryText(ranked: ScoredFeature[]): ScoredFeature[] {
  const nearOnTopic = ranked.some(
    (f) => f.level === 1 && f.exactTopic && f.genreFit >= NEAR_GENRE_FIT && f.onTopic >= RELEVANCE_FLOOR,
  );
  // Back to what their own words make them (as a rule, below the floor: off the board).
  return nearOnTopic
    ? ranked.map((f) =>
        f.speaksOfCategory ? { ...f, speaksOfCategory: false, onTopic: Math.max(f.tagFit, Math.min(1, f.text)) } : f,
      )
    : ranked;
}

/** Fewer screens of a named game on the topic itself than this, and its screens that neighbour the topic come next. */
export const FEW_SCOPE_MATCHES = 2;

/**
 * A named game's screens that only mention the topic, too weakly to count alone, that may join its neighbours: the
 * ones whose text fits at least this share of the best match ("candy crush limited time events" → Bubblegum Hill, "a
 * limited-time climb of special levels"), at most this many of them, the best first.
 */
const NAMED_GAME_MENTION_TEXT = 0.15;
const NAMED_GAME_MENTIONS = 2;

/**
 * A named game with at most one screen on the topic ("subway surfers rewarded video" → Save Me): what was asked
 * about is that game, so its screens that neighbour the topic (by tag, or by a word of it) come before other games'
 * matches of the topic, in their own section after the first ("More … from Subway Surfers"), and with them its
 * couple of screens that best mention the topic (`considered`: every ranked feature, eligible or not). A few only:
 * a big game mentions a common word on many screens ("genshin wishes": its cutscenes speak of wishes).
 */
function withNamedGameNeighbours(eligible: ScoredFeature[], considered: ScoredFeature[]): ScoredFeature[] {
  const matches = eligible.filter((f) => f.inScope && f.gameNamed && topicClass(f) <= 1).length;
  if (matches >= FEW_SCOPE_MATCHES) return eligible;
  const mentions = considered
    .filter((f) => f.gameNamed && f.inScope && f.text >= NAMED_GAME_MENTION_TEXT && !isEligible(f))
    .sort((a, b) => b.text - a.text)
    .slice(0, NAMED_GAME_MENTIONS);
  return [...eligible, ...mentions].map((f) =>
    f.inScope && f.gameNamed && topicClass(f) >= 2 ? { ...f, scopeNeighbour: true } : f,
  );
}

/**
 * A named genre, sub-genre, game or tier with no screen on the topic itself is never answered by other genres first
 * when it has something near the topic: its siblings of the topic under the same primary tag ("competitions in
 * match-3" → Royal Match's King's Cup, a tournament, and its other LiveOps screens) and its screens whose own title
 * or description says the topic's words ("seasonal events in farming games" → Hay Day's Farm Pass with its seasonal
 * goals, The Valley, a seasonal area) are what it has of the topic: its matches, in the first section, the closest
 * first. `considered`: every ranked feature, eligible or not (a sibling or a mention alone sits below the floor).
 */
function withScopeMentions(eligible: ScoredFeature[], considered: ScoredFeature[]): ScoredFeature[] {
  if (eligible.some((f) => f.inScope && topicClass(f) <= 1)) return eligible;
  const stands = (f: ScoredFeature) => f.inScope && (f.tagFit >= TAG_FIT.sameCategory || f.text >= MIN_TEXT_SCORE);
  const taken = new Set(eligible.map((f) => f.id));
  const joining = considered.filter((f) => !taken.has(f.id) && stands(f));
  return [...eligible, ...joining].map((f) => (stands(f) ? { ...f, scopeMention: true } : f));
}

export function pickResults(
  ranked: ScoredFeature[],
  limits: { min: number; max: number } = RESULT_LIMITS,
): ScoredFeature[] {
  // Below the relevance floor nothing is added, however empty the board would look. Features that meet
  // the query's constraints come first; the relaxed ones only top the board up.
  const considered = withoutWeakCategoryText(ranked);
  const ordered = inFillOrder(
    withScopeMentions(withNamedGameNeighbours(considered.filter(isEligible), considered), considered),
  );
  if (ordered.length === 0) return [];
  const eligible = ordered.map((k) => k.f);
  const satisfying = ordered.flatMap((k) => (k.order === 0 ? [k.f] : []));
  const best = Math.max(...(satisfying.length ? satisfying : eligible).map((f) => f.score));
  const floor = best * STRONG_SHARE;
  const strong = satisfying.filter((f) => f.score >= floor).length;
  const target = Math.min(limits.max, Math.max(limits.min, strong), eligible.length);
  // Games of a sub-genre the query names share the board between them: "tower defense" with one such game
  // shows that game's screens, "match-3" with four shows about six of each.
  const genreGames = new Set(eligible.filter((f) => f.genreFit === 1).map((f) => f.gameId));
  const genreCap = genreGames.size ? Math.max(PER_GAME_CAP, Math.ceil(target / genreGames.size)) : PER_GAME_CAP;
  for (let cap = PER_GAME_CAP; ; cap++) {
    const picked = takeWithCap(eligible, target, (f) => (genreGames.has(f.gameId) ? Math.max(cap, genreCap) : cap));
    if (picked.length >= target || cap >= target) return sortByFillOrder(picked);
  }
}

function takeWithCap(ranked: ScoredFeature[], target: number, capOf: (f: ScoredFeature) => number): ScoredFeature[] {
  const perGame = new Map<number, number>();
  const picked: ScoredFeature[] = [];
  for (const feature of ranked) {
    if (picked.length >= target) break;
    const count = perGame.get(feature.gameId) ?? 0;
    if (!feature.gameNamed && count >= capOf(feature)) continue;
    perGame.set(feature.gameId, count + 1);
    picked.push(feature);
  }
  return picked;
}

export type Group = { key: string; title: string; features: ScoredFeature[] };
export type Keyer = (f: ScoredFeature) => { key: string; title: string };

/** By the asked-for tag a card fits exactly, else by its own sub-tag. */
export const byTag: Keyer = (f) => {
  const tag = f.fittedTag && f.tagFit === 1 ? f.fittedTag : ownTag(f);
  return { key: `tag:${tagKey(tag)}`, title: tagLabel(tag) };
};
export const byCategory: Keyer = (f) => ({ key: `cat:${f.primaryTag}`, title: f.primaryTag });
const byGenre: Keyer = (f) => ({ key: `genre:${f.game.genre}`, title: f.game.genre });
const byGame: Keyer = (f) => ({ key: `game:${f.gameId}`, title: f.game.name });

export function groupBy(features: ScoredFeature[], keyer: Keyer): Group[] {
  const groups = new Map<string, Group>();
  for (const f of features) {
    const { key, title } = keyer(f);
    const group = groups.get(key) ?? { key, title, features: [] };
    group.features.push(f);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Splits the largest splittable group until there are enough sections, by genre first, then by game. */
function splitUntilEnough(groups: Group[]): Group[] {
  const result = [...groups];
  const tried = new Set<string>();
  while (result.length < SECTION_LIMITS.min) {
    const candidates = result
      .filter((g) => g.features.length >= 2 && !tried.has(g.key))
      .sort((a, b) => b.features.length - a.features.length);
    const biggest = candidates[0];
    if (!biggest) break;
    tried.add(biggest.key);
    for (const keyer of [byGenre, byGame]) {
      const parts = groupBy(biggest.features, keyer);
      if (parts.length < 2) continue;
      const room = SECTION_LIMITS.max - (result.length - 1);
      const fits = parts.length <= room;
      const kept = fits ? parts : parts.slice(0, room - 1);
      const rest = fits ? [] : parts.slice(room - 1).flatMap((p) => p.features);
      const pieces = kept.map((p) => ({
        key: `${biggest.key}|${p.key}`,
        title: `${biggest.title} · ${p.title}`,
        features: p.features,
      }));
      if (rest.length) pieces.push({ key: `${biggest.key}|more`, title: `More ${biggest.title}`, features: rest });
      result.splice(result.indexOf(biggest), 1, ...pieces);
      break;
    }
  }
  return result;
}

/**
 * Keeps the first group and the four largest others (the earlier one on a tie) in their rank order and merges the rest into one
 * "More …" section after them.
 */
function mergeTail(groups: Group[], plan: SearchPlan, max: number = SECTION_LIMITS.max): Group[] {
  if (groups.length <= max) return groups;
  // The group of the best card always stays (it answers the query most exactly), then the largest others.
  const keep = new Set([
    groups[0],
    ...groups
      .slice(1)
      .map((g, index) => ({ g, index }))
      .sort((a, b) => b.g.features.length - a.g.features.length || a.index - b.index)
      .slice(0, max - 2)
      .map(({ g }) => g),
  ]);
  const tail = groups.filter((g) => !keep.has(g)).flatMap((g) => g.features);
  const categories = new Set(tail.map((f) => f.primaryTag));
  const genreName = plan.genres.length === 1 ? (plan.genres[0].subgenre ?? plan.genres[0].genre) : null;
  const title =
    categories.size === 1
      ? `More ${[...categories][0]}`
      : plan.games.length === 1 && tail.every((f) => f.gameNamed)
        ? `More from ${plan.games[0]}`
        : genreName
          ? `More ${genreName}`
          : 'More related references';
  return [...groups.filter((g) => keep.has(g)), { key: 'more', title, features: tail }];
}

/** " in Match-3" / " · Royal Match" when every card of the section has what the query asked for. */
function contextSuffix(group: Group, plan: SearchPlan): string {
  if (group.key === 'more' || group.key === 'lookalikes' || group.key === 'scope' || group.key.startsWith('relaxed:'))
    return '';
  const features = group.features;
  if (plan.games.length > 0) {
    const games = new Set(features.map((f) => f.game.name));
    if (games.size === 1 && plan.games.includes([...games][0]) && !group.title.includes([...games][0]))
      return ` · ${[...games][0]}`;
    return '';
  }
  for (const wanted of plan.genres) {
    if (features.every((f) => genreFit(f.game, [wanted]) === 1)) {
      const name = wanted.subgenre ?? wanted.genre;
      return group.title.includes(name) ? '' : ` in ${name}`;
    }
  }
  if (plan.genres.length > 1 && features.every((f) => genreFit(f.game, plan.genres) === 1)) {
    return ` in ${[...new Set(features.map((f) => f.game.subgenre))].join(', ')}`;
  }
  for (const tier of plan.tiers) if (features.every((f) => f.game.tier === tier)) return ` in ${tier} games`;
  return '';
}

export function finish(groups: Group[], plan: SearchPlan): Section[] {
  const used = new Map<string, number>();
  return groups
    .filter((g) => g.features.length > 0)
    .map((g) => {
      let title = `${g.title}${contextSuffix(g, plan)}`.slice(0, SECTION_TITLE_MAX);
      const n = (used.get(title) ?? 0) + 1;
      used.set(title, n);
      if (n > 1) title = `${title} (${n})`;
      return { title, features: g.features };
    });
}

/**
 * Among the screens named for a query of words, those whose whole name is the query come first ("Lives" for "lives",
 * before "Team Lives" and "Lives Full Notification", which the ranker may score higher for saying the word more).
 */
function wholeNameFirst(features: ScoredFeature[], plan: SearchPlan): ScoredFeature[] {
  const query = [...plan.keywords].sort().join(' ');
  const isWholeName = (f: ScoredFeature) => tokens(f.title).sort().join(' ') === query;
  return [...features.filter(isWholeName), ...features.filter((f) => !isWholeName(f))];
}

/**
 * Room for the sections of features that meet the query's constraints: `max` of them, and `split` says whether
 * to split groups to reach the minimum (not when relaxed sections follow: together they reach it).
 */
export type SectionRoom = { max: number; split: boolean };
const FULL_ROOM: SectionRoom = { max: SECTION_LIMITS.max, split: true };

/** The engine's own grouping of picked features (in rank order) into 3–6 sections. */
export function groupIntoSections(picked: ScoredFeature[], plan: SearchPlan, room: SectionRoom = FULL_ROOM): Section[] {
  if (picked.length === 0) return [];
  // A query naming games without a topic: the games' own screens by category, then one section of lookalikes.
  const lookalikes: Keyer = () => ({
    key: 'lookalikes',
    title: plan.games.length === 1 ? `More like ${plan.games[0]}` : 'Similar games',
  });
  // A query of words only: the screens named for them ("Lives", "Team Lives" for "lives") lead in a section of their
  // own rather than scattered by category, where the best of them could end in the last section.
  const named: Keyer = () => ({ key: 'named', title: `Named for “${plan.keywords.join(' ')}”` });
  const keyer: Keyer =
    plan.tags.length > 0
      ? byTag
      : plan.games.length > 0
        ? (f) => (f.gameNamed ? byCategory(f) : lookalikes(f))
        : (f) => (f.namedForQuery ? named(f) : byCategory(f));
  const grouped = groupBy(picked, keyer).map((g) =>
    g.key === 'named' ? { ...g, features: wholeNameFirst(g.features, plan) } : g,
  );
  const groups = mergeTail(room.split ? splitUntilEnough(grouped) : grouped, plan, room.max);
  // The lookalikes close the board, after everything from the games the query named.
  const last = groups.filter((g) => g.key === 'lookalikes');
  return finish([...groups.filter((g) => g.key !== 'lookalikes'), ...last], plan);
}

/**
 * Grouping by sections a planner proposed: each card goes to the first proposed section it fits (a tag, a game,
 * an exact genre, or a keyword in its title or description); cards that fit none go to one "More …" section.
 */
export function groupByPlannedSections(
  picked: ScoredFeature[],
  plan: SearchPlan,
  textOf: (featureId: number) => string,
  room: SectionRoom = FULL_ROOM,
): Section[] {
  const planned = plan.sections ?? [];
  const groups: Group[] = planned.map((s, i) => ({ key: `planned:${i}`, title: s.title, features: [] }));
  const leftovers: ScoredFeature[] = [];
  for (const f of picked) {
    const words = new Set(tokens(textOf(f.id)));
    const index = planned.findIndex(
      (s) =>
        s.tags.some((t) => t.primary === f.primaryTag && (t.secondary === null || t.secondary === f.secondaryTag)) ||
        s.games.includes(f.game.name) ||
        (s.genres.length > 0 && genreFit(f.game, s.genres) === 1) ||
        s.keywords.some((k) => tokens(k).every((w) => words.has(w))),
    );
    if (index >= 0) groups[index].features.push(f);
    else leftovers.push(f);
  }
  if (leftovers.length) groups.push({ key: 'more', title: 'More related references', features: leftovers });
  const nonEmpty = groups.filter((g) => g.features.length > 0);
  return finish(mergeTail(room.split ? splitUntilEnough(nonEmpty) : nonEmpty, plan, room.max), plan);
}
