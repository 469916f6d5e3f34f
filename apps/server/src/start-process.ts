import { loadConfig, type Config } from './config.ts';
import { startServer, type RunningServer } from './server.ts';
import { installShutdown } from './shutdown.ts';
import { startOrExplain, StartupError } from './startup-error.ts';
import { StorageUnreachable } from './storage/storage.ts';

/**
 * Starts a process of the installation (web server with workers, or workers alone) and stops it
 * gracefully on SIGTERM/SIGINT. A setting or a store that keeps it from working ends the start
 * with one clear line on stderr and exit code 1, not a stack trace.
 */
export function startProcess(options: { listen: boolean }): Promise<RunningServer & { config: Config }> {
  return startOrExplain(async () => {
    const config = loadConfig();
    const server = await startServer(config, { listen: options.listen }).catch((err: unknown) => {
      // At start an unreachable store is a setting to fix; later the same error answers 503.
      throw err instanceof StorageUnreachable ? new StartupError(err.message) : err;
    });
    installShutdown(server);
    return { ...server, config };
  });
}
