import { randomRecord, type RandomRecord } from '#shared/schemas/catalogue';
import { apiJson } from '../../data/api-client';

/**
 * The network side of /storage-test: the random record through the API client, and raw requests for the images
 * (a diagnostic must see every status, including the ones the app's client would throw on).
 */
export type LogEntry = {
  id: number;
  at: string;
  method: string;
  url: string;
  status: number | null;
  detail: string;
  ms: number;
};

let nextLogId = 1;

export function logEntry(method: string, url: string, status: number | null, detail: string, ms: number): LogEntry {
  return {
    id: nextLogId++,
    at: new Date().toLocaleTimeString('ru-RU'),
    method,
    url,
    status,
    detail,
    ms: Math.round(ms),
  };
}

export async function fetchRandomRecord(): Promise<{ record: RandomRecord; ms: number }> {
  const started = performance.now();
  const record = randomRecord.parse(await apiJson('GET', '/api/database/random-record'));
  return { record, ms: performance.now() - started };
}

export type ProbeResult = {
  status: number | null;
  contentType: string | null;
  contentLength: number | null;
  ms: number;
  error?: string;
};

/** One GET or HEAD of an image URL, never cached, body size measured for GET. */
export async function probeImage(method: 'GET' | 'HEAD', url: string): Promise<ProbeResult> {
  const started = performance.now();
  try {
    const res = await fetch(url, { method, cache: 'no-store', credentials: 'include' });
    const header = res.headers.get('content-length');
    let contentLength = header === null ? null : Number(header);
    if (method === 'GET') contentLength = (await res.arrayBuffer()).byteLength;
    return {
      status: res.status,
      contentType: res.headers.get('content-type'),
      contentLength,
      ms: performance.now() - started,
    };
  } catch (err) {
    return {
      status: null,
      contentType: null,
      contentLength: null,
      ms: performance.now() - started,
      error: String(err),
    };
  }
}
