import { useCallback, useRef, useState } from 'react';
import { LOW_SPEC_TEXT } from '#shared/messages/large-board';
import { BOARD_HELP_TEXT, TOOLBAR_TEXT } from '#shared/messages/web';
import { useDismiss } from '../popover/use-dismiss';

/** The toolbar's '?' (issue 20): panning (Space or middle-button drag), zoom, selection, keys, low-spec mode. */
export function BoardHelp() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  const hide = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, hide, false);

  return (
    <div className="board-help" ref={ref}>
      <button type="button" className="tb" aria-label={TOOLBAR_TEXT.help} title={TOOLBAR_TEXT.help} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        ?
      </button>
      {open && (
        <div className="board-help-panel" role="dialog" aria-label={TOOLBAR_TEXT.help}>
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
      )}
    </div>
  );
}
