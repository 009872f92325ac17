import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SECTION_TEXT } from '../../../shared/messages/web';
import { execute } from '../../commands/history';
import { moreLikeSectionCommand } from '../../commands/more-like-section';
import type { Section } from '../../data/wire';
import { useAppStore } from '../../stores/app.store';

/**
 * A section's menu, opened by a right-click on the section (issue 19): "More like this section" runs the
 * section's query again and adds up to 10 new cards to it, through the command path (undoable).
 */
export function SectionMenu({ sections }: { sections: Section[] }) {
  const menu = useAppStore((s) => s.sectionMenu);
  const close = useAppStore((s) => s.closeSectionMenu);
  const queryClient = useQueryClient();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menu) return;
    ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) close();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onDown, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onDown, true);
    };
  }, [menu, close]);

  // Locked sections (free plan) are not offered: their cards are hidden, so there is nothing to be like.
  const section = menu ? sections.find((s) => s.id === menu.sectionId) : undefined;
  if (!menu || !section) return null;
  return (
    <div ref={ref} className="context-menu" role="menu" aria-label={`${SECTION_TEXT.menu}: ${section.title}`} style={{ left: menu.x, top: menu.y }} data-testid="section-menu">
      <div className="context-menu-heading">{section.title}</div>
      <button
        type="button"
        role="menuitem"
        onClick={() => {
          close();
          void execute(moreLikeSectionCommand(section.boardId, section.id), queryClient);
        }}
      >
        {SECTION_TEXT.moreLikeThis}
      </button>
    </div>
  );
}
