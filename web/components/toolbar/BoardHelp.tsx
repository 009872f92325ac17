import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { LOW_SPEC_TEXT } from '#shared/messages/large-board';
import { BOARD_HELP_TEXT, TOOLBAR_TEXT } from '#shared/messages/web';
import { SidePanel } from '../board/SidePanel';
import { useDismiss } from '../popover/use-dismiss';

/**
 * The toolbar's '?': panning (Space or middle-button drag), zoom, selection, keys, low-spec mode.
 * The panel opens in the board's column of floating panels, above 'Rate this response'.
 */
export function BoardHelp() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const refs = useMemo(() => [button, panel], []);
  const panelId = useId();

  const hide = useCallback(() => setOpen(false), []);
  useDismiss(refs, open, hide, false);

  return (
    <div className="board-help">
      <button
        ref={button}
        type="button"
        className="tb"
        aria-label={TOOLBAR_TEXT.help}
        title={TOOLBAR_TEXT.help}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        ?
      </button>
      {open && (
        <SidePanel>
          {/* Focusable: when the window is short the panel scrolls, and the keyboard must reach that too. */}
          <div
            ref={panel}
            id={panelId}
            className="board-help-panel"
            role="dialog"
            aria-label={TOOLBAR_TEXT.help}
            tabIndex={0}
          >
            <h2>{BOARD_HELP_TEXT.title}</h2>
            <dl>
              {BOARD_HELP_TEXT.items.map(([term, text]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{text}</dd>
                </div>
              ))}
              <div>
                <dt>{BOARD_HELP_TEXT.lowSpecTitle}</dt>
                <dd>{LOW_SPEC_TEXT.toggleHint}</dd>
              </div>
            </dl>
          </div>
        </SidePanel>
      )}
    </div>
  );
}
