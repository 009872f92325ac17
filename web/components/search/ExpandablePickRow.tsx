import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../icons';

/** A sub-choice: what it shows, and the value toggled (a feature card's sub-tags toggle 'Category: Sub'). */
export type PickSub = string | { label: string; value: string };

type Props = {
  /** The row's own name (a feature category, a genre). */
  label: string;
  /** What opens under it (sub-tags, sub-genres). */
  subs: readonly PickSub[];
  isChosen: (value: string) => boolean;
  onToggle: (value: string) => void;
  expanded: boolean;
  onExpandToggle: () => void;
  /**
   * 'panel': the search panel's pickers (a toggle for the row, ▾ / ▴). 'card': the feature search cards
   * (▸ / ▾, 'fs-' styles). Each look keeps its own classes and its spec wording.
   */
  look?: 'panel' | 'card';
  /** false: the row is only a heading that opens (the Features card's categories), with its chosen count. */
  pickable?: boolean;
  expandLabel?: (label: string) => string;
  collapseLabel?: (label: string) => string;
  /** The heading's accessible name with `n` sub-choices chosen (pickable={false} only). */
  countLabel?: (label: string, n: number) => string;
};

const LOOKS = {
  panel: {
    item: () => undefined,
    head: 'picker-row',
    pick: () => 'pick',
    sub: () => 'pick sub',
    expand: 'icon-btn expand',
    subs: 'picker-subs',
    chevron: (open: boolean): IconName => (open ? 'chevronUp' : 'chevronDown'),
  },
  card: {
    item: (open: boolean) => (open ? 'fs-genre-group open' : 'fs-genre-group'),
    head: 'fs-genre-head',
    pick: (on: boolean) => (on ? 'fs-option on' : 'fs-option'),
    sub: (on: boolean) => (on ? 'fs-option on' : 'fs-option'),
    expand: 'icon-btn',
    subs: 'fs-options-row fs-subgenres',
    chevron: (open: boolean): IconName => (open ? 'chevronDown' : 'chevronRight'),
  },
} as const;

const subLabel = (sub: PickSub) => (typeof sub === 'string' ? sub : sub.label);
const subValue = (sub: PickSub) => (typeof sub === 'string' ? sub : sub.value);

/**
 * One expandable row of a category picker, wherever one is shown (the search panel's Features and Genres
 * pickers, the feature search's Context and Features cards): the row (a toggle, or a heading with its chosen
 * count), a chevron to show its sub-choices, each a toggle.
 */
export function ExpandablePickRow(props: Props) {
  const { label, subs, isChosen, onToggle, expanded, onExpandToggle, look = 'panel', pickable = true } = props;
  const { t } = useTranslation('search');
  const expandLabel = props.expandLabel ?? ((name: string) => t('expand', { name }));
  const collapseLabel = props.collapseLabel ?? ((name: string) => t('collapse', { name }));
  const style = LOOKS[look];
  const subList = expanded && (
    <ul className={pickable ? style.subs : 'fs-subtags'} aria-label={look === 'card' ? label : undefined}>
      {subs.map((sub) => {
        const on = isChosen(subValue(sub));
        return (
          <li key={subLabel(sub)}>
            <button
              type="button"
              className={style.sub(on)}
              aria-pressed={on}
              translate="no"
              onClick={() => onToggle(subValue(sub))}
            >
              {subLabel(sub)}
            </button>
          </li>
        );
      })}
    </ul>
  );
  if (!pickable) {
    const chosen = subs.filter((sub) => isChosen(subValue(sub))).length;
    return (
      <li>
        <button
          type="button"
          className="fs-category"
          aria-expanded={expanded}
          aria-label={chosen > 0 && props.countLabel ? props.countLabel(label, chosen) : label}
          title={expanded ? collapseLabel(label) : expandLabel(label)}
          onClick={onExpandToggle}
        >
          <span className="fs-chevron" aria-hidden>
            <Icon name={style.chevron(expanded)} size={14} />
          </span>
          <span className="fs-category-name" translate="no">
            {label}
          </span>
          {chosen > 0 && <span className="fs-count">{chosen}</span>}
        </button>
        {subList}
      </li>
    );
  }
  return (
    <li className={style.item(expanded)}>
      <div className={style.head}>
        <button
          type="button"
          className={style.pick(isChosen(label))}
          aria-pressed={isChosen(label)}
          translate="no"
          onClick={() => onToggle(label)}
        >
          {label}
        </button>
        <button
          type="button"
          className={style.expand}
          aria-expanded={expanded}
          aria-label={expanded ? collapseLabel(label) : expandLabel(label)}
          onClick={onExpandToggle}
        >
          <Icon name={style.chevron(expanded)} size={14} />
        </button>
      </div>
      {subList}
    </li>
  );
}
