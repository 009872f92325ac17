import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { SESSION_KEYS } from '#shared/constants';
import { useTranslation } from 'react-i18next';
import { markNewSeen } from '../components/collections/new-badges';
import { useRequireSignIn } from '../components/share/use-require-sign-in';
import { useAppStore } from '../stores/app.store';

/**
 * /collections (spec accounts §2): 'Auth checking...', then 'Redirecting...'. Signed in, it closes the bookmarks
 * view, opens the collections view on the main screen, marks the Collections badge seen and goes to /. A guest
 * is sent to login with this path kept as the post-login redirect.
 */
export function CollectionsPage() {
  const auth = useRequireSignIn();
  const navigate = useNavigate();
  const signedIn = auth.status === 'signed-in';
  const { t } = useTranslation('collections');

  useEffect(() => {
    if (!signedIn) return;
    const store = useAppStore.getState();
    store.closeBookmarks();
    store.setCollectionsViewOpen(true);
    markNewSeen(SESSION_KEYS.collectionsNewSeen);
    void navigate('/', { replace: true });
  }, [signedIn, navigate]);

  return (
    <main className="page-center" role="status">
      {auth.status === 'checking' ? t('authGate.checking') : t('authGate.redirecting')}
    </main>
  );
}
