import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isOwnCard } from '#shared/own-images';
import { cardRect } from '#shared/card-geometry';
import type { Card, Section } from '../../data/wire';
import { sourcesFrom } from '../../logic/own-images';
import { isTextField } from '../../logic/text-fields';
import { useAppStore } from '../../stores/app.store';
import { addOwnImages, addToGallery } from './add-own-images';
import type { BoardController } from '../board/board-controller';

type Inputs = {
  board: BoardController | null;
  boardId: number | null;
  cards: readonly Card[];
  sections: readonly Section[];
};

/** Files or a link in a drag: what the board accepts as own images. */
const carriesImages = (dt: DataTransfer | null) =>
  !!dt && (dt.types.includes('Files') || dt.types.includes('text/uri-list'));

/** The board point under a client (viewport) point, through the board's camera. */
export function boardPointAt(board: BoardController, host: HTMLElement, clientX: number, clientY: number) {
  const rect = canvasOf(host).getBoundingClientRect();
  return board.toBoard({ x: clientX - rect.left, y: clientY - rect.top });
}

/** The board point at the middle of the canvas: where pasted and picked images go. */
export function viewportCentre(board: BoardController, host: HTMLElement) {
  const canvas = canvasOf(host);
  return board.toBoard({ x: canvas.clientWidth / 2, y: canvas.clientHeight / 2 });
}

/** The engine's host element (screen coordinates are relative to it). */
function canvasOf(host: HTMLElement): HTMLElement {
  return host.matches('[data-testid="board-canvas"]')
    ? host
    : (host.querySelector<HTMLElement>('[data-testid="board-canvas"]') ?? host);
}

/**
 * Drop and paste onto the board: image files (or an image link) dropped on the canvas become cards at
 * the drop point, in the section under it; dropped on an own card, they join its gallery. Ctrl/Cmd+V of an image
 * or a link adds it at the viewport centre (not while typing in a field).
 */
export function useOwnImageDrop(host: HTMLElement | null, inputs: Inputs) {
  const queryClient = useQueryClient();
  const latest = useRef(inputs);
  latest.current = inputs;

  useEffect(() => {
    if (!host) return;
    const onDragOver = (e: DragEvent) => {
      if (!carriesImages(e.dataTransfer) || latest.current.boardId === null) return;
      e.preventDefault();
      e.dataTransfer!.dropEffect = 'copy';
    };
    const onDrop = (e: DragEvent) => {
      const { board, boardId, cards, sections } = latest.current;
      if (!carriesImages(e.dataTransfer) || !board || boardId === null || boardId <= 0) return;
      e.preventDefault();
      const dt = e.dataTransfer!;
      const files = Array.from(dt.files);
      const point = boardPointAt(board, host, e.clientX, e.clientY);
      const target =
        files.length > 0 ? [...cards].reverse().find((c) => isOwnCard(c) && contains(cardRect(c), point)) : undefined;
      if (target) {
        void addToGallery(queryClient, target, files);
        return;
      }
      const { sources, dropped } = sourcesFrom(files, dt.getData('text/uri-list') || dt.getData('text/plain'));
      void addOwnImages({ queryClient, board, boardId, sections }, sources, point, dropped);
    };
    const onPaste = (e: ClipboardEvent) => {
      const { board, boardId, sections } = latest.current;
      if (
        isTextField(e.target) ||
        useAppStore.getState().viewer ||
        !board ||
        boardId === null ||
        boardId <= 0 ||
        !e.clipboardData
      )
        return;
      const files = Array.from(e.clipboardData.files);
      const { sources, dropped } = sourcesFrom(files, e.clipboardData.getData('text/plain'));
      if (sources.length === 0) return;
      e.preventDefault();
      void addOwnImages({ queryClient, board, boardId, sections }, sources, viewportCentre(board, host), dropped);
    };
    host.addEventListener('dragover', onDragOver);
    host.addEventListener('drop', onDrop);
    document.addEventListener('paste', onPaste);
    return () => {
      host.removeEventListener('dragover', onDragOver);
      host.removeEventListener('drop', onDrop);
      document.removeEventListener('paste', onPaste);
    };
  }, [host, queryClient]);
}

function contains(r: { x: number; y: number; width: number; height: number }, p: { x: number; y: number }) {
  return p.x >= r.x && p.x <= r.x + r.width && p.y >= r.y && p.y <= r.y + r.height;
}
