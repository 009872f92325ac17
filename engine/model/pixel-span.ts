/**
 * How many whole pixels a shape drawn from a pixel's left (or top) edge covers when it is `length` pixels long.
 * The GPU fills a pixel when the pixel's centre lies inside the shape, a centre exactly on the far edge left out,
 * so a card 207.5 px wide covers 207 columns, not the 208 Math.round gives: the 208th column's centre sits on the
 * card's edge, outside its border and its rounded corners.
 *
 * @example pixelsCovered(207.5) // 207
 * @example pixelsCovered(207.6) // 208
 * @example pixelsCovered(340) // 340
 */
export function pixelsCovered(length: number): number {
  return Math.max(0, Math.ceil(length - 0.5));
}
