import { useTranslation } from 'react-i18next';
import type { Section } from '../../data/wire';

type Props = {
  sections: readonly Section[];
  /** The chosen section id, 0 for "no section", '' for nothing chosen yet. */
  value: number | '';
  /** The first, empty option: '—' in the Move dialog, a disabled prompt in the selection bar. */
  prompt: { label: string; disabled?: boolean };
  /** null for "no section" (spec: the card leaves its section), a section id otherwise, undefined for the prompt. */
  onChoose: (sectionId: number | null | undefined) => void;
  'aria-label'?: string;
};

/** The section picker of the Move dialog and the selection bar: the prompt, "No section", then each section. */
export function SectionSelect({ sections, value, prompt, onChoose, 'aria-label': ariaLabel }: Props) {
  const { t } = useTranslation('board');
  return (
    <select
      aria-label={ariaLabel}
      value={value}
      onChange={(e) => {
        const raw = e.target.value;
        onChoose(raw === '' ? undefined : Number(raw) === 0 ? null : Number(raw));
      }}
    >
      <option value="" disabled={prompt.disabled}>
        {prompt.label}
      </option>
      <option value={0}>{t('moveDialog.noSection')}</option>
      {sections.map((s) => (
        <option key={s.id} value={s.id}>
          {s.title}
        </option>
      ))}
    </select>
  );
}
