import { FEATURE_TAXONOMY, GENRES, TIERS } from '#shared/taxonomy';

/**
 * A generated catalogue of any size for the importer test and the feature-search bench: realistic spreads of
 * games, genres, tags and screenshots, deterministic for a given size.
 */
export type GeneratedRow = Record<string, string>;

export const CSV_COLUMNS = [
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
  'screenshot_path1',
  'screenshot_url1',
  'screenshot_path2',
  'screenshot_url2',
  'screenshot_path3',
  'screenshot_url3',
  'screenshot_path4',
  'screenshot_url4',
  'screenshot_path5',
  'screenshot_url5',
] as const;

const SCREENS = [
  'Shop',
  'Starter Pack',
  'Daily Quests',
  'Season Pass',
  'Level Map',
  'Team Chat',
  'Leaderboard',
  'Piggy Bank',
  'Spin Wheel',
  'Tutorial',
];

export function generateRows(count: number, gameCount = Math.max(10, Math.round(count / 50))): GeneratedRow[] {
  const categories = Object.keys(FEATURE_TAXONOMY) as (keyof typeof FEATURE_TAXONOMY)[];
  const genres = Object.keys(GENRES) as (keyof typeof GENRES)[];
  const rows: GeneratedRow[] = [];
  for (let i = 0; i < count; i++) {
    const game = i % gameCount;
    const category = categories[i % categories.length];
    const subs = FEATURE_TAXONOMY[category];
    const genre = genres[game % genres.length];
    const shots = 1 + (i % 5);
    const row: GeneratedRow = {
      game_name: `Generated Game ${game + 1}`,
      feature_screen_name: `${SCREENS[i % SCREENS.length]} ${Math.floor(i / gameCount) + 1}`,
      short_description: `A ${category.toLowerCase()} screen, variant ${i + 1}, with a clear call to action.`,
      detailed_description: `**${SCREENS[i % SCREENS.length]}** shown after level ${10 + (i % 90)}.\n\n- Reward: ${100 + i} coins\n- "Quoted, with commas", and a second line`,
      game_link: `https://play.google.com/store/apps/details?id=com.generated.game${game + 1}`,
      primary_tag: category,
      secondary_tag: subs[(i >> 2) % subs.length],
      orientation: game % 2 ? 'vertical' : 'horizontal',
      genre,
      subgenre: GENRES[genre][game % GENRES[genre].length],
      tier: TIERS[game % TIERS.length],
    };
    for (let s = 1; s <= 5; s++) {
      row[`screenshot_path${s}`] = s <= shots ? `static/generated/${game + 1}/${i + 1}-${s}.webp` : '';
      row[`screenshot_url${s}`] = s === 2 && s <= shots ? `https://cdn.example.com/shots/${i + 1}-2.webp` : '';
    }
    rows.push(row);
  }
  return rows;
}

const csvField = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function toCsv(rows: GeneratedRow[], columns: readonly string[] = CSV_COLUMNS): string {
  return [columns.join(','), ...rows.map((r) => columns.map((c) => csvField(r[c] ?? '')).join(','))].join('\n') + '\n';
}
