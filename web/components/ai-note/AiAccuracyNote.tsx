import { useTranslation } from 'react-i18next';
import './ai-note.css';

/**
 * Spec accounts §1: the catalogue is collected automatically by AI and may not be accurate. Said, small and quiet,
 * wherever catalogue data shows: the landing search, the board, the card viewer, feature search
 * and its lightbox, and collections. `floating` lays it over the board's canvas, out of the way of the pointer.
 */
export function AiAccuracyNote({ floating = false }: { floating?: boolean }) {
  const { t } = useTranslation('search');
  return (
    <footer className={floating ? 'ai-footer ai-footer-floating' : 'ai-footer'} data-testid="ai-footer">
      {t('aiFooter')}
    </footer>
  );
}
