import { apiRequest } from '../../data/api-client';

export type DemoBoardProgress = { done: number; total: number };
export type DemoBoardResult = { boardId: number; cards: number; sections: number; seconds: number };

/** The hosts on which the server accepts POST /api/demo-board (it refuses anything but loopback). */
export function isLocalhost(hostname: string = window.location.hostname): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname === '::1';
}

/**
 * POST /api/demo-board and reads its NDJSON answer: `{done,total}` lines while the board is written, then
 * `{boardId,cards,sections,seconds}`, or `{error}`. Lines may arrive split across chunks or several in one.
 */
export async function createDemoBoard(
  body: { cards: number; sections?: number },
  onProgress: (p: DemoBoardProgress) => void,
  signal?: AbortSignal,
): Promise<DemoBoardResult> {
  const res = await apiRequest('POST', '/api/demo-board', body, {
    signal,
    headers: { Accept: 'application/x-ndjson' },
  });
  if (!res.body) throw new Error('The demo board answer had no body');
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let result: DemoBoardResult | null = null;
  const readLine = (line: string) => {
    if (!line.trim()) return;
    const message = JSON.parse(line) as Partial<DemoBoardProgress & DemoBoardResult & { error: string }>;
    if (typeof message.error === 'string') throw new Error(message.error);
    if (typeof message.boardId === 'number') result = message as DemoBoardResult;
    else if (typeof message.done === 'number' && typeof message.total === 'number')
      onProgress({ done: message.done, total: message.total });
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) readLine(line);
  }
  readLine(buffered);
  if (!result) throw new Error('The demo board answer ended without a result');
  return result;
}
