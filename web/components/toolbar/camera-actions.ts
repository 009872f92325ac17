import type { BoardEngine, CameraView } from '#engine/types';
import { LAYOUT_START_Y, ZOOM_DEFAULT } from '#shared/constants';
import { revealRect, zoomToAround } from '#engine/model/camera';
import { stepZoom, VIEW_TOP_CLEARANCE_PX, type ZoomRange } from '../../logic/camera-math';
import { topClearance } from '../board/chrome-clearance';
import { useAppStore } from '../../stores/app.store';

function center() {
  const { width, height } = useAppStore.getState().canvasSize;
  return { x: width / 2, y: height / 2 };
}

function apply(engine: BoardEngine, view: CameraView) {
  engine.setView(view);
}

/** One 0.1 zoom step, anchored on the canvas centre, within the caller's range (toolbar or shortcuts). */
export function stepCameraZoom(engine: BoardEngine, direction: 1 | -1, range: ZoomRange) {
  const view = engine.getView();
  apply(engine, zoomToAround(view, stepZoom(view.zoom, direction, range), center()));
}

/** '0': zoom 1, keeping the centre where it is. */
export function resetZoom(engine: BoardEngine) {
  apply(engine, zoomToAround(engine.getView(), ZOOM_DEFAULT, center()));
}

/**
 * 'r' and Reset View: zoom 1 at the board's origin (spec), lowered so the first row (y = 50) starts below the
 * floating toolbar and search bar instead of under them.
 */
export function resetCamera(engine: BoardEngine) {
  apply(engine, { ...RESET_VIEW, offset: { x: 0, y: topClearance() - LAYOUT_START_Y } });
}

export const RESET_VIEW: CameraView = {
  zoom: ZOOM_DEFAULT,
  offset: { x: 0, y: VIEW_TOP_CLEARANCE_PX - LAYOUT_START_Y },
};

/** Screen pixels kept clear around a card the camera brings into view. */
const REVEAL_MARGIN_PX = 24;

/**
 * Pans just enough to bring the cards into view below the floating chrome, at the same zoom (a card
 * moved through the context menu went out of view); leaves the camera alone when they are in view already.
 */
export function revealCards(engine: BoardEngine, cardIds: number[]) {
  const rect = engine.cardBounds(cardIds);
  const { width, height } = useAppStore.getState().canvasSize;
  if (rect.width <= 0 || width <= 0 || height <= 0) return;
  const view = engine.getView();
  const next = revealRect(
    view,
    rect,
    { width, height },
    { top: topClearance(), right: REVEAL_MARGIN_PX, bottom: REVEAL_MARGIN_PX, left: REVEAL_MARGIN_PX },
  );
  if (next !== view) apply(engine, next);
}
