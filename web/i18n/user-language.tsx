import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Locale } from '#shared/locale';
import { apiJson } from '../data/api-client';
import { userKeys } from '../data/query-keys';
import { useCurrentUser } from '../data/user.queries';
import { currentUserSchema, type CurrentUser } from '../data/wire';
import { toast } from '../stores/toast.store';
import { chooseLanguage, followUserLanguage, webI18n } from './i18n';

/** Follows the signed-in user's saved language wherever they are in the app (mounted once, at the root). */
export function UserLanguage() {
  const user = useCurrentUser().data;
  const saved = user?.language ?? null;
  const known = user !== undefined;
  useEffect(() => {
    if (known) followUserLanguage(saved);
  }, [known, saved]);
  return null;
}

/**
 * The user menu's language switch: applied at once, then saved (PATCH /api/current-user) so exports and other
 * browsers use it too. When saving fails the language still applies here, and the user is told.
 */
export function useChooseLanguage(): (locale: Locale) => Promise<void> {
  const queryClient = useQueryClient();
  return async (locale) => {
    await chooseLanguage(locale, true);
    try {
      const user = currentUserSchema.parse(await apiJson('PATCH', '/api/current-user', { language: locale }));
      queryClient.setQueryData<CurrentUser | null>(userKeys.current(), user);
    } catch {
      await chooseLanguage(locale, false);
      toast(
        { title: webI18n.t('shell:language.saveFailedTitle'), description: webI18n.t('shell:language.saveFailed') },
        'destructive',
      );
    }
  };
}
