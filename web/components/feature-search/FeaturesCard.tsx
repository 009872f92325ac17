import { useState } from 'react';
import { FEATURE_SEARCH_TEXT } from '../../../shared/messages/discovery';
import { FEATURE_CATEGORIES, FEATURE_TAXONOMY } from '../../../shared/taxonomy';
import { featureValue } from './filter-state';

type Props = { selected: readonly string[]; onToggle: (value: string) => void };

/**
 * The Features card (spec accounts §2, §4): the 13 categories, each expanding to its sub-tags; expanding one
 * closes the others. A sub-tag toggles on click; a category shows how many of its sub-tags are chosen.
 */
export function FeaturesCard({ selected, onToggle }: Props) {
  const [expanded, setExpanded] = useState<string | null>(null);
  return (
    <section className="fs-card" aria-labelledby="fs-features-title">
      <h2 id="fs-features-title" className="fs-card-title">
        {FEATURE_SEARCH_TEXT.features}
      </h2>
      <ul className="fs-categories">
        {FEATURE_CATEGORIES.map((category) => {
          const open = expanded === category;
          const chosen = FEATURE_TAXONOMY[category].filter((sub) => selected.includes(featureValue(category, sub))).length;
          return (
            <li key={category}>
              <button
                type="button"
                className="fs-category"
                aria-expanded={open}
                aria-label={chosen > 0 ? FEATURE_SEARCH_TEXT.categoryWithCount(category, chosen) : category}
                title={open ? FEATURE_SEARCH_TEXT.collapse(category) : FEATURE_SEARCH_TEXT.expand(category)}
                onClick={() => setExpanded(open ? null : category)}
              >
                <span className="fs-chevron" aria-hidden>
                  {open ? '▾' : '▸'}
                </span>
                <span className="fs-category-name">{category}</span>
                {chosen > 0 && <span className="fs-count">{chosen}</span>}
              </button>
              {open && (
                <ul className="fs-subtags" aria-label={category}>
                  {FEATURE_TAXONOMY[category].map((sub) => {
                    const value = featureValue(category, sub);
                    const on = selected.includes(value);
                    return (
                      <li key={sub}>
                        <button type="button" className={on ? 'fs-option on' : 'fs-option'} aria-pressed={on} onClick={() => onToggle(value)}>
                          {sub}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
