import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadingEditInput, ReadingScopeItem } from '#shared/schemas/search';
import { toggleGame, toggleGenre, toggleSuperGenre } from '../../logic/search/picker-selection';
import {
  asTyped,
  canRemove,
  sameScope,
  scopeOfSelection,
  selectionOfScope,
  withScope,
  withoutScopeItem,
  withoutTopic,
} from '../../logic/search/reading-edit';
import { GenresGamesPicker } from './GenresGamesPicker';
import type { BoardReading } from './search-status.store';

type Props = { shown: BoardReading; disabled: boolean; onEdit: (edit: ReadingEditInput) => void };

/**
 * What the last query was read as, under the search bar: its topics, its scope (genre, sub-genre, game, tier) and the
 * words it corrected. Each part can be taken away, the scope changed in the genre and game picker, and a correction
 * turned down; each change runs the query again on the same board, replacing its results in one undoable step.
 */
export function ReadingChips({ shown, disabled, onEdit }: Props) {
  const { t } = useTranslation('board');
  const { reading } = shown;
  // The picker's choices while it is open; the change runs once, when it closes.
  const [draft, setDraft] = useState(() => selectionOfScope(reading.scope));
  const removable = canRemove(reading);
  const scopeName = (item: ReadingScopeItem) => t(`searchReading.kind.${item.kind}`, { name: item.name });

  const closePicker = () => {
    const scope = scopeOfSelection(draft);
    if (sameScope(scope, reading.scope)) return;
    if (scope.length === 0 && reading.topics.length === 0) return setDraft(selectionOfScope(reading.scope));
    onEdit(withScope(shown, draft));
  };

  return (
    <div className="reading-chips" role="group" aria-label={t('searchReading.label')} data-testid="reading-chips">
      <span className="reading-heading">{t('searchReading.label')}</span>
      {reading.topics.map((topic) => (
        <span key={topic.key} className="reading-chip topic" data-testid="reading-topic">
          <span translate="no">{topic.label}</span>
          <button
            type="button"
            className="reading-remove"
            aria-label={t('searchReading.removeTopic', { name: topic.label })}
            disabled={disabled || !removable}
            onClick={() => onEdit(withoutTopic(shown, topic.key))}
          >
            ×
          </button>
        </span>
      ))}
      {reading.scope.map((item) => (
        <span key={`${item.kind}:${item.name}`} className="reading-chip scope" data-testid="reading-scope">
          {scopeName(item)}
          <button
            type="button"
            className="reading-remove"
            aria-label={t('searchReading.removeScope', { name: item.name })}
            disabled={disabled || !removable}
            onClick={() => onEdit(withoutScopeItem(shown, item))}
          >
            ×
          </button>
        </span>
      ))}
      <GenresGamesPicker
        selection={draft}
        disabled={disabled}
        onSuperGenre={(chip) => setDraft((d) => toggleSuperGenre(d, chip))}
        onGenre={(name) => setDraft((d) => toggleGenre(d, name))}
        onGame={(name) => setDraft((d) => toggleGame(d, name))}
        asChange={{
          label: reading.scope.length ? t('searchReading.changeScope') : t('searchReading.addScope'),
          onClose: closePicker,
        }}
      />
      {reading.respelled.map(({ from, to }) => (
        <span key={from} className="reading-chip typo" data-testid="reading-typo">
          {t('searchReading.showingFor', { to })}
          <button type="button" className="reading-link" disabled={disabled} onClick={() => onEdit(asTyped(shown))}>
            {t('searchReading.searchTyped', { from })}
          </button>
        </span>
      ))}
      {reading.asTyped && (
        <span className="reading-chip typo" data-testid="reading-as-typed">
          {t('searchReading.asTyped')}
        </span>
      )}
    </div>
  );
}
