import type { Db } from '../db/client';
import { searchRepo } from '../db/repositories/search.repo';
import { allowedTypos } from './fuzzy';
import { buildGameIndex, withoutAliases, type GameIndex } from './game-names';
import { parseQuery, similarSeed, typoCandidates, type PhraseMatch } from './parse-query';
import type { Respelling, SearchPlan } from './plan';
import { closestWord, respellPlan, WordCounter, wordsFromText, wordsToText, type CatalogueWords } from './spelling';
import { phraseKey } from './text';

/**
 * The first stage of the query engine (pipeline.ts): a query read as a plan, against the taxonomy, the catalogue's
 * game names and its words, each kept per database connection and catalogue version.
 */

const gameIndexCache = new WeakMap<Db, { version: number; index: GameIndex }>();

/**
 * The catalogue's games as the parser and ranker need them. Building the alias index costs milliseconds per
 * thousand games, so it is kept per database connection and rebuilt only when the games' version changes (the
 * database's triggers bump it on any write to games, from this process or another sharing the file); checking it
 * is one row read. The rebuild reads the version and the games in one read transaction, so the index it keeps is
 * never newer or older than the version it is kept under.
 */
export async function loadGameIndex(db: Db): Promise<GameIndex> {
  const version = await searchRepo.gamesVersion(db);
  const cached = gameIndexCache.get(db);
  if (cached && cached.version === version) return cached.index;
  const { version: freshVersion, games } = await searchRepo.gamesAtVersion(db);
  const fresh = { version: freshVersion, index: buildGameIndex(games) };
  gameIndexCache.set(db, fresh);
  return fresh.index;
}

const catalogueWordsCache = new WeakMap<Db, { version: number; words: Promise<CatalogueWords> }>();
/** Texts counted between two turns of the event loop while the catalogue's words are read (spelling.ts WordCounter). */
const WORDS_SLICE = 2_000;

/**
 * The catalogue's words (spelling.ts) at the features' current version. Kept per database connection like the game
 * index, and in the database per version (catalogue_words), so every process sharing it spells against the same
 * words and one counts them: a process reads a version's words once, from the table, or counts and stores them when
 * it is the first to need that version (at start, server.ts, right after the catalogue is loaded; or the first query
 * after a catalogue change). Queries that need them meanwhile wait for the one read. A query reads them when it has a
 * word typo matching could read as another (offlinePlan) or a word no feature says (respellUnknownWords).
 */
export async function loadCatalogueWords(db: Db): Promise<CatalogueWords> {
  const version = await searchRepo.featuresVersion(db);
  const cached = catalogueWordsCache.get(db);
  if (cached && cached.version === version) return cached.words;
  const words = readCatalogueWords(db, version);
  catalogueWordsCache.set(db, { version, words });
  // A failed read is not kept: the next query reads again.
  words.catch(() => {
    if (catalogueWordsCache.get(db)?.words === words) catalogueWordsCache.delete(db);
  });
  return words;
}

async function readCatalogueWords(db: Db, version: number): Promise<CatalogueWords> {
  const stored = await searchRepo.storedCatalogueWords(db, version);
  if (stored !== null) return wordsFromText(stored);
  // Counted from one snapshot of the texts and the version they are at. When a change fell after the version read
  // above, the words are newer than the version they are cached under and the next query reads again; they are
  // stored under their own version, never an older one.
  const { version: counted, texts } = await searchRepo.featureTextsAtVersion(db);
  const counter = new WordCounter();
  for (let i = 0; i < texts.length; i++) {
    counter.add(texts[i]);
    if ((i + 1) % WORDS_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  const words = counter.words();
  await searchRepo.storeCatalogueWords(db, counted, wordsToText(words));
  return words;
}

/**
 * The plan with its misspelt free words read as the catalogue's ("shooter loadot" → loadout), whichever planner
 * made it, and the words it read so. A word is only respelt when no feature says it and a catalogue word is
 * within its typo allowance.
 */
export async function respellUnknownWords(
  db: Db,
  plan: SearchPlan,
): Promise<{ plan: SearchPlan; respelled: Respelling[] }> {
  const unknown: string[] = [];
  for (const word of plan.keywords) {
    if (/^[a-z]+$/.test(word) && allowedTypos(word.length) > 0 && !(await searchRepo.isMentioned(db, word)))
      unknown.push(word);
  }
  if (!unknown.length) return { plan, respelled: [] };
  const words = await loadCatalogueWords(db);
  const respelled = unknown.flatMap((from) => {
    const to = closestWord(from, words);
    return to ? [{ from, to }] : [];
  });
  return { plan: respellPlan(plan, respelled), respelled };
}

/**
 * The offline planner: the query text read against the taxonomy and the catalogue's game names. The words typo
 * matching could read as others are looked up among the catalogue's words first (spelled as typed, not stemmed:
 * "achievments" stems like "achievements" but is a slip): the ones it says are read as themselves.
 */
export async function offlinePlan(
  db: Db,
  query: string,
  games: GameIndex,
  options: { asTyped?: boolean } = {},
): Promise<SearchPlan> {
  const candidates = typoCandidates(query, games);
  // Searched as typed (the designer turned a correction down): every word is read as itself.
  const words = candidates.length && !options.asTyped ? await loadCatalogueWords(db) : null;
  const said = new Set(options.asTyped ? candidates : candidates.filter((w) => words?.counts.has(w)));
  const parsed = parseQuery(query, games, said);
  const ordinary = await namesReadAsWords(db, parsed.matches, games);
  const { matches: _matches, ...plan } = ordinary.size
    ? parseQuery(query, withoutAliases(games, ordinary), said)
    : parsed;
  return plan;
}

/**
 * A game's one-word short name is read as the ordinary word it also is when screens of at least this share of the
 * catalogue's other games (and of two) say it: "golden rewards" asks for golden rewards (golden tickets, golden
 * chests), not for an operator's Golden Valley. A word few games say stays the name ("subway missions", "genshin
 * gacha"). The full name ("golden valley") and a one-word game's own name ("township") always name the game.
 */
const ORDINARY_NAME_SHARE = 0.1;

/** The short names the query used that are ordinary words of the catalogue (ORDINARY_NAME_SHARE). */
async function namesReadAsWords(db: Db, matches: readonly PhraseMatch[], games: GameIndex): Promise<Set<string>> {
  const ordinary = new Set<string>();
  const enough = Math.max(2, Math.ceil((games.games.length - 1) * ORDINARY_NAME_SHARE));
  for (const { text, game: name } of matches) {
    const game = name === null ? undefined : games.byName.get(name);
    if (!game || text.includes(' ') || text === phraseKey(game.name)) continue;
    if ((await searchRepo.otherGamesSaying(db, text, game.id)) >= enough) ordinary.add(text);
  }
  return ordinary;
}

/**
 * The catalogue features a query must not return: for a "find similar" text, the card it was started from (found
 * by its screen name and description; the board already has it).
 */
export async function excludedFeatures(db: Db, query: string): Promise<ReadonlySet<number>> {
  const seed = similarSeed(query);
  return new Set(seed ? await searchRepo.idsByNameAndDescription(db, seed.title, seed.description) : []);
}
