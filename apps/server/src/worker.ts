import { loadConfig } from './config.ts';
import { startServer } from './server.ts';
import { installShutdown } from './shutdown.ts';
import { startOrExplain } from './startup-error.ts';

/** Runs the job workers without serving HTTP (scale-out: several of these beside the web servers). */
await startOrExplain(async () => installShutdown(await startServer(loadConfig(), { listen: false })));
