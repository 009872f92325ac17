import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectionItem } from '#shared/schemas/catalogue';
import { CollectionTile } from './CollectionTile';
import { Icon } from '../icons';

type Props = {
  title: string;
  items: CollectionItem[];
  collapsible: boolean;
  busyId: number | null;
  onOpen: (c: CollectionItem) => void;
};

/**
 * A titled block of tiles: the title, a rule across the row and the count (spec accounts §2); category groups
 * collapse and start expanded, the 'New' block does not collapse.
 */
export function CollectionGroupBlock({ title, items, collapsible, busyId, onOpen }: Props) {
  const [expanded, setExpanded] = useState(true);
  const gridId = useId();
  const { t } = useTranslation('collections');
  const heading = (
    <>
      <span className="cv-group-title" translate="no">
        {title}
      </span>
      <span className="cv-group-rule" aria-hidden />
      <span className="cv-group-count" data-testid="group-count">
        {items.length}
      </span>
    </>
  );
  return (
    <section className="cv-group" aria-label={title} data-testid="collection-group">
      <h2 className="cv-group-head">
        {collapsible ? (
          <button
            type="button"
            className="cv-group-toggle"
            aria-expanded={expanded}
            aria-controls={gridId}
            title={expanded ? t('collapse', { title }) : t('expand', { title })}
            onClick={() => setExpanded((e) => !e)}
          >
            <span className="cv-chevron" aria-hidden>
              <Icon name={expanded ? 'chevronDown' : 'chevronRight'} size={14} />
            </span>
            {heading}
          </button>
        ) : (
          <span className="cv-group-toggle static">{heading}</span>
        )}
      </h2>
      {expanded && (
        <ul className="cv-grid" id={gridId}>
          {items.map((c) => (
            <CollectionTile key={c.id} collection={c} busy={busyId !== null} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </section>
  );
}
