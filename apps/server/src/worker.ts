import { startProcess } from './start-process.ts';

/** Runs the job workers without serving HTTP (scale-out: several of these beside the web servers). */
await startProcess({ listen: false });
