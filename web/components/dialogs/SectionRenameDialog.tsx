import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SECTION_TITLE_MAX } from '#shared/constants';
import { useTranslation } from 'react-i18next';
import { execute } from '../../commands/history';
import { renameSectionCommand } from '../../commands/section-commands';
import { useAppStore } from '../../stores/app.store';
import type { Section } from '../../data/wire';
import { DialogFooter } from './DialogFooter';
import { Dialog } from '../ui/Dialog';

/** The section rename prompt 'Enter new section title' (spec §5): a blank answer is ignored. */
export function SectionRenameDialog({ section, onClose }: { section: Section; onClose: () => void }) {
  const { t } = useTranslation('dialogs');
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
    <Dialog title={t('sectionRename.prompt')} onClose={onClose}>
      <form onSubmit={submit} className="form">
        <input
          aria-label={t('sectionRename.prompt')}
          maxLength={SECTION_TITLE_MAX}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <DialogFooter
          actions={[
            !section.locked && {
              label: t('sectionRename.export'),
              onClick: () => {
                onClose();
                openExport({ scope: 'section', sectionId: section.id });
              },
            },
            { label: t('sectionRename.cancel'), onClick: onClose },
            { label: t('sectionRename.ok'), kind: 'primary', submit: true },
          ]}
        />
      </form>
    </Dialog>
  );
}
