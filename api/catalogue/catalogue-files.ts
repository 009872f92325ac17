import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { GENRES, TIERS, isKnownTag } from '#shared/taxonomy';
import { runtimeFile } from '../runtime-files';

/**
 * The demo catalogue's files (assets/catalogue/, see notes/catalogue-contract.md): games.json,
 * features/*.json and collections/*.json. Read and checked here; nothing touches the database.
 */

export const SCREEN_TEMPLATES = [
  'offer',
  'shop',
  'level-map',
  'gameplay',
  'dialog',
  'leaderboard',
  'pass',
  'event',
  'reward',
  'tutorial',
  'menu',
  'popup',
  'quests',
  'collection',
  'chat',
  'profile',
] as const;
export type ScreenTemplate = (typeof SCREEN_TEMPLATES)[number];

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const catalogueGame = z.object({
  name: z.string().trim().min(1).max(200),
  genre: z.string().min(1),
  subgenre: z.string(),
  tier: z.enum(TIERS),
  superGenre: z.string(),
  orientation: z.enum(['horizontal', 'vertical']),
  storeUrl: z.string().url(),
  isTop: z.boolean(),
  isNew: z.boolean(),
  palette: z.array(hexColor).length(3),
});
export type CatalogueGame = z.infer<typeof catalogueGame>;

export const screenDescriptor = z.object({
  template: z.enum(SCREEN_TEMPLATES),
  title: z.string().min(1).max(120),
  subtitle: z.string().max(300).optional(),
  items: z.array(z.string().max(160)).max(8).optional(),
  price: z.string().max(30).optional(),
  oldPrice: z.string().max(30).optional(),
  timer: z.string().max(40).optional(),
  badge: z.string().max(30).optional(),
  buttons: z.array(z.string().max(60)).max(3).optional(),
  progress: z.number().min(0).max(1).optional(),
});
export type ScreenDescriptor = z.infer<typeof screenDescriptor>;

export const catalogueFeature = z.object({
  game: z.string().min(1),
  feature_screen_name: z.string().trim().min(1).max(200),
  primary_tag: z.string().min(1),
  secondary_tag: z.string().min(1),
  short_description: z.string().min(1),
  detailed_description: z.string().min(1),
  screens: z.array(screenDescriptor).min(1).max(5),
});
export type CatalogueFeature = z.infer<typeof catalogueFeature>;

export const COLLECTION_CATEGORIES = [
  'monetization',
  'onboarding',
  'live_ops',
  'ui_ux',
  'progression',
  'social',
  'core_gameplay',
] as const;

export const catalogueCollection = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  name: z.string().min(1).max(200),
  category: z.enum(COLLECTION_CATEGORIES),
  description: z.string(),
  type: z.enum(['free', 'pro']),
  new: z.union([z.literal(0), z.literal(1)]),
  sections: z
    .array(
      z.object({
        title: z.string().min(1).max(200),
        features: z.array(z.object({ game: z.string(), feature_screen_name: z.string() })).min(1),
      }),
    )
    .min(1),
});
export type CatalogueCollection = z.infer<typeof catalogueCollection>;

export type CatalogueData = {
  games: CatalogueGame[];
  features: CatalogueFeature[];
  collections: CatalogueCollection[];
};

/** What was left out and why; the server warns about these, the integrity test requires none. */
export type CatalogueProblem = { file: string; item?: string; message: string };

export const DEFAULT_CATALOGUE_DIR = runtimeFile('assets/catalogue');

/**
 * Reads and checks a catalogue folder. Items that fail a check are left out and reported, so one writer's bad
 * entry cannot stop the server from starting; `problems` lists every one.
 */
export function readCatalogueDir(dir: string = DEFAULT_CATALOGUE_DIR): {
  data: CatalogueData;
  problems: CatalogueProblem[];
} {
  const problems: CatalogueProblem[] = [];
  const games = readArray(dir, 'games.json', catalogueGame, problems);
  const gameByName = new Map(games.map((g) => [g.name, g]));
  for (const game of games) {
    const subs = (GENRES as Record<string, readonly string[]>)[game.genre];
    if (!subs)
      problems.push({ file: 'games.json', item: game.name, message: `genre "${game.genre}" is not one of GENRES` });
  }

  const features: CatalogueFeature[] = [];
  const featureKeys = new Set<string>();
  for (const rel of jsonFilesIn(dir, 'features')) {
    for (const feature of readArray(dir, rel, catalogueFeature, problems)) {
      const item = `${feature.game} / ${feature.feature_screen_name}`;
      const key = featureKey(feature.game, feature.feature_screen_name);
      if (!gameByName.has(feature.game))
        problems.push({ file: rel, item, message: `game "${feature.game}" is not in games.json` });
      else if (!isKnownTag(feature.primary_tag, feature.secondary_tag))
        problems.push({
          file: rel,
          item,
          message: `tags "${feature.primary_tag}" / "${feature.secondary_tag}" are not in FEATURE_TAXONOMY`,
        });
      else if (featureKeys.has(key))
        problems.push({ file: rel, item, message: 'duplicate feature_screen_name for this game' });
      else {
        featureKeys.add(key);
        features.push(feature);
      }
    }
  }

  const collections: CatalogueCollection[] = [];
  const slugs = new Set<string>();
  for (const rel of jsonFilesIn(dir, 'collections')) {
    for (const collection of readArray(dir, rel, catalogueCollection, problems)) {
      const missing = collection.sections
        .flatMap((s) => s.features)
        .filter((f) => !featureKeys.has(featureKey(f.game, f.feature_screen_name)));
      for (const m of missing)
        problems.push({
          file: rel,
          item: collection.slug,
          message: `references a missing feature "${m.game} / ${m.feature_screen_name}"`,
        });
      if (slugs.has(collection.slug)) problems.push({ file: rel, item: collection.slug, message: 'duplicate slug' });
      else {
        slugs.add(collection.slug);
        // A collection keeps the features that exist; the missing ones are reported above.
        collections.push({
          ...collection,
          sections: collection.sections
            .map((s) => ({
              ...s,
              features: s.features.filter((f) => featureKeys.has(featureKey(f.game, f.feature_screen_name))),
            }))
            .filter((s) => s.features.length > 0),
        });
      }
    }
  }
  return { data: { games, features, collections }, problems };
}

export const featureKey = (game: string, screen: string) => `${game}\u0000${screen}`;

/** The JSON files of a sub-folder, as paths relative to the catalogue folder, in name order. */
function jsonFilesIn(dir: string, sub: string): string[] {
  const folder = path.join(dir, sub);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => `${sub}/${f}`);
}

function readArray<T>(dir: string, rel: string, schema: z.ZodType<T>, problems: CatalogueProblem[]): T[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(path.join(dir, rel), 'utf8'));
  } catch (err) {
    problems.push({ file: rel, message: `unreadable JSON: ${(err as Error).message}` });
    return [];
  }
  if (!Array.isArray(parsed)) {
    problems.push({ file: rel, message: 'expected a JSON array' });
    return [];
  }
  const out: T[] = [];
  parsed.forEach((entry, index) => {
    const result = schema.safeParse(entry);
    if (result.success) out.push(result.data);
    else {
      const issue = result.error.issues[0];
      const e = (entry ?? {}) as { name?: unknown; feature_screen_name?: unknown; slug?: unknown };
      const label = e.feature_screen_name ?? e.slug ?? e.name ?? `#${index}`;
      problems.push({
        file: rel,
        item: String(label),
        message: `${issue?.path.join('.') || 'entry'}: ${issue?.message}`,
      });
    }
  });
  return out;
}
