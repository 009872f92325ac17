/**
 * Texts the board canvas draws itself (engine/render): the card's gallery and 'Find similar' bar (spec
 * board-workspace §2), the own-image badge, and a locked section's placeholder (spec accounts §2, §4).
 */
export const canvas = {
  findSimilar: 'Find similar',
  loadingImage: 'Loading...',
  noImage: 'No image',
  ownImageBadge: 'Own',
  lockedTitle: 'Premium Section',
  lockedUpgrade: 'Upgrade Plan to Unlock',
};
