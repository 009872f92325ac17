/** The image each card's gallery shows on the canvas (engine 'galleryChange'), so Download saves that one. */
const shown = new Map<number, number>();

export function setShownImage(cardId: number, index: number): void {
  shown.set(cardId, index);
}

export function shownImage(cardId: number): number {
  return shown.get(cardId) ?? 0;
}
