import { refuseOldNode } from './node-version.ts';

// The Node.js check runs before the server's modules (and their dependencies) are loaded.
refuseOldNode();
const { startProcess } = await import('./start-process.ts');
const { app, config } = await startProcess({ listen: true });
app.log.info(`Plankurier läuft auf ${config.publicUrl} (HOST ${config.host}, PORT ${config.port})`);
