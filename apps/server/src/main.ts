import { startProcess } from './start-process.ts';

const { app, config } = await startProcess({ listen: true });
app.log.info(`Plankurier läuft auf ${config.publicUrl} (HOST ${config.host}, PORT ${config.port})`);
