import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CONTEXT_MENU_TEXT } from '../../../shared/messages/web';
import { execute } from '../../commands/history';
import { moveCardsToSectionCommand } from '../../commands/section-moves';
import type { Card, Section } from '../../data/wire';
import { useAppStore } from '../../stores/app.store';

/**
 * The right-click menu 'Добавить в секцию' (spec board-workspace §2): 'Без секции' and one entry per section
 * with its color dot, the current one highlighted; 'Нет доступных секций' when the board has none.
 */
export function CardContextMenu({ cards, sections }: { cards: Card[]; sections: Section[] }) {
  const menu = useAppStore((s) => s.contextMenu);
  const close = useAppStore((s) => s.closeContextMenu);
  const queryClient = useQueryClient();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // A section's menu (menu.sectionId) is SectionMenu's to handle.
    if (!menu || menu.cardId === undefined) return;
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

  const card = menu ? cards.find((c) => c.id === menu.cardId) : undefined;
  if (!menu || !card) return null;
  const current = card.sectionId ?? null;
  const choose = (sectionId: number | null) => {
    close();
    if (sectionId !== current) void execute(moveCardsToSectionCommand(queryClient, card.boardId, [card.id], sectionId, 'menu'), queryClient);
  };

  return (
    <div ref={ref} className="context-menu" role="menu" aria-label={CONTEXT_MENU_TEXT.heading} style={{ left: menu.x, top: menu.y }}>
      <div className="context-menu-heading">{CONTEXT_MENU_TEXT.heading}</div>
      {sections.length === 0 ? (
        <div className="context-menu-empty">{CONTEXT_MENU_TEXT.noSections}</div>
      ) : (
        <>
          <button type="button" role="menuitemradio" aria-checked={current === null} className={current === null ? 'current' : ''} onClick={() => choose(null)}>
            {CONTEXT_MENU_TEXT.noSection}
          </button>
          {sections.map((s) => (
            <button
              key={s.id}
              type="button"
              role="menuitemradio"
              aria-checked={current === s.id}
              className={current === s.id ? 'current' : ''}
              onClick={() => choose(s.id)}
            >
              <span className="dot" style={{ background: s.color }} aria-hidden />
              {s.title}
            </button>
          ))}
        </>
      )}
    </div>
  );
}
