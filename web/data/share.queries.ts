import { shareResult, type ShareResult } from '../../shared/schemas/share';
import { apiJson } from './api-client';

/**
 * GET /api/share/{code} (spec accounts §7): the recipient's own copy of the shared board (the owner gets the
 * original back, copied false). 401 means login needed; 404 carries the server's message.
 */
export async function openSharedBoard(code: string): Promise<ShareResult> {
  return shareResult.parse(await apiJson('GET', `/api/share/${encodeURIComponent(code)}`));
}
