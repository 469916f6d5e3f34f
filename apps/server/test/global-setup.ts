import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { createDatabase, ensureDatabase } from '../src/db/index.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { startJobs } from '../src/jobs/boss.ts';

export const TEMPLATE_DB = 'plankurier_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run; a template database with every migration and the job
 * schema, from which each test file clones a fresh database of its own.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-test-pg-'));
  const pg = await startEmbeddedPostgres(dir);
  const log = pino({ level: 'silent' });
  await ensureDatabase(pg.url('postgres'), TEMPLATE_DB);
  const template = createDatabase(pg.url(TEMPLATE_DB), log);
  await migrateToLatest(template.db);
  await template.close();
  const jobs = await startJobs(pg.url(TEMPLATE_DB), log);
  await jobs.stop();
  project.provide('pgAdminUrl', pg.url('postgres'));
  return async () => {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
