import { createBrowserRouter } from 'react-router-dom';
import { BoardPage } from './pages/BoardPage';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';

/** Client-side routes (spec accounts §2). Pages owned by later issues add their entries here. */
export const router = createBrowserRouter([
  { path: '/', element: <BoardPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '*', element: <NotFoundPage /> },
]);
