import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

/** Runs the job workers without serving HTTP (scale-out: several of these beside the web servers). */
const server = await startServer(loadConfig(), { listen: false });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void server.stop().then(() => process.exit(0)));
}
