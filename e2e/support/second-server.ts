import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The e2e server's embedded PostgreSQL (its port stands in the postmaster.pid of the run's data directory). */
export function e2eDatabaseUrl(): string {
  const pid = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  return `postgres://plankurier:plankurier@127.0.0.1:${pid[3]!.trim()}/plankurier`;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/**
 * A second web process of the installation, as the Procfile starts it, on the e2e server's
 * database and file directory (one machine: the directory stands in for the shared store), with the
 * installation's PUBLIC_URL. Resolves once it is ready.
 */
export async function startSecondServer(publicUrl: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: e2eDatabaseUrl(),
      DATA_DIR: process.env.E2E_DATA_DIR!,
      PUBLIC_URL: publicUrl,
      SIGNUPS_PER_IP_PER_HOUR: '1000',
      PUBLIC_REQUESTS_PER_IP_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${url}/api/health/ready`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 90_000 },
    )
    .toBe(200);
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A plain round-robin TCP balancer, as a layer-4 load balancer without sticky sessions: each new
 * connection goes to the next backend in turn, and its bytes are piped both ways untouched.
 */
export async function startRoundRobin(backends: string[]) {
  const targets = backends.map((b) => new URL(b));
  const seen = targets.map(() => 0);
  let next = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const i = next++ % targets.length;
    seen[i]!++;
    const upstream = net.connect(Number(targets[i]!.port), targets[i]!.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.once('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
  return {
    url: `http://localhost:${port}`,
    /** How many connections each backend was given so far. */
    connections: () => [...seen],
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
