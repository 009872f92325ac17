import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boardKeys } from '../../data/query-keys';
import { failureText } from '../../data/failure-text';
import { useAppStore } from '../../stores/app.store';
import { Dialog } from '../ui/Dialog';
import { createDemoBoard, type DemoBoardProgress } from './demo-board-stream';
import './large-board.css';

/** The sizes the dialog offers. */
const DEMO_BOARD_SIZES = [1_000, 10_000, 100_000] as const;

type Phase =
  { kind: 'choose' } | { kind: 'running'; progress: DemoBoardProgress | null } | { kind: 'failed'; message: string };

/**
 * 'Demo board' (localhost only): pick 1,000 / 10,000 / 100,000 cards, watch the server write them
 * (progress from the NDJSON stream), then the new board is selected. Closing while it runs cancels the request.
 */
export function DemoBoardDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('dialogs');
  const number = new Intl.NumberFormat(i18n.language);
  const queryClient = useQueryClient();
  const [cards, setCards] = useState<number>(DEMO_BOARD_SIZES[1]);
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'running', progress: null });
    try {
      const result = await createDemoBoard(
        { cards },
        (progress) => setPhase({ kind: 'running', progress }),
        controller.signal,
      );
      abort.current = null;
      await queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
      useAppStore.getState().setCurrentBoardId(result.boardId);
      onClose();
    } catch (err) {
      if (controller.signal.aborted) return;
      console.error('Demo board failed', err);
      setPhase({
        kind: 'failed',
        message: failureText(err, err instanceof Error && err.message ? err.message : t('demoBoard.failed')),
      });
    }
  };

  const running = phase.kind === 'running';
  const progress = running ? phase.progress : null;
  return (
    <Dialog
      title={t('demoBoard.title')}
      subtitle={t('demoBoard.subtitle')}
      onClose={onClose}
      className="demo-board-dialog"
    >
      <fieldset className="demo-board-sizes" disabled={running} aria-label={t('demoBoard.sizeLabel')}>
        {DEMO_BOARD_SIZES.map((size) => (
          <label key={size} className={size === cards ? 'selected' : undefined}>
            <input
              type="radio"
              name="demo-board-size"
              value={size}
              checked={size === cards}
              onChange={() => setCards(size)}
            />
            {number.format(size)}
          </label>
        ))}
      </fieldset>
      {running && (
        <>
          <progress
            className="demo-board-progress"
            max={progress?.total ?? cards}
            value={progress?.done ?? 0}
            aria-label={t('demoBoard.title')}
          />
          <div className="demo-board-status" aria-live="polite">
            {t('demoBoard.progress', {
              count: progress?.total ?? cards,
              done: number.format(progress?.done ?? 0),
              total: number.format(progress?.total ?? cards),
            })}
          </div>
        </>
      )}
      {phase.kind === 'failed' && (
        <p className="demo-board-error" role="alert">
          {t('demoBoard.failed')}: {phase.message}
        </p>
      )}
      <div className="demo-board-actions">
        <button type="button" className="btn" onClick={onClose}>
          {running ? t('demoBoard.cancel') : t('demoBoard.close')}
        </button>
        <button type="button" className="btn primary" disabled={running} onClick={() => void start()}>
          {t('demoBoard.create')}
        </button>
      </div>
    </Dialog>
  );
}
