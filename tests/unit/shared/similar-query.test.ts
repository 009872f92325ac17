import { describe, expect, it } from 'vitest';
import { readSimilarQuery, similarQueryText } from '#shared/similar-query';

describe('find-similar query text (spec board-workspace §5): built by the web, read by the engine', () => {
  const card = {
    title: 'Piggy Bank: Coins',
    tags: ['Monetization', 'Shop'],
    description: 'Fills as you play; break it for gems.',
  };

  it('reads back exactly what it builds', () => {
    expect(readSimilarQuery(similarQueryText(card, 'Match-3'))).toEqual({
      title: 'Piggy Bank: Coins',
      genre: 'Match-3',
      tags: 'Monetization, Shop',
      description: 'Fills as you play; break it for gems.',
    });
  });

  it("says 'any' genre without a subgenre, and reads it back as such", () => {
    expect(readSimilarQuery(similarQueryText(card, null))?.genre).toBe('any');
    expect(readSimilarQuery(similarQueryText(card, ''))?.genre).toBe('any');
  });

  it('forgives case, and is null for any other query', () => {
    const retyped = similarQueryText(card, 'Merge').toLowerCase();
    expect(readSimilarQuery(retyped)?.genre).toBe('merge');
    expect(readSimilarQuery('starter pack in match-3')).toBeNull();
    expect(readSimilarQuery('find me features similar to')).toBeNull();
  });
});
