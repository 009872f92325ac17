import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEATURE_CATEGORIES, FEATURE_TAXONOMY } from '#shared/taxonomy';
import { ExpandablePickRow } from '../search/ExpandablePickRow';
import { featureValue } from './filter-state';

type Props = { selected: readonly string[]; onToggle: (value: string) => void };

/**
 * The Features card (spec accounts §2, §4): the 13 categories, each expanding to its sub-tags; expanding one
 * closes the others. A sub-tag toggles on click; a category shows how many of its sub-tags are chosen.
 */
export function FeaturesCard({ selected, onToggle }: Props) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const { t } = useTranslation('features');
  return (
    <section className="fs-card" aria-labelledby="fs-features-title">
      <h2 id="fs-features-title" className="fs-card-title">
        {t('features')}
      </h2>
      <ul className="fs-categories">
        {FEATURE_CATEGORIES.map((category) => (
          <ExpandablePickRow
            key={category}
            look="card"
            pickable={false}
            label={category}
            subs={FEATURE_TAXONOMY[category].map((sub) => ({ label: sub, value: featureValue(category, sub) }))}
            isChosen={(value) => selected.includes(value)}
            onToggle={onToggle}
            expanded={expanded === category}
            onExpandToggle={() => setExpanded((e) => (e === category ? null : category))}
            expandLabel={(name) => t('expand', { name })}
            collapseLabel={(name) => t('collapse', { name })}
            countLabel={(category, count) => t('categoryWithCount', { category, count })}
          />
        ))}
      </ul>
    </section>
  );
}
