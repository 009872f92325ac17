import { createBrowserRouter } from 'react-router-dom';
import { AccountPage } from './pages/AccountPage';
import { BillingPage } from './pages/BillingPage';
import { BillingSuccessPage } from './pages/BillingSuccessPage';
import { BoardPage } from './pages/BoardPage';
import { CollectionsPage } from './pages/CollectionsPage';
import { FeatureSearchPage } from './pages/FeatureSearchPage';
import { InvitePage } from './pages/InvitePage';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { SharePage } from './pages/SharePage';
import { StorageTestPage } from './pages/StorageTestPage';
import { VerifyEmailPage } from './pages/VerifyEmailPage';

/** Client-side routes (spec accounts §2). Pages owned by later issues add their entries here. */
export const router = createBrowserRouter([
  { path: '/', element: <BoardPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/billing', element: <BillingPage /> },
  { path: '/billing-success', element: <BillingSuccessPage /> },
  { path: '/collections', element: <CollectionsPage /> },
  { path: '/feature-search', element: <FeatureSearchPage /> },
  { path: '/share', element: <SharePage /> },
  { path: '/share/:code', element: <SharePage /> },
  { path: '/invite/:code', element: <InvitePage /> },
  { path: '/storage-test', element: <StorageTestPage /> },
  { path: '/verify-email/:token', element: <VerifyEmailPage /> },
  { path: '/reset-password/:token', element: <ResetPasswordPage /> },
  { path: '/account', element: <AccountPage /> },
  { path: '*', element: <NotFoundPage /> },
]);
