/**
 * Splits cards drawn straight into a target (export tiles) into render passes: at most `max` a pass, in order,
 * and never two overlapping cards in one pass — each pass first clears its cards' rectangles to white, so a
 * later card's white would otherwise land on an earlier card's content. Pure.
 */
import type { Rect } from '../types';
import { rectsIntersect } from './rect';

export function composePasses<T extends Rect>(items: readonly T[], max: number): T[][] {
  const passes: T[][] = [];
  let pass: T[] = [];
  for (const item of items) {
    if (pass.length >= max || pass.some((other) => rectsIntersect(other, item))) {
      passes.push(pass);
      pass = [];
    }
    pass.push(item);
  }
  if (pass.length) passes.push(pass);
  return passes;
}
