import { CATALOGUE_MESSAGES } from '#shared/messages/catalogue';
import { say } from '#shared/messages/errors';
import { resolveScreenshots } from '#shared/image-urls';
import type { FeatureRecord, RandomRecord } from '#shared/schemas/catalogue';
import { MAX_SCREENSHOTS_PER_FEATURE } from '#shared/constants';
import { featuresRepo, type FeatureWithGame } from '../db/repositories/features.repo';
import { gamesRepo } from '../db/repositories/games.repo';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';

/** Games, game info and the random record (spec accounts §7: GET /api/games, /games/orientations, /game-info, /database/random-record). */

type CatalogueDeps = Pick<AppDeps, 'db' | 'random'>;

export const asOrientation = (value: string): 'horizontal' | 'vertical' =>
  value === 'vertical' ? 'vertical' : 'horizontal';

/** The spec's Feature record with its screenshots resolved to URLs (a url preferred per slot). */
export function toFeatureRecord(row: FeatureWithGame): FeatureRecord {
  return {
    id: row.id,
    feature_screen_name: row.featureScreenName,
    game_name: row.gameName,
    game_link: row.gameLink || row.storeUrl,
    primary_tag: row.primaryTag,
    secondary_tag: row.secondaryTag,
    short_description: row.shortDescription,
    detailed_description: row.detailedDescription,
    orientation: asOrientation(row.orientation),
    images: resolveScreenshots(row.screenshots),
  };
}

export async function listGames(deps: CatalogueDeps) {
  return { success: true as const, games: await gamesRepo.listForPicker(deps.db) };
}

export async function gameOrientations(deps: CatalogueDeps) {
  return (await gamesRepo.orientations(deps.db)).map((g) => ({
    game_name: g.name,
    orientation: asOrientation(g.orientation),
  }));
}

/** Genre and sub-genre of a game; an unknown game is `success: false` (the viewer then leaves them empty). */
export async function gameInfo(deps: CatalogueDeps, gameName: string) {
  const game = await gamesRepo.getByName(deps.db, gameName.trim());
  if (!game) return { success: false as const, message: CATALOGUE_MESSAGES.unknownGame };
  return { success: true as const, genre: game.genre, subgenre: game.subgenre };
}

/** One feature picked uniformly at random, in the spec's Random database record shape. */
export async function randomRecord(deps: CatalogueDeps): Promise<RandomRecord> {
  const total = await featuresRepo.count(deps.db);
  if (total === 0) throw new AppError('catalogue_empty', 404, say('catalogue.empty'));
  const pick = Math.min(total - 1, Math.floor((deps.random ?? Math.random)() * total));
  const row = (await featuresRepo.nth(deps.db, pick))!;
  const slot = (i: number) => row.screenshots[i] ?? {};
  const record: Record<string, unknown> = {
    id: row.id,
    game_name: row.gameName,
    feature_screen_name: row.featureScreenName,
    short_description: row.shortDescription,
    detailed_description: row.detailedDescription,
    game_link: row.gameLink || row.storeUrl,
    primary_tag: row.primaryTag,
    secondary_tag: row.secondaryTag,
    orientation: asOrientation(row.orientation),
  };
  for (let i = 0; i < MAX_SCREENSHOTS_PER_FEATURE; i++) {
    record[`screenshot_path${i + 1}`] = slot(i).path ?? null;
    record[`screenshot_url${i + 1}`] = slot(i).url ?? null;
  }
  record.images = resolveScreenshots(row.screenshots);
  return record as RandomRecord;
}
