// The layout worker's entry from the sources: plain JavaScript, so it starts in any runtime (tsx, vitest, plain
// node), then registers tsx in this thread and runs the TypeScript worker. The server bundle starts its own bundle.
import { register } from 'tsx/esm/api';

register();
await import('./organize-layout.worker.ts');
