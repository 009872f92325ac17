import type { AccountSession } from '#shared/schemas/account';
import { apiJson } from './api-client';

/** The account's own endpoints (api/routes/account.route.ts); errors are ApiError with the server's sentence. */
export const verifyEmail = (token: string) =>
  apiJson<{ email: string; emailVerified: true }>('POST', '/api/auth/verify-email', { token });
export const resendVerification = () => apiJson<{ message: string }>('POST', '/api/auth/verify-email/resend');
export const requestPasswordReset = (email: string) =>
  apiJson<{ message: string }>('POST', '/api/auth/forgot-password', { email });
export const resetPassword = (token: string, password: string) =>
  apiJson('POST', '/api/auth/reset-password', { token, password });
export const listSessions = () => apiJson<{ sessions: AccountSession[] }>('GET', '/api/sessions');
export const endSession = (id: string) => apiJson('DELETE', `/api/sessions/${id}`);
export const endOtherSessions = () => apiJson('POST', '/api/sessions/sign-out-others');
export const changePassword = (currentPassword: string, newPassword: string) =>
  apiJson('POST', '/api/current-user/password', { currentPassword, newPassword });
/** Where "Download my data" points: a plain link, so the browser streams the zip to disk as it comes. */
export const ACCOUNT_DATA_URL = '/api/account/data';
export const deleteAccount = (password: string | undefined) =>
  apiJson<{ success: true }>('DELETE', '/api/account', password === undefined ? {} : { password });
