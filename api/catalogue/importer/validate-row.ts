import { MAX_SCREENSHOTS_PER_FEATURE } from '#shared/constants';
import { FEATURE_TAXONOMY, GENRES, TIERS } from '#shared/taxonomy';
import type { SourceRow } from './read-source';

/**
 * Checks one import row against the spec's record columns (accounts §3: game_name, feature_screen_name,
 * short_description, detailed_description, game_link, primary_tag, secondary_tag, orientation,
 * screenshot_path1..5, screenshot_url1..5) and returns the row to write or every reason it is refused.
 */

export const REQUIRED_COLUMNS = ['game_name', 'feature_screen_name', 'primary_tag'] as const;
export const KNOWN_COLUMNS = [
  'game_name',
  'feature_screen_name',
  'short_description',
  'detailed_description',
  'game_link',
  'primary_tag',
  'secondary_tag',
  'orientation',
  'genre',
  'subgenre',
  'tier',
  'id',
  ...Array.from({ length: MAX_SCREENSHOTS_PER_FEATURE }, (_, i) => [
    `screenshot_path${i + 1}`,
    `screenshot_url${i + 1}`,
  ]).flat(),
];

export type ImageSlot = {
  /** As it will be stored: http(s) URL, a storage path (static/...), or another path. */
  path: string | null;
  url: string | null;
  /** A local file from --images to copy into storage; `path` is replaced by its storage path when copied. */
  localFile?: string;
};

export type ValidRow = {
  line: number;
  gameName: string;
  featureScreenName: string;
  shortDescription: string;
  detailedDescription: string;
  gameLink: string;
  primaryTag: string;
  secondaryTag: string;
  /** Null: not given, so the game's orientation (or horizontal) applies. */
  orientation: 'horizontal' | 'vertical' | null;
  genre: string | null;
  subgenre: string | null;
  tier: string | null;
  slots: ImageSlot[];
};

export type RowResult = { ok: true; row: ValidRow } | { ok: false; line: number; reasons: string[] };

const LIMITS = { name: 200, short: 2000, detailed: 20000, url: 2000 };
const isHttpUrl = (s: string) => {
  if (!/^https?:\/\//i.test(s)) return false;
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
};

/** A relative or rooted path that cannot climb out of wherever it is resolved (no '..', backslash or control characters). */
export function isSafeImagePath(p: string): boolean {
  if (/[\\\0-\x1f\x7f]/.test(p) || /^[a-z][a-z0-9+.-]*:/i.test(p)) return false;
  return p.split('/').every((seg) => seg !== '..' && seg !== '.');
}

const canonical = (list: readonly string[], value: string) => list.find((x) => x.toLowerCase() === value.toLowerCase());

export function validateRow(source: SourceRow, findLocalImage?: (p: string) => string | null): RowResult {
  const f = (name: string) => (source.fields[name] ?? '').trim();
  const reasons: string[] = [];
  if (source.fieldCountError) reasons.push(`the row ${source.fieldCountError}`);

  const gameName = f('game_name');
  const featureScreenName = f('feature_screen_name');
  if (!gameName) reasons.push('game_name is empty');
  else if (gameName.length > LIMITS.name) reasons.push(`game_name is longer than ${LIMITS.name} characters`);
  if (!featureScreenName) reasons.push('feature_screen_name is empty');
  else if (featureScreenName.length > LIMITS.name)
    reasons.push(`feature_screen_name is longer than ${LIMITS.name} characters`);

  const primaryTag = canonical(Object.keys(FEATURE_TAXONOMY), f('primary_tag'));
  let secondaryTag = '';
  if (!f('primary_tag')) reasons.push('primary_tag is empty');
  else if (!primaryTag)
    reasons.push(
      `primary_tag "${f('primary_tag')}" is not a feature category (${Object.keys(FEATURE_TAXONOMY).join(', ')})`,
    );
  else if (f('secondary_tag')) {
    const subs = (FEATURE_TAXONOMY as Record<string, readonly string[]>)[primaryTag];
    const match = canonical(subs, f('secondary_tag'));
    if (match) secondaryTag = match;
    else reasons.push(`secondary_tag "${f('secondary_tag')}" is not a sub-tag of ${primaryTag} (${subs.join(', ')})`);
  }

  const rawOrientation = f('orientation').toLowerCase();
  const orientation =
    rawOrientation === ''
      ? null
      : ['vertical', 'portrait'].includes(rawOrientation)
        ? 'vertical'
        : ['horizontal', 'landscape'].includes(rawOrientation)
          ? 'horizontal'
          : undefined;
  if (orientation === undefined) reasons.push(`orientation "${f('orientation')}" must be horizontal or vertical`);

  const gameLink = f('game_link');
  if (gameLink && !isHttpUrl(gameLink)) reasons.push(`game_link "${gameLink}" is not an http(s) URL`);
  const shortDescription = f('short_description');
  const detailedDescription = (source.fields.detailed_description ?? '').trim();
  if (shortDescription.length > LIMITS.short)
    reasons.push(`short_description is longer than ${LIMITS.short} characters`);
  if (detailedDescription.length > LIMITS.detailed)
    reasons.push(`detailed_description is longer than ${LIMITS.detailed} characters`);

  const genre = f('genre') ? (canonical(Object.keys(GENRES), f('genre')) ?? null) : null;
  if (f('genre') && !genre) reasons.push(`genre "${f('genre')}" is not one of ${Object.keys(GENRES).join(', ')}`);
  const tier = f('tier') ? (canonical(TIERS, f('tier')) ?? null) : null;
  if (f('tier') && !tier) reasons.push(`tier "${f('tier')}" is not one of ${TIERS.join(', ')}`);

  const slots: ImageSlot[] = [];
  for (let i = 1; i <= MAX_SCREENSHOTS_PER_FEATURE; i++) {
    const path = f(`screenshot_path${i}`);
    const url = f(`screenshot_url${i}`);
    if (url && !(isHttpUrl(url) || (url.startsWith('/') && isSafeImagePath(url))))
      reasons.push(`screenshot_url${i} "${url}" is not an http(s) URL or a /path`);
    if (url.length > LIMITS.url || path.length > LIMITS.url)
      reasons.push(`screenshot ${i} is longer than ${LIMITS.url} characters`);
    let localFile: string | undefined;
    if (path && !isHttpUrl(path)) {
      if (!isSafeImagePath(path)) reasons.push(`screenshot_path${i} "${path}" is not a safe path`);
      else if (findLocalImage) {
        const found = findLocalImage(path);
        if (found) localFile = found;
        else if (!url) reasons.push(`screenshot_path${i} "${path}" is not in the --images folder`);
      }
    }
    if (path || url) slots.push({ path: path || null, url: url || null, localFile });
  }

  if (reasons.length) return { ok: false, line: source.line, reasons };
  return {
    ok: true,
    row: {
      line: source.line,
      gameName,
      featureScreenName,
      shortDescription,
      detailedDescription,
      gameLink,
      primaryTag: primaryTag!,
      secondaryTag,
      orientation: orientation ?? null,
      genre,
      subgenre: f('subgenre') || null,
      tier,
      slots,
    },
  };
}
