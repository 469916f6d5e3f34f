import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../src/config.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { cloneTemplate, createEmptyDatabase } from './test-databases.ts';

export interface TestServer extends RunningServer {
  smtp: SmtpSink;
  config: Config;
  databaseUrl: string;
  baseUrl: string;
}

/**
 * A fresh database cloned from the run's migrated template (dropped when the run ends), or an empty
 * one of the run (`{ empty: true }`) to migrate step by step.
 */
export const createTestDatabase = (options: { empty?: boolean } = {}): Promise<string> =>
  options.empty
    ? createEmptyDatabase(inject('pgAdminUrl'), inject('testRunId'))
    : cloneTemplate(inject('pgAdminUrl'), inject('testRunId'));

/**
 * The whole server on a fresh database (or the given one), listening on a free port, mailing to a
 * real SMTP sink. With `workers: false` it runs no job workers: its jobs wait in the queue.
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  options: { workers?: boolean } = {},
): Promise<TestServer> {
  const smtp = await startSmtpSink();
  const databaseUrl = overrides.databaseUrl ?? (await createTestDatabase());
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      DATA_DIR: path.join(os.tmpdir(), `plankurier-test-${randomBytes(4).toString('hex')}`),
      // Sweeps and journeys ask one contact to confirm several times; the cooldown has its own test.
      CONTACT_CONFIRM_MINUTES: '0',
    },
    {
      webDist: undefined,
      publicUrl: 'http://plankurier.test',
      ...overrides,
    },
  );
  const server = await startServer(config, { warmChecks: false, ...options });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...server,
    smtp,
    config,
    databaseUrl,
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.stop();
      await smtp.close();
    },
  };
}
