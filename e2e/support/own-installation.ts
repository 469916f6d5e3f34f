import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { expect } from '@playwright/test';
import { e2eDatabaseUrl, freePort } from './second-server.ts';

/**
 * An installation of its own beside the e2e server, for a journey that needs other settings than
 * the run's (here: a real SMTP relay instead of the outbox): its own database on the e2e server's
 * PostgreSQL, its own data directory and PUBLIC_URL. Resolves once it is ready; `stop` ends it.
 */
export async function startOwnInstallation(env: Record<string, string>) {
  const name = `plankurier_own_${Date.now()}`;
  const admin = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: e2eDatabaseUrl().replace(/\/plankurier$/, `/${name}`),
      DATA_DIR: path.join(process.env.E2E_DATA_DIR!, name),
      PUBLIC_URL: url,
      SIGNUPS_PER_IP_PER_HOUR: '1000',
      PUBLIC_REQUESTS_PER_IP_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
