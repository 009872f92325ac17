import type { Page } from '@playwright/test';
import sharp from 'sharp';

/** Files as a desktop drag or a paste delivers them to the page: a name, a type and the bytes. */
export type FileSpec = { name: string; type: string; base64: string };

/** A plain PNG of one colour, named for it. */
export async function png(color: string, width = 160, height = 100): Promise<FileSpec> {
  const data = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name: `${color.slice(1)}.png`, type: 'image/png', base64: data.toString('base64') };
}

/** Drops files on the page point (x, y) the way a desktop drag does: dragover, then drop with a DataTransfer. */
export async function dropFiles(page: Page, point: { x: number; y: number }, files: FileSpec[]) {
  await page.evaluate(
    ({ point, files }) => {
      const dt = new DataTransfer();
      for (const f of files) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], f.name, { type: f.type }));
      }
      const target = document.elementFromPoint(point.x, point.y)!;
      const init = { dataTransfer: dt, clientX: point.x, clientY: point.y, bubbles: true, cancelable: true };
      target.dispatchEvent(new DragEvent('dragenter', init));
      target.dispatchEvent(new DragEvent('dragover', init));
      target.dispatchEvent(new DragEvent('drop', init));
    },
    { point, files },
  );
}
