import { LOW_SPEC_TEXT } from '#shared/messages/large-board';
import { useEngine } from '../board/engine-context';
import { setLowSpecByHand, useEngineLowSpec } from './low-spec';
import './large-board.css';

/** The low-spec switch in the board toolbar (a visible toggle, remembered per device). */
export function LowSpecToggle() {
  const engine = useEngine();
  const on = useEngineLowSpec(engine);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className={on ? 'tb low-spec-toggle on' : 'tb low-spec-toggle'}
      title={LOW_SPEC_TEXT.toggleHint}
      disabled={!engine}
      onClick={() => engine && setLowSpecByHand(engine, !on)}
    >
      <span className="low-spec-dot" aria-hidden />
      {LOW_SPEC_TEXT.toggle}
    </button>
  );
}
