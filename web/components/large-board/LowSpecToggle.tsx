import { LOW_SPEC_TEXT } from '#shared/messages/large-board';
import { useBoardController } from '../board/board-controller-context';
import { setLowSpecByHand, useEngineLowSpec } from './low-spec';
import './large-board.css';

/** The low-spec switch in the board toolbar (a visible toggle, remembered per device). */
export function LowSpecToggle() {
  const board = useBoardController();
  const on = useEngineLowSpec(board);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className={on ? 'tb low-spec-toggle on' : 'tb low-spec-toggle'}
      title={LOW_SPEC_TEXT.toggleHint}
      disabled={!board}
      onClick={() => board && setLowSpecByHand(board, !on)}
    >
      <span className="low-spec-dot" aria-hidden />
      {LOW_SPEC_TEXT.toggle}
    </button>
  );
}
