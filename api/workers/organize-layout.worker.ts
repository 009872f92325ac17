import { parentPort } from 'node:worker_threads';
import { organizePacked, type PackedOrganizeInput } from './organize-layout';

/** The layout worker thread (api/workers/organize-layout.ts): one Organize layout per message, answered in order. */
parentPort!.on('message', ({ id, input }: { id: number; input: PackedOrganizeInput }) => {
  try {
    const layout = organizePacked(input);
    parentPort!.postMessage({ id, ok: true, layout }, [layout.cards.buffer, layout.sections.buffer]);
  } catch (err) {
    parentPort!.postMessage({ id, ok: false, message: err instanceof Error ? err.message : String(err) });
  }
});
