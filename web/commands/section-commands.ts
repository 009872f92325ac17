import type { Point, Size } from '#engine/types';
import { TOASTS } from '#shared/messages/web';
import type { BoardOpInput } from '#shared/schemas/board-ops';
import { sendBoardOps } from '../data/board-ops';
import { patchCachedSection } from '../data/sections.queries';
import type { Section } from '../data/wire';
import { toast } from '../stores/toast.store';
import { isUserAction, type Command, type CommandContext } from './command';
import { failureToast } from '../data/failure-text';

type SectionChange = {
  label: string;
  op: BoardOpInput;
  patch: (s: Section) => Section;
  failure: { title: string; description: string };
  success?: { title: string; description: string };
  inverse: (before: Section) => Command;
};

async function runSectionChange(ctx: CommandContext, boardId: number, sectionId: number, change: SectionChange) {
  const before = patchCachedSection(ctx.queryClient, boardId, sectionId, change.patch);
  if (!before) return null;
  try {
    await sendBoardOps(ctx.queryClient, boardId, [change.op]);
    if (change.success && isUserAction(ctx)) toast(change.success, 'success');
    return change.inverse(before);
  } catch (err) {
    console.error(err);
    patchCachedSection(ctx.queryClient, boardId, sectionId, () => before);
    toast(failureToast(change.failure, err), 'destructive');
    return null;
  }
}

/** A section.move op; failure 'Failed to update section position' (spec §8). */
export function moveSectionCommand(boardId: number, sectionId: number, to: Point): Command {
  const position = { x: to.x, y: to.y };
  return {
    label: 'Move section',
    run: (ctx) =>
      runSectionChange(ctx, boardId, sectionId, {
        label: 'Move section',
        op: { type: 'section.move', id: sectionId, position },
        patch: (s) => ({ ...s, position }),
        failure: TOASTS.sectionPositionFailed,
        inverse: (before) => moveSectionCommand(boardId, sectionId, before.position),
      }),
  };
}

/** A section.resize op; failure 'Failed to update section size'. */
export function resizeSectionCommand(boardId: number, sectionId: number, to: Size): Command {
  const size = { width: to.width, height: to.height };
  return {
    label: 'Resize section',
    run: (ctx) =>
      runSectionChange(ctx, boardId, sectionId, {
        label: 'Resize section',
        op: { type: 'section.resize', id: sectionId, size },
        patch: (s) => ({ ...s, size }),
        failure: TOASTS.sectionSizeFailed,
        inverse: (before) => resizeSectionCommand(boardId, sectionId, before.size),
      }),
  };
}

/** A section.recolor op (the section menu's palette); undoable like the others. */
export function recolorSectionCommand(boardId: number, sectionId: number, color: string): Command {
  return {
    label: 'Change section colour',
    run: (ctx) =>
      runSectionChange(ctx, boardId, sectionId, {
        label: 'Change section colour',
        op: { type: 'section.recolor', id: sectionId, color },
        patch: (s) => ({ ...s, color }),
        failure: TOASTS.sectionColorFailed,
        inverse: (before) => recolorSectionCommand(boardId, sectionId, before.color),
      }),
  };
}

/** A section.rename op; 'Title Updated' on success, 'Failed to update section title' on failure. */
export function renameSectionCommand(boardId: number, sectionId: number, title: string): Command {
  return {
    label: 'Rename section',
    run: (ctx) =>
      runSectionChange(ctx, boardId, sectionId, {
        label: 'Rename section',
        op: { type: 'section.rename', id: sectionId, title },
        patch: (s) => ({ ...s, title }),
        failure: TOASTS.sectionTitleFailed,
        success: TOASTS.sectionTitleUpdated,
        inverse: (before) => renameSectionCommand(boardId, sectionId, before.title),
      }),
  };
}
