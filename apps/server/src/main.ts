import { loadConfig } from './config.ts';
import { startServer } from './server.ts';
import { installShutdown } from './shutdown.ts';
import { startOrExplain } from './startup-error.ts';

await startOrExplain(async () => {
  const config = loadConfig();
  const server = await startServer(config);
  installShutdown(server);
  server.app.log.info(`Plankurier läuft auf ${config.publicUrl} (HOST ${config.host}, PORT ${config.port})`);
});
