import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { storageUsage, type OwnCardDetailsBody, type Placement } from '#shared/schemas/own-images';
import { SCREEN_ID_HEADER } from '#shared/screen-id';
import { ApiError, apiJson, languageHeader } from './api-client';
import { sendBoardOps } from './board-ops';
import { failureText } from './failure-text';
import { SCREEN_ID } from './screen-id';
import { storageKeys } from './query-keys';
import { cardSchema, type Card } from './wire';

/**
 * Own images: uploads (XMLHttpRequest, the one browser API that reports upload progress), image
 * links, gallery additions, own card details and the storage use.
 */
function postFile(url: string, file: File, fields: Record<string, string>, onProgress: (fraction: number) => void): Promise<Card> {
  const form = new FormData();
  form.append('file', file, file.name || 'pasted-image.png');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return new Promise<Card>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', languageHeader()['Accept-Language']);
    // The board change it makes is this screen's own, like every apiJson request's.
    xhr.setRequestHeader(SCREEN_ID_HEADER, SCREEN_ID);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(cardSchema.parse(JSON.parse(xhr.responseText)));
        } catch (err) {
          reject(err);
        }
      } else reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.onerror = () => reject(new ApiError(0, '', 'Network error'));
    xhr.send(form);
  });
}

function placementFields(placement: Placement): Record<string, string> {
  const fields: Record<string, string> = {};
  if (placement.x !== undefined) fields.x = String(Math.round(placement.x * 100) / 100);
  if (placement.y !== undefined) fields.y = String(Math.round(placement.y * 100) / 100);
  if (placement.sectionId) fields.sectionId = String(placement.sectionId);
  return fields;
}

export function uploadImage(boardId: number, file: File, placement: Placement, onProgress: (fraction: number) => void): Promise<Card> {
  return postFile(`/api/boards/${boardId}/images`, file, placementFields(placement), onProgress);
}

export async function addImageLink(boardId: number, url: string, placement: Placement): Promise<Card> {
  return cardSchema.parse(await apiJson('POST', `/api/boards/${boardId}/image-links`, { url, ...placement }));
}

export function addImageToCard(cardId: number, file: File, onProgress: (fraction: number) => void): Promise<Card> {
  return postFile(`/api/cards/${cardId}/images`, file, {}, onProgress);
}

/**
 * Saves an own card's details through its board's ops door: every open screen of the board hears it,
 * and this one's viewer loads the stored details again.
 */
export async function updateOwnCard(queryClient: QueryClient, card: Pick<Card, 'id' | 'boardId'>, patch: OwnCardDetailsBody): Promise<void> {
  await sendBoardOps(queryClient, card.boardId, [{ type: 'card.update', id: card.id, patch }]);
}

export const storageUsageQuery = () =>
  queryOptions({
    queryKey: storageKeys.usage(),
    queryFn: async () => storageUsage.parse(await apiJson('GET', '/api/user/storage')),
  });

export function useStorageUsage(enabled: boolean) {
  return useQuery({ ...storageUsageQuery(), enabled });
}

/** The server's reason for a refused image, for the toast. */
export function refusalReason(err: unknown): string {
  return failureText(err, err instanceof Error ? err.message : String(err));
}
