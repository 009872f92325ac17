import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { SECTION_PALETTE } from '#shared/constants';
import { useTranslation } from 'react-i18next';
import { execute } from '../../commands/history';
import { moreLikeSectionCommand } from '../../commands/more-like-section';
import { recolorSectionCommand } from '../../commands/section-commands';
import type { Section } from '../../data/wire';
import { useAppStore } from '../../stores/app.store';
import { useDismiss } from '../popover/use-dismiss';
import { useCanEdit } from '../../data/board-role';

/** One entry of the menu: its text and what it does once the menu has closed. */
type MenuItem = { label: string; run: () => void };

/** The palette's colours in SECTION_PALETTE's order, named for screen readers. */
const COLOR_NAMES = ['rose', 'sage', 'butter', 'periwinkle', 'lavender', 'mint', 'peach', 'sky'] as const;

type Props = { sections: Section[]; boardId: number | null; onRename: (sectionId: number) => void };

/**
 * A section's right-click menu: rename, "More like this section" (the section's query run again, up to
 * 10 new cards, one search), export, and the spec's eight-tone palette as colour swatches with the current one
 * checked. Every change goes through the command path, so it is undoable.
 */
export function SectionMenu({ sections, boardId, onRename }: Props) {
  const { t } = useTranslation('dialogs');
  const menu = useAppStore((s) => s.contextMenu);
  const close = useAppStore((s) => s.closeContextMenu);
  const openExport = useAppStore((s) => s.openExportDialog);
  const queryClient = useQueryClient();
  const ref = useRef<HTMLDivElement>(null);
  const canEdit = useCanEdit();
  const section = menu?.sectionId !== undefined ? sections.find((s) => s.id === menu.sectionId) : undefined;

  useDismiss(ref, section !== undefined, close);

  if (!menu || !section || boardId === null) return null;
  const current = section.color.toLowerCase();
  // A viewer may only export the section: renaming, "More like this" and the colours write.
  const items: MenuItem[] = [
    ...(canEdit
      ? [
          { label: t('sectionMenu.rename'), run: () => onRename(section.id) },
          {
            label: t('sectionMenu.moreLikeThis'),
            run: () => void execute(moreLikeSectionCommand(boardId, section.id), queryClient),
          },
        ]
      : []),
    { label: t('sectionMenu.export'), run: () => openExport({ scope: 'section', sectionId: section.id }) },
  ];
  return (
    <div
      ref={ref}
      className="context-menu section-menu"
      role="menu"
      aria-label={t('sectionMenu.label', { title: section.title })}
      style={{ left: menu.x, top: menu.y }}
      data-testid="section-menu"
    >
      <div className="context-menu-heading">{section.title}</div>
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          onClick={() => {
            close();
            item.run();
          }}
        >
          {item.label}
        </button>
      ))}
      {canEdit && <div className="context-menu-heading">{t('sectionMenu.color')}</div>}
      {canEdit && (
        <div className="section-swatches" role="group" aria-label={t('sectionMenu.color')}>
          {SECTION_PALETTE.map((color, i) => (
            <button
              key={color}
              type="button"
              role="menuitemradio"
              aria-checked={current === color.toLowerCase()}
              aria-label={t(`sectionMenu.colorNames.${COLOR_NAMES[i]}`)}
              title={t(`sectionMenu.colorNames.${COLOR_NAMES[i]}`)}
              className="swatch"
              style={{ background: color }}
              onClick={() => {
                close();
                if (current !== color.toLowerCase())
                  void execute(recolorSectionCommand(boardId, section.id, color), queryClient);
              }}
            />
          ))}
        </div>
      )}
    </div>
  );
}
