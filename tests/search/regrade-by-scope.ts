/**
 * Re-grades the judged, held-out and tuning sets by the scope contract: where a query names a genre, a sub-genre or
 * a game, a feature outside that scope is never more relevant than an in-scope feature on the same topic, so it is
 * graded 0 (moved from `relevant` to `elsewhere`, as blind.json does). Run once: `npx tsx tests/search/regrade-by-scope.ts`.
 *
 * Mechanical on purpose: the scope a query names is read from its words by the table below (the taxonomy's genre and
 * sub-genre names, the catalogue's game names, and the short names and spellings blind.json's description lists),
 * never from the search engine or its output, and the same rule is applied to every scoped query. A query that
 * already carries a scope (tuning.json) keeps it. Tiers (casual, midcore, hybrid-casual) are not scopes the contract
 * names, and a phrase that names a tier as well as a sub-genre ("hyper casual") is read as the tier: left unscoped.
 * blind.json is frozen and never passed through here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { GENRES, GENRE_NAMES } from '#shared/taxonomy';
import type { JudgedScope, JudgedSet } from '../bench/search-metrics';
import { inScope } from '../bench/search-metrics';

type Game = { name: string; genre: string; subgenre: string };

const ROOT = path.resolve(import.meta.dirname, '../..');
const games = JSON.parse(fs.readFileSync(path.join(ROOT, 'assets/catalogue/games.json'), 'utf8')) as Game[];

/** Lower case, accents off, hyphens and punctuation as spaces: "Pokémon GO!" → "pokemon go". */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Names that are tiers as well as sub-genres: the contract does not scope by tier, so they stay unscoped. */
const TIER_NAMES = new Set(['hyper casual', 'hybrid casual', 'casual', 'midcore', 'mid core']);

/** Short names and spellings (blind.json's description lists the same ones), each with the catalogue name it means. */
const ALIASES: [string, JudgedScope][] = [
  ['sim', { genre: 'Simulation' }],
  ['rpgs', { genre: 'RPG' }],
  ['m3', { subgenre: 'Match-3' }],
  ['match3', { subgenre: 'Match-3' }],
  ['mach3', { subgenre: 'Match-3' }],
  ['merge2', { subgenre: 'Merge' }],
  ['farm', { subgenre: 'Farming' }],
  ['tower defence', { subgenre: 'Tower Defense' }],
  ['battle royal', { subgenre: 'Battle Royale' }],
  ['roguelike', { subgenre: 'Roguelite' }],
  ['coc', { game: 'Clash of Clans' }],
  ['mlbb', { game: 'Mobile Legends: Bang Bang' }],
  ['candy crush', { game: 'Candy Crush Saga' }],
  ['clash royal', { game: 'Clash Royale' }],
  ['genshin', { game: 'Genshin Impact' }],
  ['pokemon go', { game: 'Pokémon GO' }],
  ['monopoly go', { game: 'Monopoly GO!' }],
];

type Name = { words: string; scope: JudgedScope; rank: number };

/** Every name a query may use for a scope; a game is narrower than a sub-genre, a sub-genre than a genre. */
const NAMES: Name[] = [
  ...GENRE_NAMES.map((genre) => ({ words: fold(genre), scope: { genre }, rank: 0 })),
  ...GENRE_NAMES.flatMap((genre) =>
    (GENRES[genre] as readonly string[]).map((subgenre) => ({ words: fold(subgenre), scope: { subgenre }, rank: 1 })),
  ),
  ...games.map((g) => ({ words: fold(g.name), scope: { game: g.name }, rank: 2 })),
  ...ALIASES.map(([words, scope]) => ({ words, scope, rank: 'game' in scope ? 2 : 'subgenre' in scope ? 1 : 0 })),
].filter((n) => !TIER_NAMES.has(n.words));

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/**
 * The scope a query's words name, or null. A name is said as itself or with a plural -s ("rpgs", "runners",
 * "mobas"), or, for a game's name of eight letters or more, one typing slip away ("royl match", "candy crsh"). When
 * a query says several, a name said as itself wins over a slip, then the narrowest ("social casino" is the Social
 * Casino sub-genre, not Casino), then the longest ("match 3" is Match-3 as said, not a slip of Match-3D).
 */
export function namedScope(query: string): JudgedScope | null {
  const words = fold(query).split(' ');
  let best: (Name & { exact: boolean }) | null = null;
  for (const name of NAMES) {
    const size = name.words.split(' ').length;
    for (let i = 0; i + size <= words.length; i++) {
      const said = words.slice(i, i + size).join(' ');
      const plain = said.endsWith('s') ? said.slice(0, -1) : said;
      const exact = said === name.words || plain === name.words;
      const slip = name.rank === 2 && name.words.length >= 8 && editDistance(said, name.words) <= 1;
      if (!exact && !slip) continue;
      const better =
        !best ||
        (exact && !best.exact) ||
        (exact === best.exact &&
          (name.rank > best.rank || (name.rank === best.rank && name.words.length > best.words.length)));
      if (better) best = { ...name, exact };
    }
  }
  return best?.scope ?? null;
}

/** A set re-graded: each scoped query's out-of-scope judgments moved to `elsewhere` (grade 0). */
export function regrade(set: JudgedSet): { set: JudgedSet; moved: number; scoped: number } {
  const byName = new Map(games.map((g) => [g.name, g]));
  let moved = 0;
  let scoped = 0;
  const queries = set.queries.map((q) => {
    const scope = q.scope ?? namedScope(q.query);
    if (!scope) return q;
    scoped++;
    const inside = q.relevant.filter((r) => inScope(scope, byName.get(r.game)!));
    const outside = q.relevant.filter((r) => !inScope(scope, byName.get(r.game)!));
    moved += outside.length;
    const elsewhere = [...(q.elsewhere ?? []), ...outside.map(({ game, feature }) => ({ game, feature }))];
    return { ...q, scope, relevant: inside, ...(elsewhere.length ? { elsewhere } : {}) };
  });
  return { set: { ...set, queries }, moved, scoped };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  for (const file of ['judged.json', 'judged-holdout.json', 'tuning.json']) {
    const full = path.join(ROOT, 'tests/search', file);
    const { set, moved, scoped } = regrade(JSON.parse(fs.readFileSync(full, 'utf8')) as JudgedSet);
    for (const q of set.queries) if (q.scope) console.log(`${file}: ${q.query} → ${JSON.stringify(q.scope)}`);
    console.log(`${file}: ${scoped} scoped queries, ${moved} out-of-scope judgments moved to elsewhere`);
    if (process.argv.includes('--write')) fs.writeFileSync(full, `${JSON.stringify(set, null, 2)}\n`);
  }
}
