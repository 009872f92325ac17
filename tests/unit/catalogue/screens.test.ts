import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SCREEN_TEMPLATES, type ScreenDescriptor } from '../../../api/catalogue/catalogue-files';
import { wrap } from '../../../api/catalogue/screens/kit';
import { renderScreenSvg } from '../../../api/catalogue/screens/render-screen';
import { fixtureGames } from './fixture-catalogue';

const portraitGame = fixtureGames[0];
const landscapeGame = fixtureGames[1];

const full = (template: ScreenDescriptor['template']): ScreenDescriptor => ({
  template,
  title: 'Royal <Pass> & "Friends"',
  subtitle: 'Season 14 · 12 days left',
  items: [
    'Tier 1 — 50 coins',
    'Tier 2 — Rocket',
    'Anna: need a life!',
    'Win 3 levels — 2/3',
    'Moves 24',
    'Goal: 30 crates',
    'A very long label that must never overflow the tile it sits in',
    '1 You — 9 800',
  ],
  price: '$9.99',
  oldPrice: '$19.99',
  timer: '11d 23h',
  badge: '-50%',
  buttons: ['Unlock Royal Pass', 'Later', 'Ask Friends'],
  progress: 0.4,
});

describe('screenshot templates', () => {
  it.each(SCREEN_TEMPLATES.map((t) => [t]))(
    '%s draws a well-formed SVG in both orientations, with labels escaped',
    (template) => {
      for (const game of [portraitGame, landscapeGame]) {
        const svg = renderScreenSvg(game, full(template), 0);
        const [w, h] = game.orientation === 'vertical' ? [720, 1280] : [1280, 720];
        expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"`)).toBe(true);
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
        expect(svg).not.toContain('<Pass>');
        // Painted in the game's palette: the world behind the UI uses its secondary and accent colors.
        expect(svg.includes(game.palette[1]) && svg.includes(game.palette[2])).toBe(true);
      }
    },
  );

  it.each(SCREEN_TEMPLATES.map((t) => [t]))('%s draws with only the required title', (template) => {
    const svg = renderScreenSvg(landscapeGame, { template, title: 'Only a title' }, 2);
    expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  });

  it('is deterministic, and differs between screens, indexes and games', () => {
    const a = renderScreenSvg(portraitGame, full('offer'), 0);
    expect(renderScreenSvg(portraitGame, full('offer'), 0)).toBe(a);
    expect(renderScreenSvg(portraitGame, { ...full('offer'), price: '$4.99' }, 0)).not.toBe(a);
    expect(renderScreenSvg(portraitGame, full('offer'), 1)).not.toBe(a);
    expect(renderScreenSvg(fixtureGames[2], full('offer'), 0)).not.toBe(a);
  });

  it('rasterises to an image of the screen size (sharp reads every template)', async () => {
    for (const template of ['offer', 'gameplay', 'level-map', 'profile'] as const) {
      const meta = await sharp(Buffer.from(renderScreenSvg(landscapeGame, full(template), 0))).metadata();
      expect([meta.width, meta.height]).toEqual([1280, 720]);
    }
    const stats = await sharp(Buffer.from(renderScreenSvg(portraitGame, full('shop'), 0))).stats();
    // A drawn screen, not a blank: the channels vary a lot.
    expect(stats.channels[0].stdev).toBeGreaterThan(20);
  });

  it('wraps text into lines that fit, ellipsizing the last one', () => {
    const lines = wrap('one two three four five six seven eight nine ten eleven twelve', 200, 20, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('…')).toBe(true);
    for (const line of lines) expect(line.length * 20 * 0.58).toBeLessThanOrEqual(200 + 20);
  });
});
