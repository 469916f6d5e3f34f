import { ConfigError, loadConfig, type Config } from './config.ts';
import { startServer, type RunningServer } from './server.ts';
import { installShutdown } from './shutdown.ts';
import { StorageUnreachable } from './storage/storage.ts';

/**
 * Starts a process of the installation (web server with workers, or workers alone) and stops it
 * gracefully on SIGTERM/SIGINT. A setting or a store that keeps it from working ends the start
 * with one clear line on stderr and exit code 1, not a stack trace.
 */
export async function startProcess(options: { listen: boolean }): Promise<RunningServer & { config: Config }> {
  try {
    const config = loadConfig();
    const server = await startServer(config, { listen: options.listen });
    installShutdown(server);
    return { ...server, config };
  } catch (err) {
    if (err instanceof ConfigError || err instanceof StorageUnreachable) {
      process.stderr.write(`Plankurier cannot start: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
