import { SEARCH_PANEL_TEXT } from '../../../shared/messages/search-panel';

type Props = {
  /** The row's own choice (a feature category, a genre). */
  label: string;
  /** What opens under it (sub-tags, sub-genres). */
  subs: readonly string[];
  isChosen: (name: string) => boolean;
  onToggle: (name: string) => void;
  expanded: boolean;
  onExpandToggle: () => void;
};

/** One row of the search panel's pickers: a toggle for the row, ▾ / ▴ to show its sub-choices, each a toggle. */
export function ExpandablePickRow({ label, subs, isChosen, onToggle, expanded, onExpandToggle }: Props) {
  return (
    <li>
      <div className="picker-row">
        <button type="button" className="pick" aria-pressed={isChosen(label)} onClick={() => onToggle(label)}>
          {label}
        </button>
        <button
          type="button"
          className="icon-btn expand"
          aria-expanded={expanded}
          aria-label={expanded ? SEARCH_PANEL_TEXT.collapse(label) : SEARCH_PANEL_TEXT.expand(label)}
          onClick={onExpandToggle}
        >
          {expanded ? '▴' : '▾'}
        </button>
      </div>
      {expanded && (
        <ul className="picker-subs">
          {subs.map((sub) => (
            <li key={sub}>
              <button type="button" className="pick sub" aria-pressed={isChosen(sub)} onClick={() => onToggle(sub)}>
                {sub}
              </button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
