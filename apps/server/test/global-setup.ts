import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { createDatabase, ensureDatabase } from '../src/db/index.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { startJobs } from '../src/jobs/boss.ts';
import { missingTestTools } from '../../../scripts/test-tools.mjs';
import { databaseUrl, dropRunDatabases, newRunId, templateDatabase } from './test-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    testRunId: string;
  }
}

/**
 * One real PostgreSQL for the whole run: TEST_DATABASE_URL (a user allowed to create databases, on
 * PostgreSQL 13 or newer), else an embedded one in a temporary folder. A template database with
 * every migration and the job schema, from which each test file clones a fresh database of its own;
 * all of them are dropped when the run ends.
 */
export default async function setup(project: TestProject) {
  // Said once, here, rather than by a dozen tests failing with 'spawnSync pdftotext ENOENT'.
  const missing = missingTestTools();
  if (missing) throw new Error(missing);
  const external = process.env.TEST_DATABASE_URL || undefined;
  const dir = external ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-test-pg-'));
  const pg = dir ? await startEmbeddedPostgres(dir) : undefined;
  const adminUrl = external ?? pg!.url('postgres');
  const runId = newRunId();
  const log = pino({ level: 'silent' });
  await ensureDatabase(adminUrl, templateDatabase(runId));
  const templateUrl = databaseUrl(adminUrl, templateDatabase(runId));
  const template = createDatabase(templateUrl, log);
  await migrateToLatest(template.db);
  await template.close();
  const jobs = await startJobs(templateUrl, log);
  await jobs.stop();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('testRunId', runId);
  return async () => {
    await dropRunDatabases(adminUrl, runId);
    await pg?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
