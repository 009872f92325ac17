/**
 * The engine lab: mounts the board engine (or, with ?renderer=dom, the DOM comparison renderer) on a generated
 * board, for the Playwright test and the benchmark. Query: ?cards=2000&renderer=engine|dom&lowSpec=auto|0|1&seed=1.
 * Exposes window.__lootEngine (the engine) and window.__lootLab (board data, recorded events, sweep, memory).
 */
import { createBoardEngine } from '#engine';
import type { BoardData, BoardEngine, BoardEngineEventName, CameraView } from '#engine/types';
import { DomBoard } from './dom-board';
import { generateBoard, paintScreenshots } from './lab-board';
import { runSweep, sweepView, type SweepResult } from './sweep';

/** Own images are 4:3 photos and screenshots: one per card, horizontal cards, as users' uploads would be. */
function withOwnImages(board: BoardData, names: string[]): BoardData {
  return {
    ...board,
    cards: board.cards.map((card, i) => ({
      ...card,
      orientation: 'horizontal',
      images: [`/api/storage/own/${names[i % names.length]}`],
    })),
  };
}

type LabEvent = { name: BoardEngineEventName; payload: unknown; at: number };

const EVENT_NAMES: BoardEngineEventName[] = [
  'cardClick',
  'cardOpen',
  'cardHover',
  'cardContextMenu',
  'sectionContextMenu',
  'dragStart',
  'dragMove',
  'dragEnd',
  'sectionMove',
  'sectionResize',
  'sectionTitleClick',
  'lockedSectionUpgrade',
  'findSimilar',
  'bookmarkMarker',
  'cameraChange',
  'selectRect',
  'backgroundClick',
  'lowSpecChange',
  'gameLinkClick',
  'galleryChange',
  'cardLanded',
];

const params = new URLSearchParams(location.search);
const cardCount = Number(params.get('cards') ?? 2000);
const rendererKind = params.get('renderer') === 'dom' ? 'dom' : 'engine';
const lowSpecParam = params.get('lowSpec') ?? 'auto';
const seed = Number(params.get('seed') ?? 1);
/** ?own=1: every card shows one of the benchmark's own images (api/storage/own/index.json lists them). */
const ownImages = params.get('own') === '1';
const host = document.getElementById('board')!;
const hud = document.getElementById('hud')!;

async function main() {
  const images = await paintScreenshots(48);
  let board: BoardData = generateBoard(cardCount, images, seed);
  if (ownImages) board = withOwnImages(board, (await (await fetch('/api/storage/own/index.json')).json()) as string[]);
  const events: LabEvent[] = [];
  let engine: BoardEngine | null = null;
  let dom: DomBoard | null = null;
  let view: CameraView = { zoom: 1, offset: { x: 0, y: 0 } };

  if (rendererKind === 'engine') {
    const gl = params.get('gl');
    engine = createBoardEngine(host, {
      lowSpec: lowSpecParam === 'auto' ? undefined : lowSpecParam === '1',
      renderer: gl === 'canvas' || gl === 'webgl' ? gl : undefined,
    });
    for (const name of EVENT_NAMES) engine.on(name, (payload) => events.push({ name, payload, at: performance.now() }));
    await engine.ready;
    engine.setBoard(board);
    (window as unknown as { __lootEngine: BoardEngine }).__lootEngine = engine;
  } else {
    dom = new DomBoard(host);
    dom.setBoard(board);
    dom.setView(view);
  }

  const setView = (v: CameraView) => {
    view = v;
    if (engine) engine.setView(v);
    else dom!.setView(v);
  };
  const bounds = () => {
    if (engine) return engine.getBoardBounds();
    const xs = board.cards.map((c) => c.position.x);
    const ys = board.cards.map((c) => c.position.y);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { x, y, width: Math.max(...xs) + 340 - x, height: Math.max(...ys) + 430 - y };
  };

  const lab = {
    renderer: rendererKind,
    get board() {
      return board;
    },
    events,
    clearEvents: () => events.splice(0),
    viewport: () => ({ width: host.clientWidth, height: host.clientHeight }),
    setView,
    load(count: number, nextSeed = seed) {
      board = generateBoard(count, images, nextSeed);
      if (engine) engine.setBoard(board);
      else dom!.setBoard(board);
    },
    unload() {
      board = { cards: [], sections: [] };
      if (engine) engine.setBoard(board);
      else dom!.setBoard(board);
    },
    renderedCards: () => (engine ? engine.getStats().renderedCards : dom!.renderedCards),
    /** Puts the camera where the sweep starts, so a settle before sweep() measures the sweep, not a jump to it. */
    toSweepStart: () => setView(sweepView(0, bounds(), lab.viewport())),
    sweep: (frames = 300): Promise<SweepResult> => runSweep(setView, bounds(), lab.viewport(), frames),
    /**
     * Settles: resolves on the first frame drawn from now on with no bake waiting and no image loading (engine), or
     * once the DOM board's pending update has run; `maxMs` only bounds the wait.
     */
    settle(maxMs = 5000): Promise<void> {
      if (!engine) return dom!.settled();
      const drawing = engine;
      return new Promise<void>((resolve) => {
        const done = () => {
          off();
          clearTimeout(bound);
          resolve();
        };
        const off = drawing.on('frameDrawn', ({ settled }) => {
          if (settled) done();
        });
        const bound = setTimeout(done, maxMs);
        // A still board draws nothing: this frame tells about the board as it is now.
        drawing.requestFrame();
      });
    },
    memory() {
      const gc = (window as unknown as { gc?: () => void }).gc;
      gc?.();
      const m = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      return m ? m.usedJSHeapSize : null;
    },
  };
  (window as unknown as { __lootLab: typeof lab }).__lootLab = lab;

  setInterval(() => {
    const s = engine?.getStats();
    hud.textContent = s
      ? `${s.lod} zoom ${s.zoom.toFixed(2)} · ${s.renderedCards} cards drawn / ${s.totalCards} · bakes ${s.bakes} · tex ${(s.textures.bytes / 1048576).toFixed(1)} MB`
      : `DOM · ${dom!.renderedCards} cards / ${board.cards.length}`;
  }, 500);
  document.body.dataset.ready = 'true';
}

void main();
