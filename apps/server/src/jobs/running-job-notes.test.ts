/**
 * A process killed in the instant after pg-boss took its batch (issue 35, item 14): the fetch that
 * marks the jobs active commits, then the process dies before anything of its own runs. Its jobs
 * must still be named with it, so the next process hands them on within seconds instead of after
 * DELIVERY_MAIL_TIMEOUT_SECONDS (300 s). The dying process is a real queue client of the product
 * (startJobs with its process id) whose batch is taken by pg-boss' own fetch; it then stops without
 * a word, and its process is gone from this machine (a pid that has exited).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import pino from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DeliveryDto } from '@plankurier/shared';
import { api } from '../../test/api.ts';
import { createDeliveryAudience, deliveryBodyFor, type Audience } from '../../test/delivery-audience.ts';
import { createTestOffice } from '../../test/factories.ts';
import { deliveryEnd } from '../../test/child-server.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { QUEUES, startJobs } from './boss.ts';

/** How soon after the next process started the delivery must be through (the README's promise). */
const RECOVERY_MS = 30_000;

let databaseUrl: string;
let office: { token: string; audience: Audience };
const servers: TestServer[] = [];

beforeAll(async () => {
  // Office and audience on a server with workers (sign-up mails go out); it stops before the delivery.
  const setup = await startTestServer();
  databaseUrl = setup.databaseUrl;
  try {
    const created = await createTestOffice(setup, 'P2');
    office = {
      token: created.token,
      audience: await createDeliveryAudience(setup.app, setup.deps.db, created.token, 2),
    };
  } finally {
    await setup.stop();
  }
});
afterAll(async () => {
  for (const server of servers) await server.stop();
});

/** The pid of a process of this machine that has exited. */
const exitedPid = () =>
  new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.once('error', reject);
    child.once('exit', () => resolve(child.pid!));
  });

test('jobs taken by a process that dies before it wrote anything are handed on within 30 s, each mail sent once', async () => {
  // The delivery is queued by a server without senders: nobody takes its jobs but the dying process.
  const queueOnly = await startTestServer({ databaseUrl }, { workers: false });
  servers.push(queueOnly);
  const res = await api(queueOnly.app).post(
    '/api/delivery/participants',
    deliveryBodyFor(office.audience),
    office.token,
  );
  expect(res.statusCode).toBe(202);
  const delivery = res.json<DeliveryDto>();

  const dying = { id: randomUUID(), pid: await exitedPid() };
  await queueOnly.deps.db
    .insertInto('server_process')
    .values({
      id: dying.id,
      kind: 'worker',
      host: os.hostname(),
      pid: dying.pid,
      public_url: queueOnly.config.publicUrl,
      mail_from: queueOnly.config.mailFrom,
    })
    .execute();
  const jobs = await startJobs(databaseUrl, pino({ level: 'silent' }), { processId: dying.id });
  const taken = await jobs.boss.fetch(QUEUES.deliveryMail, { batchSize: 5 });
  expect(taken).toHaveLength(2);
  // The kill: the batch is active in the database and nothing else of the process runs.
  await jobs.boss.stop({ graceful: false });
  await queueOnly.stop();
  servers.pop();

  const recovering = await startTestServer({ databaseUrl });
  servers.push(recovering);
  // Without the notes the jobs would wait for their expiry (300 s): the bound tells the two apart.
  expect(await deliveryEnd(recovering.deps.db, delivery._id, RECOVERY_MS)).toBe('DONE');
  for (const participant of office.audience.participants) {
    expect(recovering.smtp.messages.filter((m) => m.envelopeTo.includes(participant.email))).toHaveLength(1);
  }
}, 90_000);
