// Bootstrap of the render thread (pdf-document.ts). A worker thread does not inherit how the
// server loads TypeScript (tsx's loader, or Vite's transform under Vitest): it registers tsx itself.
import { register } from 'tsx/esm/api';

register();
await import('./render-thread.ts');
