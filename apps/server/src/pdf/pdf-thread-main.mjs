// Bootstrap of the PDF thread (pdf-thread.ts). A worker thread does not inherit how the server
// loads TypeScript (tsx's loader, or Vite's transform under Vitest): it registers tsx itself.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-thread-worker.ts');
