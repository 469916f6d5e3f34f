import { refuseOldNode } from './node-version.ts';

// The Node.js check runs before the server's modules (and their dependencies) are loaded.
refuseOldNode();
const { startProcess } = await import('./start-process.ts');
// Runs the job workers without serving HTTP (scale-out: several of these beside the web servers).
await startProcess({ listen: false });
