import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STORAGE_URL_PREFIX } from '#shared/image-urls';
import { bundle } from '../runtime-files';
import type {
  CatalogueCollection,
  CatalogueData,
  CatalogueFeature,
  CatalogueGame,
  ScreenDescriptor,
} from './catalogue-files';
import { featureKey } from './catalogue-files';

/**
 * Turns the catalogue files into what the loader writes and what the generator draws: every screenshot gets a
 * storage path named by a hash of everything that decides its pixels (the screen descriptor, the game's palette,
 * orientation and genre, and the drawing code itself), so a restart finds it already there and a change to any
 * of those draws a new file instead of serving a stale one.
 */

export type ScreenJob = {
  kind: 'screen';
  /** Path under the storage root, e.g. catalogue/royal-match/royal-pass-1-3f9a0c12d4e5.webp */
  relative: string;
  game: Pick<CatalogueGame, 'name' | 'genre' | 'subgenre' | 'orientation' | 'palette'>;
  screen: ScreenDescriptor;
  index: number;
};

export type CoverJob = {
  kind: 'cover';
  relative: string;
  collection: Pick<CatalogueCollection, 'name' | 'category' | 'description' | 'type'>;
  featureCount: number;
  /** Up to three screenshots (storage paths) shown on the cover; drawn first. */
  screenshots: string[];
};

export type PlannedFeature = CatalogueFeature & {
  orientation: 'horizontal' | 'vertical';
  gameLink: string;
  /** Storage paths by the spec's rules: `static/<relative>` is served at /api/storage/<relative>. */
  screenshotPaths: string[];
};

export type PlannedCollection = CatalogueCollection & { imageUrl: string; sortOrder: number };

export type CataloguePlan = {
  games: CatalogueGame[];
  features: PlannedFeature[];
  collections: PlannedCollection[];
  screens: ScreenJob[];
  covers: CoverJob[];
};

const screensDir = fileURLToPath(new URL('./screens', import.meta.url));
const coverFile = fileURLToPath(new URL('./cover.ts', import.meta.url));
let fingerprint: string | undefined;

/**
 * A hash of the drawing code, so edited templates never leave old pictures behind under the same name. A bundle has
 * no sources to read: the build computes it from them with this function and writes it into the bundle.
 */
export function generatorFingerprint(): string {
  if (bundle) return bundle.generatorFingerprint;
  if (fingerprint) return fingerprint;
  const hash = crypto.createHash('sha256');
  const files = [...listFiles(screensDir), coverFile].filter((f) => fs.existsSync(f)).sort();
  for (const file of files) hash.update(path.relative(screensDir, file)).update(fs.readFileSync(file));
  fingerprint = hash.digest('hex').slice(0, 16);
  return fingerprint;
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** URL-safe lowercase slug of a name ("Monopoly GO!" → "monopoly-go"). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'item';
}

const shortHash = (value: unknown) =>
  crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 12);

export const toStoragePath = (relative: string) => `static/${relative}`;
/** The shape of a path the generator gives a demo screenshot (and nothing an import produces). */
export const isGeneratedScreenshotPath = (p: string) =>
  /^static\/catalogue\/[a-z0-9-]+\/[a-z0-9-]+-\d-[0-9a-f]{12}\.webp$/.test(p);
export const toStorageUrl = (relative: string) => `${STORAGE_URL_PREFIX}${relative}`;

export function planCatalogue(data: CatalogueData): CataloguePlan {
  const version = generatorFingerprint();
  const gameByName = new Map(data.games.map((g) => [g.name, g]));
  const screens: ScreenJob[] = [];
  const pathsByFeature = new Map<string, string[]>();

  const features: PlannedFeature[] = [];
  for (const feature of data.features) {
    const game = gameByName.get(feature.game);
    if (!game) continue;
    const gameSlug = slugify(game.name);
    const featureSlug = slugify(feature.feature_screen_name);
    const relatives = feature.screens.map((screen, index) => {
      const drawn = {
        name: game.name,
        genre: game.genre,
        subgenre: game.subgenre,
        orientation: game.orientation,
        palette: game.palette,
      };
      const relative = `catalogue/${gameSlug}/${featureSlug}-${index + 1}-${shortHash({ version, drawn, screen, index })}.webp`;
      screens.push({ kind: 'screen', relative, game: drawn, screen, index });
      return relative;
    });
    pathsByFeature.set(featureKey(feature.game, feature.feature_screen_name), relatives);
    features.push({
      ...feature,
      orientation: game.orientation,
      gameLink: game.storeUrl,
      screenshotPaths: relatives.map(toStoragePath),
    });
  }

  const covers: CoverJob[] = [];
  const collections: PlannedCollection[] = data.collections.map((collection, sortOrder) => {
    const refs = collection.sections.flatMap((s) => s.features);
    const screenshots = refs
      .map((f) => pathsByFeature.get(featureKey(f.game, f.feature_screen_name))?.[0])
      .filter((p): p is string => Boolean(p))
      .slice(0, 3);
    const drawn = {
      name: collection.name,
      category: collection.category,
      description: collection.description,
      type: collection.type,
    };
    const relative = `catalogue/collections/${collection.slug}-${shortHash({ version, drawn, count: refs.length, screenshots })}.webp`;
    covers.push({ kind: 'cover', relative, collection: drawn, featureCount: refs.length, screenshots });
    return { ...collection, imageUrl: toStorageUrl(relative), sortOrder };
  });

  return { games: data.games, features, collections, screens, covers };
}
