import { describe, expect, it } from 'vitest';
import { isOwnCard, isOwnImageUrl, titleFromFileName } from '#shared/own-images';
import { PLANS, storageBytesForPlan } from '#shared/plans';

const sha = 'a'.repeat(64);

describe('own images: shared rules', () => {
  it('recognises only stored own image URLs', () => {
    expect(isOwnImageUrl(`/api/storage/own/${sha}.png`)).toBe(true);
    expect(isOwnImageUrl(`/api/storage/own/${sha}.webp`)).toBe(true);
    for (const url of [
      `/api/storage/w/96/own/${sha}.png`,
      `/api/storage/own/${sha}.svg`,
      `/api/storage/own/../${sha}.png`,
      '/api/storage/own/abc.png',
      `https://x.test/api/storage/own/${sha}.png`,
    ]) {
      expect(isOwnImageUrl(url), url).toBe(false);
    }
    expect(isOwnCard({ images: ['/api/storage/catalogue/a.webp', `/api/storage/own/${sha}.jpg`] })).toBe(true);
    expect(isOwnCard({ images: ['/api/storage/catalogue/a.webp'] })).toBe(false);
  });

  it('titles a card after its file name without the extension', () => {
    expect(titleFromFileName('Offer screen.final.PNG')).toBe('Offer screen.final');
    expect(titleFromFileName('C:\\shots\\daily.jpg')).toBe('daily');
    expect(titleFromFileName('.png')).toBe('Image');
  });

  it('gives every plan a storage quota, growing with the plan, Pro unlimited', () => {
    const quotas = PLANS.map((p) => storageBytesForPlan(p.id));
    expect(quotas[0]).toBe(200 * 1024 * 1024);
    expect(quotas[1]).toBeGreaterThan(quotas[0]);
    expect(quotas[2]).toBeGreaterThan(quotas[1]);
    expect(quotas[3]).toBe(-1);
    expect(storageBytesForPlan(999)).toBe(quotas[0]);
  });
});
