import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** The catch-all page (spec board-workspace §2). */
export function NotFoundPage() {
  const { t } = useTranslation('pages');
  return (
    <main className="page-center">
      <div className="panel">
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.hint')}</p>
        <Link to="/">{t('notFound.home')}</Link>
      </div>
    </main>
  );
}
