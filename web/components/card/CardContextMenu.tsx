import { useQueryClient } from '@tanstack/react-query';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { execute } from '../../commands/history';
import { moveCardsToSectionCommand } from '../../commands/section-moves';
import type { Card, Section } from '../../data/wire';
import { useAppStore } from '../../stores/app.store';
import { useDismiss } from '../popover/use-dismiss';
import { useBoardController } from '../board/board-controller-context';
import { findCachedCard } from '../../data/cards.queries';
import { cardRect } from '#shared/card-geometry';
import { nextMenuIndex } from '../../logic/menu-keys';

/** How long the camera may wait for a moved card to reach the engine; past it the board was left. */
const REVEAL_WAIT_MS = 5000;

/**
 * The right-click menu 'Add to section' ('Добавить в секцию', spec board-workspace §2): 'No section' and one entry
 * per section with its color dot, the current one highlighted; 'No sections available' when the board has none.
 */
export function CardContextMenu({ cards, sections }: { cards: Card[]; sections: Section[] }) {
  const menu = useAppStore((s) => s.contextMenu);
  const close = useAppStore((s) => s.closeContextMenu);
  const queryClient = useQueryClient();
  const board = useBoardController();
  const ref = useRef<HTMLDivElement>(null);
  const { t } = useTranslation('board');

  // A section's menu (menu.sectionId) is SectionMenu's to handle.
  useDismiss(ref, menu !== null && menu.cardId !== undefined, close);

  const card = menu ? cards.find((c) => c.id === menu.cardId) : undefined;
  if (!menu || !card) return null;
  const current = card.sectionId ?? null;
  const choose = (sectionId: number | null) => {
    close();
    if (sectionId === current) return;
    // The card may land out of view (its new section's next slot): the camera follows it once the engine holds
    // it where the board store now has it.
    void execute(moveCardsToSectionCommand(queryClient, card.boardId, [card.id], sectionId, 'menu'), queryClient)
      .then(async (moved) => {
        const landed = moved ? findCachedCard(queryClient, card.id) : null;
        if (landed && board && (await board.whenHoldsAt(card.id, cardRect(landed), REVEAL_WAIT_MS)))
          board.reveal([card.id]);
      })
      .catch((err: unknown) => console.error(err));
  };

  // Arrows, Home, End and a first letter move between the entries (WAI-ARIA menu); the board's keys never see them.
  const onMenuKey = (e: KeyboardEvent) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const next = nextMenuIndex(
      e.key,
      items.indexOf(document.activeElement as HTMLElement),
      items.length,
      items.map((item) => item.textContent ?? ''),
    );
    if (next === null) return;
    e.preventDefault();
    e.stopPropagation();
    items[next]?.focus();
  };

  return (
    <div
      ref={ref}
      className="context-menu"
      role="menu"
      aria-label={t('contextMenu.label', { title: card.title })}
      style={{ left: menu.x, top: menu.y }}
      onKeyDown={onMenuKey}
    >
      <div className="context-menu-heading">{t('contextMenu.heading')}</div>
      {sections.length === 0 ? (
        <div className="context-menu-empty">{t('contextMenu.noSections')}</div>
      ) : (
        <>
          <button
            type="button"
            role="menuitemradio"
            aria-checked={current === null}
            className={current === null ? 'current' : ''}
            onClick={() => choose(null)}
          >
            {t('contextMenu.noSection')}
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
              <span translate="no">{s.title}</span>
            </button>
          ))}
        </>
      )}
    </div>
  );
}
