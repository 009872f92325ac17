import { useState } from 'react';
import { ExpandablePickRow } from './ExpandablePickRow';
import { useTranslation } from 'react-i18next';
import { PANEL_CATEGORIES, PANEL_TAXONOMY } from '#shared/taxonomy';
import { featuresLabel, type PickerSelection } from '../../logic/search/picker-selection';
import { usePopover } from './use-popover';
import { Icon } from '../icons';

type Props = {
  selection: PickerSelection;
  onToggle: (name: string) => void;
  disabled?: boolean;
};

/** The 8 categories split into two columns (spec accounts §2: "two columns of categories"). */
const COLUMNS = [
  PANEL_CATEGORIES.slice(0, Math.ceil(PANEL_CATEGORIES.length / 2)),
  PANEL_CATEGORIES.slice(Math.ceil(PANEL_CATEGORIES.length / 2)),
];

/**
 * FEATURES picker (spec accounts §2): two columns of categories with expandable sub-features; selecting a
 * category or a sub-feature toggles it; the button reads 'Select features', the single name, or 'N selected'.
 */
export function FeaturesPicker({ selection, onToggle, disabled }: Props) {
  const popover = usePopover<HTMLDivElement>();
  const [expanded, setExpanded] = useState<string | null>(null);
  const chosen = new Set(selection.features);
  const { t } = useTranslation('search');

  return (
    <div className="picker" ref={popover.ref}>
      <span className="picker-heading">{t('featuresHeading')}</span>
      <button
        type="button"
        className={chosen.size ? 'picker-button has-value' : 'picker-button'}
        aria-haspopup="dialog"
        aria-expanded={popover.open}
        data-testid="features-picker"
        disabled={disabled}
        onClick={popover.toggle}
      >
        {featuresLabel(selection)}
        <Icon name="chevronDown" size={14} />
      </button>
      {popover.open && (
        <div className="picker-popover features-popover" role="dialog" aria-label={t('featuresHeading')}>
          <div className="picker-columns">
            {COLUMNS.map((column, i) => (
              <ul key={i} className="picker-column">
                {column.map((category) => (
                  <ExpandablePickRow
                    key={category}
                    label={category}
                    subs={Object.keys(PANEL_TAXONOMY[category])}
                    isChosen={(name) => chosen.has(name)}
                    onToggle={onToggle}
                    expanded={expanded === category}
                    onExpandToggle={() => setExpanded((e) => (e === category ? null : category))}
                  />
                ))}
              </ul>
            ))}
          </div>
          <div className="picker-foot">
            <button type="button" className="btn" onClick={() => popover.setOpen(false)}>
              {t('closePicker')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
