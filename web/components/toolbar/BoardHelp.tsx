import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SidePanel } from '../board/SidePanel';
import { useDismiss } from '../popover/use-dismiss';

/** The help panel's entries, in order: each a term and its text in the toolbar catalogue's helpPanel. */
const HELP_ITEMS = [
  'pan',
  'zoom',
  'select',
  'move',
  'sectionMenu',
  'undoRedo',
  'find',
  'sidebar',
  'cards',
  'lowSpec',
] as const;

/**
 * The toolbar's '?': panning (Space or middle-button drag), zoom, selection, keys, low-spec mode.
 * The panel opens in the board's column of floating panels, above 'Rate this response'.
 */
export function BoardHelp() {
  const { t } = useTranslation('toolbar');
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
        aria-label={t('help')}
        title={t('help')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        ?
      </button>
      {open && (
        <SidePanel>
          {/* Focusable: when the window is short the panel scrolls, and the keyboard must reach that too. */}
          <div ref={panel} id={panelId} className="board-help-panel" role="dialog" aria-label={t('help')} tabIndex={0}>
            <h2>{t('helpPanel.title')}</h2>
            <dl>
              {HELP_ITEMS.map((item) => (
                <div key={item}>
                  <dt>{t(`helpPanel.${item}`)}</dt>
                  <dd>{t(`helpPanel.${item}Text`)}</dd>
                </div>
              ))}
            </dl>
          </div>
        </SidePanel>
      )}
    </div>
  );
}
