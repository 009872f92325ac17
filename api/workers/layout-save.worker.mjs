// The layout worker's entry: plain JavaScript, so it starts in any runtime (tsx, vitest, plain node), then
// registers tsx in this thread and runs the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./layout-save.worker.ts');
