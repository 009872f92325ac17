import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SECTION_TITLE_MAX } from '#shared/constants';
import { EXPORT_TEXT } from '#shared/messages/export';
import { RESET_TEXT, SECTION_TEXT } from '#shared/messages/web';
import { execute } from '../../commands/history';
import { renameSectionCommand } from '../../commands/section-commands';
import { useAppStore } from '../../stores/app.store';
import type { Section } from '../../data/wire';
import { DialogFooter } from './DialogFooter';
import { Dialog } from '../ui/Dialog';

/** The section rename prompt 'Enter new section title' (spec §5): a blank answer is ignored. */
export function SectionRenameDialog({ section, onClose }: { section: Section; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(section.title);
  const openExport = useAppStore((s) => s.openExportDialog);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onClose();
    const next = title.trim();
    if (next && next !== section.title)
      void execute(renameSectionCommand(section.boardId, section.id, next), queryClient);
  };
  return (
    <Dialog title={SECTION_TEXT.renamePrompt} onClose={onClose}>
      <form onSubmit={submit} className="form">
        <input
          aria-label={SECTION_TEXT.renamePrompt}
          maxLength={SECTION_TITLE_MAX}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <DialogFooter
          actions={[
            !section.locked && {
              label: EXPORT_TEXT.menuEntry,
              onClick: () => {
                onClose();
                openExport({ scope: 'section', sectionId: section.id });
              },
            },
            { label: RESET_TEXT.cancel, onClick: onClose },
            { label: 'OK', kind: 'primary', submit: true },
          ]}
        />
      </form>
    </Dialog>
  );
}
