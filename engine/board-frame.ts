/**
 * One frame of the board: camera transform → visible set (only when the viewport leaves its margin, the level of
 * detail changes or the board changed) → animation poses → bakes within budget → render, then the frame's
 * samples and the events that follow a drawn frame (boardDrawn, frameDrawn). viewChange is told the moment the
 * view changes (announceView), so what mirrors the camera never reads the view before the last one.
 */
import type { Renderer } from 'pixi.js';
import type { CameraController } from './camera-controller';
import type { CardAnimations } from './card-animations';
import type { DrawResolution } from './draw-resolution';
import type { Emitter } from './emitter';
import type { EngineCounters } from './engine-stats';
import type { BoardInteractions } from './interactions';
import type { BoardStore } from './model/board-store';
import { viewsEqual } from './model/camera';
import { selectLod, type LodLevel } from './model/lod';
import type { VisibleRegion } from './model/visible-region';
import type { EngineScene } from './render/engine-scene';
import type { BoardEngineEvents, CameraView } from './types';

export type BoardFrameHost = {
  camera: CameraController;
  store: BoardStore;
  region: VisibleRegion;
  interactions: BoardInteractions;
  animations: CardAnimations;
  events: Emitter<BoardEngineEvents>;
  drawResolution: DrawResolution;
  counters: EngineCounters;
  /** The full resolution (device pixels, 1 in low-spec). */
  resolution(): number;
  lowSpec(): boolean;
};

export class BoardFrame {
  /** The level of detail of the last frame (hit tests read it). */
  lod: LodLevel = 'full';
  private boardDirty = true;
  private lastFrameStart = 0;
  private lastAnnouncedView: CameraView | null = null;
  private lastDrawnView: CameraView | null = null;
  /** When setBoard() was last called, until its first full frame is reported (boardDrawn). */
  private boardSetAt: number | null = null;

  constructor(private readonly host: BoardFrameHost) {}

  /** The cards or sections changed: the next frame queries the visible set again. */
  markBoardDirty(): void {
    this.boardDirty = true;
  }

  /** A new board was set at `now`: boardDrawn reports how long until it is fully drawn. */
  boardSet(now: number): void {
    this.boardSetAt = now;
  }

  /** viewChange, once per view the camera takes: called as the camera changes, and by the first frame. */
  announceView(): void {
    const { camera, events } = this.host;
    if (this.lastAnnouncedView && viewsEqual(this.lastAnnouncedView, camera.view)) return;
    this.lastAnnouncedView = camera.snapshot();
    events.emit('viewChange', camera.snapshot());
  }

  /** Draws one frame; returns whether another is needed. */
  draw(renderer: Renderer, scene: EngineScene): boolean {
    const { camera, region, animations, interactions, events, counters } = this.host;
    const start = performance.now();
    const moving = camera.isMoving(start, this.lastFrameStart) || interactions.gesture.name === 'panning';
    this.lastFrameStart = start;
    const lowSpec = this.host.lowSpec();
    this.lod = selectLod(camera.view.zoom, lowSpec);
    const viewport = camera.viewport();
    if (this.boardDirty || region.needsRebuild(viewport, this.lod)) {
      scene.rebuild(region.commit(viewport, this.lod, this.host.store.bounds()), this.lod);
      this.boardDirty = false;
    }
    const animating = animations.step(start);
    const fullResolution = this.host.resolution();
    const slowMachine = lowSpec || this.host.drawResolution.slow;
    const work = scene.update({
      now: start,
      view: camera.view,
      viewport,
      lod: this.lod,
      moving,
      slowMachine,
      resolution: fullResolution,
    });
    const drawResolution = this.host.drawResolution.apply(
      renderer,
      camera.size,
      fullResolution,
      moving,
      lowSpec,
      start,
    );
    const rendering = performance.now();
    scene.render(renderer, camera.view, drawResolution);
    const end = performance.now();
    counters.frameDrawn(rendering - start, scene.lastBakeMs, scene.lastFrameBakes, end - rendering);
    if (this.boardSetAt !== null) this.reportBoardDrawn(scene, end);
    if (events.has('frameDrawn')) {
      const { bakeBacklog, imagesLoading } = scene.stats();
      // A frame drawn at reduced resolution while the camera moved is followed by a full one once it rests.
      const atRest = !animating && !moving && drawResolution === fullResolution;
      events.emit('frameDrawn', { settled: atRest && bakeBacklog === 0 && imagesLoading === 0 });
    }
    if (!this.lastDrawnView || !viewsEqual(this.lastDrawnView, camera.view)) {
      this.lastDrawnView = camera.snapshot();
      this.announceView();
      // The card under a still pointer may be another now; the same one is told its new rectangle.
      if (!interactions.rehover() && interactions.hoveredId !== null) interactions.emitHover();
    }
    return animating || work || moving || drawResolution !== fullResolution;
  }

  /** boardDrawn, on the first frame after setBoard() in which every card in view is fully drawn. */
  private reportBoardDrawn(scene: EngineScene, now: number): void {
    if (this.boardSetAt === null || !scene.viewportComplete(this.host.camera.viewport(), this.lod)) return;
    const ms = now - this.boardSetAt;
    this.boardSetAt = null;
    this.host.events.emit('boardDrawn', { cards: this.host.store.cards.length, ms });
  }
}
