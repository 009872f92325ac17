import type { EngineCard, EngineSection } from '#engine/types';

export function makeCard(id: number, x: number, y: number, extra: Partial<EngineCard> = {}): EngineCard {
  return {
    id,
    sectionId: null,
    title: `Card ${id}`,
    description: 'A description',
    game: 'Game',
    gameLink: 'https://example.com/game',
    images: ['/api/storage/a.webp', '/api/storage/b.webp'],
    tags: ['Meta'],
    orientation: 'horizontal',
    isBookmarked: false,
    position: { x, y },
    ...extra,
  };
}

export function makeSection(
  id: number,
  x: number,
  y: number,
  width: number,
  height: number,
  extra: Partial<EngineSection> = {},
): EngineSection {
  return { id, title: `Section ${id}`, color: '#DDE7FF', position: { x, y }, size: { width, height }, ...extra };
}
