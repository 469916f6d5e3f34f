import { startProcess } from './start-process.ts';

const server = await startProcess({ listen: true });
server.app.log.info(`Plankurier läuft auf ${server.config.publicUrl}`);
