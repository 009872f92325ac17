import { FEATURE_TAXONOMY } from './taxonomy';

export type TagColor = { bg: string; text: string };

/**
 * Category colors (spec board-workspace §3: main-category tags use the category's darker color, sub-tags its
 * lighter color; unknown tags are gray). Includes the board's own category names (Social, Events, UI/UX).
 */
const CATEGORY_COLORS: Record<string, { dark: TagColor; light: TagColor }> = {
  'Core Gameplay': { dark: { bg: '#1D4ED8', text: '#FFFFFF' }, light: { bg: '#DBEAFE', text: '#1E3A8A' } },
  Meta: { dark: { bg: '#7C3AED', text: '#FFFFFF' }, light: { bg: '#EDE9FE', text: '#4C1D95' } },
  HUD: { dark: { bg: '#0F766E', text: '#FFFFFF' }, light: { bg: '#CCFBF1', text: '#134E4A' } },
  Tutorial: { dark: { bg: '#0369A1', text: '#FFFFFF' }, light: { bg: '#E0F2FE', text: '#0C4A6E' } },
  Progression: { dark: { bg: '#15803D', text: '#FFFFFF' }, light: { bg: '#DCFCE7', text: '#14532D' } },
  Goals: { dark: { bg: '#A16207', text: '#FFFFFF' }, light: { bg: '#FEF9C3', text: '#713F12' } },
  Monetization: { dark: { bg: '#B45309', text: '#FFFFFF' }, light: { bg: '#FEF3C7', text: '#78350F' } },
  ADS: { dark: { bg: '#BE123C', text: '#FFFFFF' }, light: { bg: '#FFE4E6', text: '#881337' } },
  LiveOps: { dark: { bg: '#C2410C', text: '#FFFFFF' }, light: { bg: '#FFEDD5', text: '#7C2D12' } },
  Events: { dark: { bg: '#C2410C', text: '#FFFFFF' }, light: { bg: '#FFEDD5', text: '#7C2D12' } },
  Narrative: { dark: { bg: '#9D174D', text: '#FFFFFF' }, light: { bg: '#FCE7F3', text: '#831843' } },
  'Social Features': { dark: { bg: '#4338CA', text: '#FFFFFF' }, light: { bg: '#E0E7FF', text: '#312E81' } },
  Social: { dark: { bg: '#4338CA', text: '#FFFFFF' }, light: { bg: '#E0E7FF', text: '#312E81' } },
  'Game Modes': { dark: { bg: '#0E7490', text: '#FFFFFF' }, light: { bg: '#CFFAFE', text: '#164E63' } },
  'UI/UX': { dark: { bg: '#334155', text: '#FFFFFF' }, light: { bg: '#E2E8F0', text: '#1E293B' } },
  Other: { dark: { bg: '#525252', text: '#FFFFFF' }, light: { bg: '#F5F5F5', text: '#262626' } },
};

const UNKNOWN: TagColor = { bg: '#E5E7EB', text: '#374151' };

const SUBTAG_CATEGORY = new Map<string, string>();
for (const [category, subs] of Object.entries(FEATURE_TAXONOMY)) {
  for (const sub of subs) if (sub !== 'Other' && !SUBTAG_CATEGORY.has(sub)) SUBTAG_CATEGORY.set(sub, category);
}
// The board's chip taxonomy (spec board-workspace §3) names a few sub-tags the catalogue spells differently.
const BOARD_SUBTAGS: Record<string, string> = {
  'New Obstacles': 'Core Gameplay',
  Tutorials: 'UI/UX',
  Interface: 'UI/UX',
  Navigation: 'UI/UX',
  Menus: 'UI/UX',
  Seasonal: 'Events',
  'Limited Time': 'Events',
  Gacha: 'Monetization',
  Crafting: 'Meta',
  Inventory: 'Meta',
  Misc: 'Other',
};
for (const [sub, category] of Object.entries(BOARD_SUBTAGS))
  if (!SUBTAG_CATEGORY.has(sub)) SUBTAG_CATEGORY.set(sub, category);

/** The chip color of a tag: a category's dark pair, a sub-tag's light pair, or gray. */
export function tagColor(tag: string): TagColor {
  const category = CATEGORY_COLORS[tag];
  if (category) return category.dark;
  const parent = SUBTAG_CATEGORY.get(tag);
  return parent ? CATEGORY_COLORS[parent].light : UNKNOWN;
}
