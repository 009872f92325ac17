import type { QueryClient } from '@tanstack/react-query';
import type { CollectionItem } from '#shared/schemas/catalogue';
import { ApiError } from '../../data/api-client';
import { boardKeys } from '../../data/query-keys';
import { requestCollectionUse } from '../../data/search-catalogue.queries';
import type { CurrentUser } from '../../data/wire';
import { useAppStore } from '../../stores/app.store';
import { toast } from '../../stores/toast.store';
import { failureToast } from '../../data/failure-text';
import { webI18n } from '../../i18n/i18n';

/** Spec accounts §5: pro collections need plan_id 2 or more. */
const PRO_MIN_PLAN_ID = 2;

export type CollectionUseOutcome = 'used' | 'needs-pro' | 'failed';

/**
 * Opening a collection from a landing tile (spec accounts §4 "Collection use", §7, §8): the free/pro check,
 * 'Loading collection...', POST /api/collections/{id}/use, then 'Collection loaded!', the boards refreshed and
 * the new board selected. A 403 with requiresPro asks for the upsell; other failures toast 'Error'.
 */
export async function openCollection(
  queryClient: QueryClient,
  user: CurrentUser,
  collection: CollectionItem,
): Promise<CollectionUseOutcome> {
  if (collection.type === 'pro' && user.plan_id < PRO_MIN_PLAN_ID) return 'needs-pro';
  const t = webI18n.t;
  toast({ title: t('collections:use.loading'), description: t('collections:use.loadingDetail') }, 'info');
  try {
    const boardId = await requestCollectionUse(collection.id);
    await queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
    const app = useAppStore.getState();
    app.setCollectionsViewOpen(false);
    app.setCurrentBoardId(boardId);
    toast({ title: t('collections:use.loaded'), description: t('collections:use.loadedDetail') }, 'success');
    return 'used';
  } catch (err) {
    if (err instanceof ApiError && err.status === 403 && err.code === 'requires_pro') return 'needs-pro';
    console.error(err);
    const failed = { title: t('collections:use.failedTitle'), description: t('collections:use.failed') };
    toast(failureToast(failed, err), 'destructive');
    return 'failed';
  }
}
