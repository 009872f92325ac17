/**
 * The PNG export's canvas, in a worker (a 16,384 px export froze the page for seconds): each tile's
 * pixels arrive transferred (no copy), are made straight-alpha when the image has no background, and are put at
 * their place; the whole canvas is encoded once here, so neither the assembly nor the encoding holds the page.
 * Messages: start {width, height, straightAlpha}, tile {x, y, width, height, pixels}, encode → done {blob} |
 * failed {message}.
 */
import { unpremultiply } from '../../logic/export-region';

export type AssemblerMessage =
  | { type: 'start'; width: number; height: number; straightAlpha: boolean }
  | { type: 'tile'; x: number; y: number; width: number; height: number; pixels: Uint8ClampedArray<ArrayBuffer> }
  | { type: 'encode' };

export type AssemblerReply = { type: 'done'; blob: Blob } | { type: 'failed'; message: string };

let context: OffscreenCanvasRenderingContext2D | null = null;
let straightAlpha = false;

function reply(message: AssemblerReply) {
  self.postMessage(message);
}

self.addEventListener('message', (event: MessageEvent<AssemblerMessage>) => {
  const message = event.data;
  try {
    if (message.type === 'start') {
      context = new OffscreenCanvas(message.width, message.height).getContext('2d');
      if (!context) throw new Error('no 2D canvas in the worker');
      straightAlpha = message.straightAlpha;
    } else if (message.type === 'tile') {
      if (!context) throw new Error('a tile before start');
      if (straightAlpha) unpremultiply(message.pixels);
      context.putImageData(new ImageData(message.pixels, message.width, message.height), message.x, message.y);
    } else if (context) {
      void context.canvas.convertToBlob({ type: 'image/png' }).then(
        (blob) => reply({ type: 'done', blob }),
        (err: unknown) => reply({ type: 'failed', message: err instanceof Error ? err.message : String(err) }),
      );
    }
  } catch (err) {
    reply({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  }
});
