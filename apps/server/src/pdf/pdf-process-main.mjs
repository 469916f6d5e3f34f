// Bootstrap of a module process (pdf-process.ts). It is started without the server's flags (tsx's
// loader, or Vite's transform under Vitest): it registers tsx itself.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-process-child.ts');
