import type { Point, Size } from '#engine/types';
import type { ToastText } from '#shared/messages/web';
import type { BoardOpInput } from '#shared/schemas/board-ops';
import { findCachedSection } from '../data/sections.queries';
import type { Section } from '../data/wire';
import { actionCommand, type ActionCommand } from './board-action';
import { commandLabel, commandToast } from '../i18n/command-toasts';

/** One section op and its inverse, from the section as this screen has it when the command runs. */
function sectionChange(
  label: string,
  boardId: number,
  sectionId: number,
  op: BoardOpInput,
  inverse: (before: Section) => BoardOpInput,
  failure: ToastText,
  success?: ToastText,
): ActionCommand {
  return actionCommand(label, (queryClient) => {
    const before = findCachedSection(queryClient, boardId, sectionId);
    if (!before) return null;
    return { label, boardId, ops: [op], inverse: [inverse(before)], failure, success };
  });
}

/** A section.move op; failure 'Failed to update section position' (spec §8). */
export function moveSectionCommand(boardId: number, sectionId: number, to: Point): ActionCommand {
  const position = { x: to.x, y: to.y };
  return sectionChange(
    commandLabel('moveSection'),
    boardId,
    sectionId,
    { type: 'section.move', id: sectionId, position },
    (before) => ({ type: 'section.move', id: sectionId, position: before.position }),
    commandToast('sectionPositionFailed'),
  );
}

/** A section.resize op; failure 'Failed to update section size'. */
export function resizeSectionCommand(boardId: number, sectionId: number, to: Size): ActionCommand {
  const size = { width: to.width, height: to.height };
  return sectionChange(
    commandLabel('resizeSection'),
    boardId,
    sectionId,
    { type: 'section.resize', id: sectionId, size },
    (before) => ({ type: 'section.resize', id: sectionId, size: before.size }),
    commandToast('sectionSizeFailed'),
  );
}

/** A section.recolor op (the section menu's palette); undoable like the others. */
export function recolorSectionCommand(boardId: number, sectionId: number, color: string): ActionCommand {
  return sectionChange(
    commandLabel('recolorSection'),
    boardId,
    sectionId,
    { type: 'section.recolor', id: sectionId, color },
    (before) => ({ type: 'section.recolor', id: sectionId, color: before.color }),
    commandToast('sectionColorFailed'),
  );
}

/** A section.rename op; 'Title Updated' on success, 'Failed to update section title' on failure. */
export function renameSectionCommand(boardId: number, sectionId: number, title: string): ActionCommand {
  return sectionChange(
    commandLabel('renameSection'),
    boardId,
    sectionId,
    { type: 'section.rename', id: sectionId, title },
    (before) => ({ type: 'section.rename', id: sectionId, title: before.title }),
    commandToast('sectionTitleFailed'),
    commandToast('sectionTitleUpdated'),
  );
}
