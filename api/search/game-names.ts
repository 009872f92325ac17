import type { GameInfo } from '../db/repositories/search.repo';
import { VOCABULARY, VOCABULARY_TOKENS } from './vocabulary';
import { isStopWord, phraseKey } from './text';

/** A catalogue game as the engine sees it: the row the search repository reads. */
export type { GameInfo };

/**
 * Every way a query may name a catalogue game: the full name, the name without a leading "the", the part before a
 * colon ("Call of Duty"), the name without a trailing edition word or number ("Candy Crush" for Candy Crush Saga,
 * "Temple Run" for Temple Run 2), a long first word ("Genshin"), initials of names of three words or more
 * ("coc"), and a few common nicknames.
 * An alias that is also a taxonomy word or a stop word is dropped ("raid" stays a co-op raid, not RAID: Shadow
 * Legends), and an alias two games share is dropped (neither is meant).
 */
export type GameIndex = {
  games: GameInfo[];
  byId: ReadonlyMap<number, GameInfo>;
  byName: ReadonlyMap<string, GameInfo>;
  aliases: ReadonlyMap<string, GameInfo>;
  /** Alias keys by shape (`tokens:characters`), so typo matching only compares strings of a possible length. */
  aliasesByShape: ReadonlyMap<string, string[]>;
  aliasTokens: ReadonlySet<string>;
  maxAliasTokens: number;
};

/** Trailing words that name an edition, not the game ("Saga", "Mobile", "GO", "2"). */
const EDITION_WORDS = new Set(['saga', 'mobile', 'go', 'unite', 'collection', 'freeplay', 'buildit', 'online', 'hd']);

/** The shortest first word of a game's name that is its short name alone ("genshin"; not "royal" or "clash"). */
const SHORT_NAME_MIN = 6;

/** Nicknames designers use, by the catalogue name they stand for; ignored when that game is not in the catalogue. */
const NICKNAMES: Record<string, string[]> = {
  'EA SPORTS FC Mobile': ['fc mobile', 'fifa mobile', 'ea fc', 'fifa', 'ea sports fc'],
  'Call of Duty: Mobile': ['cod mobile', 'codm', 'cod'],
  'Mobile Legends: Bang Bang': ['mlbb', 'mobile legends', 'ml bb'],
  'The Sims FreePlay': ['sims freeplay', 'sims free play', 'the sims'],
  'Asphalt Legends Unite': ['asphalt', 'asphalt 9', 'asphalt legends'],
  'Pokémon GO': ['pokemon', 'pogo'],
  'Monopoly GO!': ['monopoly'],
  'RAID: Shadow Legends': ['raid shadow legends', 'rsl'],
  'Microsoft Solitaire Collection': ['microsoft solitaire', 'ms solitaire', 'solitaire collection'],
  'Marvel Strike Force': ['msf'],
  'Clash of Clans': ['coc'],
  'Clash Royale': ['cr'],
  'Candy Crush Saga': ['candy crush', 'ccs'],
  'PUBG Mobile': ['pubg', 'pubgm'],
};

function aliasesOf(name: string): string[] {
  const key = phraseKey(name);
  const words = key.split(' ');
  const out = new Set<string>([key]);
  if (words[0] === 'the' && words.length > 1) out.add(words.slice(1).join(' '));
  const beforeColon = name.includes(':') ? phraseKey(name.split(':')[0]) : '';
  if (beforeColon) out.add(beforeColon);
  let trimmed = words;
  while (
    trimmed.length > 1 &&
    (EDITION_WORDS.has(trimmed[trimmed.length - 1]) || /^\d+$/.test(trimmed[trimmed.length - 1]))
  ) {
    trimmed = trimmed.slice(0, -1);
  }
  if (trimmed.length < words.length) out.add(trimmed.join(' '));
  if (words.length >= 3) out.add(words.map((w) => w[0]).join(''));

  for (const nickname of NICKNAMES[name] ?? []) out.add(phraseKey(nickname));
  // Names typed as one word, as in a hashtag or an app's address: "hayday", "candycrush", "brawlstars".
  for (const alias of [...out]) {
    const joined = alias.replace(/ /g, '');
    if (alias.includes(' ') && joined.length >= JOINED_NAME_MIN) out.add(joined);
  }
  return [...out];
}
/** The shortest name typed as one word that is taken for a game's ("eafc" is not; "hayday" is). */
const JOINED_NAME_MIN = 6;

/** The bucket key of a phrase for typo matching: its token count and its length in characters. */
export const shapeOf = (tokenCount: number, characters: number) => `${tokenCount}:${characters}`;

/**
 * A name's first word when it is long enough to be the name alone ("genshin", "monopoly", "subway"), is in no other
 * game's name and is no word of the search vocabulary (so not "kingdom" of Kingdom Rush and Rise of Kingdoms, nor
 * "bubble" of Bubble Witch).
 */
function shortNameOf(name: string, nameWordGames: ReadonlyMap<string, number>): string | null {
  const words = phraseKey(name).split(' ');
  const first = words[0] === 'the' ? words[1] : words[0];
  if (words.length < 2 || first === undefined || first.length < SHORT_NAME_MIN) return null;
  return (nameWordGames.get(first) ?? 0) > 1 || VOCABULARY_TOKENS.has(first) ? null : first;
}

export function buildGameIndex(games: GameInfo[]): GameIndex {
  const aliases = new Map<string, GameInfo>();
  const shared = new Set<string>();
  const byName = new Map<string, GameInfo>();
  const nameWordGames = new Map<string, number>();
  for (const game of games)
    for (const word of new Set(phraseKey(game.name).split(' ')))
      nameWordGames.set(word, (nameWordGames.get(word) ?? 0) + 1);
  for (const game of games) {
    byName.set(game.name, game);
    const shortName = shortNameOf(game.name, nameWordGames);
    for (const alias of [...aliasesOf(game.name), ...(shortName ? [shortName] : [])]) {
      const isFullName = alias === phraseKey(game.name);
      if (!isFullName && (VOCABULARY.has(alias) || isStopWord(alias) || alias.length < 2)) continue;
      const other = aliases.get(alias);
      if (other && other.id !== game.id) {
        shared.add(alias);
        continue;
      }
      aliases.set(alias, game);
    }
  }
  for (const alias of shared) aliases.delete(alias);
  const aliasesByShape = new Map<string, string[]>();
  const aliasTokens = new Set<string>();
  let maxAliasTokens = 1;
  for (const alias of aliases.keys()) {
    const parts = alias.split(' ');
    maxAliasTokens = Math.max(maxAliasTokens, parts.length);
    for (const p of parts) aliasTokens.add(p);
    const shape = shapeOf(parts.length, alias.length);
    const list = aliasesByShape.get(shape) ?? [];
    list.push(alias);
    aliasesByShape.set(shape, list);
  }
  return {
    games,
    byId: new Map(games.map((g) => [g.id, g])),
    byName,
    aliases,
    aliasesByShape,
    aliasTokens,
    maxAliasTokens: Math.min(maxAliasTokens, 8),
  };
}

/**
 * The index without some of its aliases (the query still knows their words, so they are not read as typos):
 * for a query in which a short name is read as the ordinary word it also is (engine.ts offlinePlan).
 */
export function withoutAliases(index: GameIndex, dropped: ReadonlySet<string>): GameIndex {
  const aliases = new Map([...index.aliases].filter(([alias]) => !dropped.has(alias)));
  const aliasesByShape = new Map(
    [...index.aliasesByShape].map(([shape, list]) => [shape, list.filter((alias) => !dropped.has(alias))]),
  );
  return { ...index, aliases, aliasesByShape };
}
