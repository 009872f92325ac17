import { DialogFooter } from './DialogFooter';
import { canEditBoard } from '../../data/board-role';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { execute } from '../../commands/history';
import { moveCardsToBoardCommand } from '../../commands/move-card-to-board';
import { moveCardsToSectionCommand } from '../../commands/section-moves';
import type { Board, Card, Section } from '../../data/wire';
import {
  missingChoice,
  planMove,
  type MoveDialogChoices,
  type MoveMessage,
  type MoveMode,
} from '../../logic/move-dialog';
import { useAppStore } from '../../stores/app.store';
import { toast } from '../../stores/toast.store';
import { SectionSelect } from '../section/SectionSelect';
import { Dialog } from '../ui/Dialog';

type Props = { cards: Card[]; sections: Section[]; boards: Board[]; currentBoardId: number | null };

const EMPTY = '';
const toId = (v: string) => (v === EMPTY ? null : Number(v));

/**
 * 'Move card' ('Переместить карточку', spec board-workspace §2, §4, §5): a card picker grouped by section, the two
 * tabs, the validation messages, the 'already there' notice without a call, the busy label, success and failure
 * toasts. A missing choice is said once the user has tried to move, never on opening.
 */
export function MoveCardDialog({ cards, sections, boards, currentBoardId }: Props) {
  const state = useAppStore((s) => s.moveDialog);
  const close = useAppStore((s) => s.closeMoveDialog);
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<MoveDialogChoices>({
    mode: 'section',
    cardId: null,
    sectionId: null,
    boardId: null,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MoveMessage | null>(null);
  const [tried, setTried] = useState(false);
  const { t } = useTranslation('board');

  // Spec §4: opening resets the mode to section and clears the choices (the card it was opened from is chosen).
  useEffect(() => {
    if (!state) return;
    setChoices({ mode: 'section', cardId: state.initialCardId, sectionId: null, boardId: null });
    setBusy(false);
    setError(null);
    setTried(false);
  }, [state]);

  if (!state) return null;
  const missing = missingChoice(choices);
  // A card goes only to a board the user may change (their own, or one they edit).
  const otherBoards = boards.filter((b) => b.id !== currentBoardId && b.id > 0 && canEditBoard(b.role));
  const set = (patch: Partial<MoveDialogChoices>) => {
    setError(null);
    setTried(false);
    setChoices((c) => ({ ...c, ...patch }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    const plan = planMove(choices, {
      currentBoardId,
      cards,
      sectionIds: sections.map((s) => s.id),
      boardIds: otherBoards.map((b) => b.id),
    });
    if (plan.kind === 'invalid') return setError(plan.message);
    if (plan.kind === 'already') {
      toast({ title: t('moveDialog.infoTitle'), description: t(`moveDialog.${plan.message}`) }, 'info');
      return close();
    }
    setBusy(true);
    const from = currentBoardId ?? 0;
    const command =
      plan.kind === 'section'
        ? moveCardsToSectionCommand(queryClient, from, [plan.cardId], plan.sectionId, 'dialog')
        : moveCardsToBoardCommand(from, [plan.cardId], plan.boardId);
    const ok = await execute(command, queryClient);
    setBusy(false);
    if (ok) close();
  }

  const grouped = [
    { key: 'none', title: t('moveDialog.noSection'), cards: cards.filter((c) => c.sectionId === null) },
    ...sections.map((s) => ({ key: String(s.id), title: s.title, cards: cards.filter((c) => c.sectionId === s.id) })),
  ].filter((g) => g.cards.length > 0);

  return (
    <Dialog title={t('moveDialog.title')} subtitle={t('moveDialog.subtitle')} onClose={close} className="move-dialog">
      <form onSubmit={submit} className="form">
        <label>
          {t('moveDialog.cardLabel')}
          <select value={choices.cardId ?? EMPTY} onChange={(e) => set({ cardId: toId(e.target.value) })}>
            <option value={EMPTY}>—</option>
            {grouped.map((g) => (
              <optgroup key={g.key} label={g.title}>
                {g.cards.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <div className="tabs" role="tablist">
          {(['section', 'board'] as MoveMode[]).map((mode) => (
            <button
              key={mode}
              type="button"
              role="tab"
              aria-selected={choices.mode === mode}
              className={choices.mode === mode ? 'tab active' : 'tab'}
              onClick={() => set({ mode })}
            >
              {mode === 'section' ? t('moveDialog.tabSection') : t('moveDialog.tabBoard')}
            </button>
          ))}
        </div>
        {choices.mode === 'section' ? (
          <label>
            {t('moveDialog.sectionLabel')}
            <SectionSelect
              sections={sections}
              value={choices.sectionId ?? EMPTY}
              prompt={{ label: '—' }}
              onChoose={(id) => set({ sectionId: id === undefined ? null : (id ?? 0) })}
            />
          </label>
        ) : (
          <label>
            {t('moveDialog.boardLabel')}
            <select value={choices.boardId ?? EMPTY} onChange={(e) => set({ boardId: toId(e.target.value) })}>
              <option value={EMPTY}>—</option>
              {otherBoards.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.title}
                </option>
              ))}
            </select>
          </label>
        )}
        {/* After a try, what still stops the move; changing a choice takes the message back until the next try. */}
        {tried && (error ?? missing) && (
          <p className="form-hint" role="alert" data-testid="move-hint">
            {t(`moveDialog.${error ?? missing!}`)}
          </p>
        )}
        <DialogFooter
          actions={[
            { label: t('moveDialog.cancel'), onClick: close },
            {
              label: busy ? t('moveDialog.busy') : t('moveDialog.submit'),
              kind: 'primary',
              submit: true,
              disabled: busy,
            },
          ]}
        />
      </form>
    </Dialog>
  );
}
