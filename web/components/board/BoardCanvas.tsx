import { useEffect, useRef, useState } from 'react';
import { useCanEdit } from '../../data/board-role';
import { useTranslation } from 'react-i18next';
import { createBoardEngine } from '#engine';
import type { BoardEngine, CameraView, CanvasTexts } from '#engine/types';
import { STORAGE_KEYS, VIEW_SAVE_DELAY_MS } from '#shared/constants';
import type { Card, Section } from '../../data/wire';
import { diffGrownCards } from '../../logic/card-list-growth';
import { diffCards, toBoardData, toEngineCard } from '../../logic/engine-data';
import { loadBoardView, saveBoardView } from '../../logic/view-state';
import { useAppStore } from '../../stores/app.store';
import { exposeEngineForDebug } from '../large-board/engine-debug';
import { useEngineLowSpec, useLowSpecNotice } from '../large-board/low-spec';
import { useBoardLoadSignals } from '../large-board/use-board-load-signals';
import { useEngineEvents } from './use-engine-events';
import { viewsEqual } from '#engine/model/camera';
import { frameView, RESET_VIEW } from '../../logic/camera-math';
import { openingRect } from './frame-results';
import { BoardController } from './board-controller';

type Props = {
  boardId: number | null;
  cards: Card[];
  sections: Section[];
  /** The whole card list has arrived (a large board streams in pages: the board is usable before). */
  complete: boolean;
  /** Spec §2: the board content shows only when the board has cards or sections and no full-screen view is open. */
  visible: boolean;
  /** The controller the rest of the web reaches the board through, made once the engine is created. */
  onController: (controller: BoardController | null) => void;
  onRenameSection: (sectionId: number) => void;
};

/**
 * The only bridge between React and the PixiJS engine (ARCHITECTURE.md): mounts createBoardEngine, hands it the
 * board's cards and sections, restores and saves the per-board view, and routes its events to commands. The rest of
 * the web reaches the engine only through the BoardController made here (docs/decisions/0023-one-board-controller.md).
 */
export function BoardCanvas({ boardId, cards, sections, complete, visible, onController, onRenameSection }: Props) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<BoardEngine | null>(null);
  const [controller, setController] = useState<BoardController | null>(null);
  const shown = useRef<{ boardId: number | null; cards: Card[]; sections: Section[] }>({
    boardId: null,
    cards: [],
    sections: [],
  });
  /** A board opened at Reset View (no saved view), until its sections have arrived to check what that shows. */
  const opening = useRef<number | null>(null);
  const viewer = useAppStore((s) => s.viewer);
  const canEdit = useCanEdit();
  const selected = useAppStore((s) => s.selectedCardIds);
  const view = useAppStore((s) => s.view);
  const liveStatus = useAppStore((s) => s.liveStatus);
  const layoutRunsEnded = useAppStore((s) => s.layoutRunsEnded);
  const layoutRunning = useAppStore((s) => s.layoutRunning);
  // While the user drags cards or moves / resizes a section, board data (another screen's change) waits.
  const [editing, setEditing] = useState(false);
  const { i18n } = useTranslation('canvas');
  const canvasTexts = () => i18n.getResourceBundle(i18n.resolvedLanguage ?? i18n.language, 'canvas') as CanvasTexts;

  // Mount once; the engine owns the canvas inside the host until unmount (calls before it is ready are queued).
  useEffect(() => {
    const lowSpec = localStorage.getItem(STORAGE_KEYS.lowSpecMode);
    const created = createBoardEngine(hostRef.current!, {
      origin: window.location.origin,
      texts: canvasTexts(),
      ...(lowSpec === null ? {} : { lowSpec: lowSpec === '1' }),
    });
    const made = new BoardController(created);
    setEngine(created);
    setController(made);
    onController(made);
    exposeEngineForDebug(created);
    return () => {
      onController(null);
      exposeEngineForDebug(null);
      created.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const host = hostRef.current!;
    const observer = new ResizeObserver(() =>
      useAppStore.getState().setCanvasSize(host.clientWidth, host.clientHeight),
    );
    observer.observe(host);
    return () => observer.disconnect();
  }, []);

  useEffect(() => engine?.on('editingChange', ({ editing: now }) => setEditing(now)), [engine]);

  // The canvas's own words follow the interface language.
  useEffect(() => engine?.setTexts(canvasTexts()), [engine, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps

  // Board data in: a new board (or added / removed cards) resets the scene, other edits patch it; pages of a
  // board streaming in are appended. Held back while the user edits the board with a gesture (a reset would cancel
  // it, a patch would move what is held): it goes in at the gesture's end, after the user's own change.
  useEffect(() => {
    if (!engine || (editing && shown.current.boardId === boardId)) return;
    const prev = shown.current;
    const boardChanged = prev.boardId !== boardId;
    const grown = boardChanged || prev.sections !== sections ? null : diffGrownCards(prev.cards, cards);
    const diff = grown
      ? grown.patches
      : boardChanged || prev.sections !== sections
        ? 'reset'
        : diffCards(prev.cards, cards);
    if (diff === 'reset') engine.setBoard(toBoardData(cards, sections), { animate: !boardChanged });
    else if (diff.length) engine.updateCards(diff);
    if (grown) engine.appendCards(grown.added.map(toEngineCard));
    shown.current = { boardId, cards, sections };
    if (boardChanged && boardId !== null) {
      const saved = loadBoardView(boardId);
      const view = saved ?? RESET_VIEW;
      engine.setView(view);
      opening.current = saved ? null : boardId;
    }
    if (opening.current !== null && opening.current === boardId && sections.length > 0) {
      opening.current = null;
      // Not on a locked placeholder, unless the user has moved the camera meanwhile.
      const rect = openingRect(sections);
      const { width, height } = useAppStore.getState().canvasSize;
      if (rect && width > 0 && height > 0 && viewsEqual(engine.getView(), RESET_VIEW)) {
        const first = frameView(rect, { width, height });
        engine.setView(first);
      }
    }
  }, [engine, boardId, cards, sections, editing]);

  // Spec accounts §4: the view is saved 0.5 s after it settles, per board (toolbar, keys, wheel, pan alike).
  useEffect(() => {
    if (!engine || boardId === null || boardId <= 0) return;
    let timer = 0;
    let pending: CameraView | null = null;
    const off = engine.on('viewChange', (view) => {
      pending = view;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        saveBoardView(boardId, view);
        pending = null;
      }, VIEW_SAVE_DELAY_MS);
    });
    return () => {
      off();
      window.clearTimeout(timer);
      // Leaving the board inside the 0.5 s window still keeps where the user was.
      if (pending) saveBoardView(boardId, pending);
    };
  }, [engine, boardId]);

  // Spec §4: dragging is disabled while the fullscreen viewer is open, and on a viewer's read-only board.
  useEffect(() => engine?.setDragEnabled(viewer === null && canEdit), [engine, viewer, canEdit]);
  useEffect(() => engine?.setSelection(selected), [engine, selected]);

  useEngineEvents(controller, boardId, cards, onRenameSection);
  useLowSpecNotice(controller);
  const lowSpec = useEngineLowSpec(controller);
  const loadSignals = useBoardLoadSignals(controller, boardId, cards.length, complete);

  // The camera and the layout runs are mirrored on the host as data attributes: handy for tools and tests that cannot
  // read WebGL.
  return (
    <div
      ref={hostRef}
      className="board-canvas"
      data-testid="board-canvas"
      data-zoom={view.zoom}
      data-offset-x={Math.round(view.offset.x)}
      data-offset-y={Math.round(view.offset.y)}
      data-low-spec={lowSpec ? 'true' : 'false'}
      data-live={liveStatus}
      data-editing={editing ? 'true' : 'false'}
      data-layout-runs={layoutRunsEnded}
      data-layout-running={layoutRunning ? 'true' : 'false'}
      {...loadSignals}
      style={{ visibility: visible ? 'visible' : 'hidden' }}
    />
  );
}
