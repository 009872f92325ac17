import { resolveImagePath, STORAGE_URL_PREFIX } from '#shared/image-urls';
import { T } from './storage-text';
import { formatThousands } from '../billing/plan-display';

/**
 * Pure checks of the /storage-test page (spec accounts §2: "It reports HTTP status errors, a 204 zero-size image,
 * and image load failures"), so each verdict can be tested without a browser.
 */
export type Verdict = { ok: boolean; text: string };

/** A GET or HEAD answer for an image: an HTTP error, an empty body (204 or 0 bytes), or fine. */
export function responseVerdict(
  status: number,
  contentLength: number | null,
): { kind: 'http' | 'empty' | 'ok'; text: string } {
  if (status === 204 || contentLength === 0) return { kind: 'empty', text: T.statusEmpty };
  if (status < 200 || status >= 300) return { kind: 'http', text: T.statusHttp(status) };
  return { kind: 'ok', text: '' };
}

export function headVerdict(status: number, contentType: string | null, contentLength: number | null): Verdict {
  if (status === 204 || contentLength === 0) return { ok: false, text: T.headEmpty(status) };
  if (status < 200 || status >= 300) return { ok: false, text: T.headHttp(status) };
  const size = contentLength === null ? T.sizeUnknown : T.bytes(formatThousands(contentLength));
  return { ok: true, text: T.headOk(status, contentType ?? '?', size) };
}

/** What the page's own <img> says: loaded with a size, broken (complete but 0 wide), or still loading. */
export function domVerdict(img: { complete: boolean; naturalWidth: number; naturalHeight: number } | null): Verdict {
  if (!img) return { ok: false, text: T.domMissing };
  if (!img.complete) return { ok: false, text: T.domPending };
  if (img.naturalWidth === 0) return { ok: false, text: T.domBroken };
  return { ok: true, text: T.domLoaded(img.naturalWidth, img.naturalHeight) };
}

/** The spec's path rules applied to one raw screenshot value, with every remark worth a developer's attention. */
export function urlFormatVerdicts(raw: string | null | undefined): { resolved: string | null; verdicts: Verdict[] } {
  const value = raw?.trim() ?? '';
  if (!value) return { resolved: null, verdicts: [{ ok: false, text: T.urlEmpty }] };
  const resolved = resolveImagePath(value);
  const verdicts: Verdict[] = [];
  if (/[\s\\]/.test(value)) verdicts.push({ ok: false, text: T.urlBadChars });
  if (value.includes('?')) verdicts.push({ ok: false, text: T.urlQuery });
  if (/^https?:\/\//i.test(value)) verdicts.push({ ok: true, text: T.urlExternal });
  else if (/^\/?static\//.test(value)) verdicts.push({ ok: true, text: T.urlStatic });
  else if (!value.startsWith('/')) verdicts.push({ ok: false, text: T.urlNoSlash });
  if (resolved && !/^https?:\/\//i.test(resolved) && !resolved.startsWith(STORAGE_URL_PREFIX))
    verdicts.push({ ok: false, text: T.urlNotStorage });
  if (verdicts.length === 0) verdicts.push({ ok: true, text: T.urlOk });
  return { resolved, verdicts };
}

/** The record's five screenshot slots, each with its raw path and url and the address the client loads. */
export function screenshotSlots(
  record: Record<string, unknown>,
): { slot: number; path: string | null; url: string | null; resolved: string | null }[] {
  const slots = [];
  for (let slot = 1; slot <= 5; slot++) {
    const path = (record[`screenshot_path${slot}`] as string | null | undefined) ?? null;
    const url = (record[`screenshot_url${slot}`] as string | null | undefined) ?? null;
    if (!path && !url) continue;
    slots.push({ slot, path, url, resolved: resolveImagePath(url) ?? resolveImagePath(path) });
  }
  return slots;
}
