import { useTranslation } from 'react-i18next';
import { useBoardController } from '../board/board-controller-context';
import { setLowSpecByHand, useEngineLowSpec } from './low-spec';
import './large-board.css';

/** The low-spec switch in the board toolbar (a visible toggle, remembered per device). */
export function LowSpecToggle() {
  const { t } = useTranslation('toolbar');
  const board = useBoardController();
  const on = useEngineLowSpec(board);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className={on ? 'tb low-spec-toggle on' : 'tb low-spec-toggle'}
      title={t('helpPanel.lowSpecText')}
      disabled={!board}
      onClick={() => board && setLowSpecByHand(board, !on)}
    >
      <span className="low-spec-dot" aria-hidden />
      {t('helpPanel.lowSpec')}
    </button>
  );
}
