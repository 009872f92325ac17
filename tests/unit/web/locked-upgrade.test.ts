import { describe, expect, it } from 'vitest';
import { rectInside, upgradeButtonCentre, upgradeButtonScreenRect } from '../../../web/logic/locked-upgrade';

const section = {
  id: 1,
  title: 'Offers',
  color: '#fff',
  position: { x: 100, y: 200 },
  size: { width: 620, height: 500 },
  locked: true,
};

describe('locked section upgrade button', () => {
  it('maps the engine-drawn button (220 × 40, centred, 30 above the bottom edge) to canvas pixels', () => {
    expect(upgradeButtonScreenRect(section, { zoom: 1, offset: { x: 0, y: 0 } })).toEqual({
      x: 300,
      y: 630,
      width: 220,
      height: 40,
    });
    expect(upgradeButtonScreenRect(section, { zoom: 0.5, offset: { x: 10, y: -20 } })).toEqual({
      x: 160,
      y: 295,
      width: 110,
      height: 20,
    });
  });

  it('centres on the button in world units', () => {
    expect(upgradeButtonCentre(section)).toEqual({ x: 410, y: 650 });
  });

  it('knows a button wholly inside the canvas from one partly or wholly outside', () => {
    const size = { width: 800, height: 600 };
    expect(rectInside({ x: 10, y: 10, width: 220, height: 40 }, size)).toBe(true);
    expect(rectInside({ x: 700, y: 10, width: 220, height: 40 }, size)).toBe(false);
    expect(rectInside({ x: 10, y: -50, width: 220, height: 40 }, size)).toBe(false);
  });
});
