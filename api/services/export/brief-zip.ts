import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import type { ExportCard, ExportContent } from './export-content.service';
import type { ExportWords } from './export-words';
import { renderBrief, type BriefImage } from './markdown-brief';
import { log } from '../../ops/log';
import { createPushStream } from './push-stream';
import { findStoredImage, isExternalImage, type ImageSource, type StoredImage } from './stored-images';

type PlannedImage = { card: ExportCard; url: string; stored: StoredImage | null };

/**
 * The Markdown brief as a streamed .zip: brief.md (deflated) and images/<card id>-<n>.<ext> (stored as they are:
 * they are already compressed). Images are looked up first so brief.md names only files the zip holds; an image
 * outside our storage stays an outside link, a missing one is left out.
 */
export function briefZipStream(
  content: ExportContent,
  images: ImageSource,
  date: string,
  t: ExportWords,
): ReadableStream<Uint8Array> {
  const out = createPushStream();
  const zip = new Zip((err, chunk, final) => {
    if (err) return out.fail(err);
    out.push(chunk);
    if (final) out.close();
  });
  void (async () => {
    const planned = await planImages(content, images);
    const byCard = new Map<number, BriefImage[]>();
    const files: { zipPath: string; key: string }[] = [];
    for (const image of planned) {
      const list = byCard.get(image.card.id) ?? [];
      if (image.stored) {
        const zipPath = `images/${image.card.id}-${list.length + 1}${image.stored.ext}`;
        list.push({ kind: 'file', zipPath });
        files.push({ zipPath, key: image.stored.key });
      } else if (isExternalImage(image.url)) {
        list.push({ kind: 'link', url: image.url });
      }
      byCard.set(image.card.id, list);
    }
    const brief = new ZipDeflate('brief.md', { level: 6 });
    zip.add(brief);
    brief.push(strToU8(renderBrief(content, (card) => byCard.get(card.id) ?? [], date, t)), true);
    for (const { zipPath, key } of files) {
      await out.demand();
      if (out.cancelled) return zip.terminate();
      // Found while planning: gone now only if the sweep removed it in between; the entry is then empty, not a failure.
      const stored = await images.store.get(key);
      const entry = new ZipPassThrough(zipPath);
      zip.add(entry);
      entry.push(stored ? stored.data : new Uint8Array(0), true);
    }
    zip.end();
  })().catch((err) => {
    log.error({ err }, 'Markdown export failed');
    zip.terminate();
    out.fail(err);
  });
  return out.stream;
}

async function planImages(content: ExportContent, images: ImageSource): Promise<PlannedImage[]> {
  const wanted = content.groups.flatMap((g) => g.cards.flatMap((card) => card.images.map((url) => ({ card, url }))));
  const planned: PlannedImage[] = new Array(wanted.length);
  let next = 0;
  const worker = async () => {
    while (next < wanted.length) {
      const index = next++;
      planned[index] = { ...wanted[index], stored: await findStoredImage(images, wanted[index].url) };
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return planned;
}
