import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../config.ts';
import { StartupError } from '../../startup-error.ts';
import { releaseJobsOfGoneProcesses } from '../../jobs/running-jobs.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { startServer } from '../../server.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    publicUrl: 'https://plankurier.example',
    mailFrom: 'Plankurier <noreply@plankurier.example>',
  });
});
afterAll(() => server.stop());

/** Another process of the installation, on the same database. */
const startAnother = (env: Record<string, string>) =>
  startServer(
    loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: server.databaseUrl,
        DATA_DIR: server.config.dataDir,
        PUBLIC_URL: 'https://plankurier.example',
        MAIL_FROM: 'Plankurier <noreply@plankurier.example>',
        ...env,
      },
      { webDist: undefined },
    ),
    { listen: false, workers: false },
  );

test('a process with another PUBLIC_URL or MAIL_FROM than the running ones refuses to start; the same ones start', async () => {
  await expect(startAnother({ PUBLIC_URL: 'http://localhost:3000' })).rejects.toThrow(
    /PUBLIC_URL is "http:\/\/localhost:3000", but the running process \d+ on .+ uses "https:\/\/plankurier.example"/,
  );
  await expect(startAnother({ MAIL_FROM: 'noreply@elsewhere.example' })).rejects.toBeInstanceOf(StartupError);
  const same = await startAnother({});
  const listed = await server.deps.db.selectFrom('server_process').select(['kind', 'public_url']).execute();
  expect(listed).toHaveLength(2);
  await same.stop();
  expect(await server.deps.db.selectFrom('server_process').select('id').execute()).toHaveLength(1);
});

test('a process silent for longer than the heartbeat allows no longer counts', async () => {
  await server.deps.db
    .insertInto('server_process')
    .values({
      id: '00000000-0000-4000-8000-000000000001',
      kind: 'web',
      host: 'machine-that-died',
      pid: 4242,
      public_url: 'http://old.example',
      mail_from: 'old@old.example',
      seen_at: sql`now() - interval '1 minute'`,
    })
    .execute();
  const started = await startAnother({});
  await started.stop();
});

test("a dead process' long job goes back to the queue; one another process took since is left alone", async () => {
  const { boss } = server.deps.jobs;
  const dead = '00000000-0000-4000-8000-000000000002';
  const orphan = (await boss.send(
    QUEUES.print,
    { printId: 'none' },
    { retryLimit: 2, retryDelay: 0, startAfter: 3600 },
  ))!;
  const retaken = (await boss.send(
    QUEUES.print,
    { printId: 'none' },
    { retryLimit: 2, retryDelay: 0, startAfter: 3600 },
  ))!;
  // Both were taken by the dead process; the second was handed on and started again since.
  await sql`update pgboss.job set state = 'active', started_on = now() where id in (${orphan}, ${retaken})`.execute(
    server.deps.db,
  );
  await sql`update pgboss.job set started_on = now() + interval '1 minute' where id = ${retaken}`.execute(
    server.deps.db,
  );
  await server.deps.db
    .insertInto('running_job')
    .values([
      { job_id: orphan, queue: QUEUES.print, process_id: dead },
      { job_id: retaken, queue: QUEUES.print, process_id: dead },
    ])
    .execute();

  expect(await releaseJobsOfGoneProcesses(server.deps, [dead])).toBe(1);
  const states = await sql<{
    id: string;
    state: string;
  }>`select id, state from pgboss.job where id in (${orphan}, ${retaken})`.execute(server.deps.db);
  expect(Object.fromEntries(states.rows.map((r) => [r.id, r.state]))).toEqual({
    [orphan]: 'retry',
    [retaken]: 'active',
  });
  expect(await server.deps.db.selectFrom('running_job').select('job_id').execute()).toEqual([]);
});
