/**
 * Crash durability (issue 5, scope 10): the real server runs as a child process, sends a delivery
 * to 50 participants through a slow SMTP server, is killed with SIGKILL midway and started again.
 * Every participant must end up with exactly one message. The one allowed exception is the window
 * the design documents: a message the SMTP server accepted in the instant before the process
 * recorded it is sent again after the restart — with the same Message-ID.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { DeliveryDto } from '@plankurier/shared';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/index.ts';
import { startServer } from '../../server.ts';
import { MAILS_IN_FLIGHT } from '../../jobs/delivery-mail-worker.ts';
import { signUpOffice } from '../../../test/api.ts';
import { createDeliveryAudience, deliveryBodyFor } from '../../../test/delivery-audience.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestDatabase } from '../../../test/test-server.ts';
import { answers, deliveryEnd, freePort, spawnServer } from '../../../test/child-server.ts';
import { sleep, until } from '../../../test/until.ts';

const PARTICIPANTS = 50;
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

const startChild = (env: Record<string, string>, baseUrl: string) =>
  spawnServer(['--import', 'tsx', 'apps/server/src/main.ts'], env, answers(`${baseUrl}/api/health`), children);

test('SIGKILL in the middle of a delivery to 50 participants: after a restart each got exactly one message', async () => {
  const smtp = await startSmtpSink({ delayMs: 120 });
  const databaseUrl = await createTestDatabase();
  const dataDir = path.join(os.tmpdir(), `plankurier-crash-${randomBytes(4).toString('hex')}`);
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://plankurier.test',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // A job still active this long after the crash counts as lost and runs again.
    // (Well above one send's time even on a busy machine: a job timed out while still sending
    // would run twice and add a duplicate outside the crash window.)
    DELIVERY_MAIL_TIMEOUT_SECONDS: '10',
    JOB_MAINTENANCE_SECONDS: '1',
  };
  const database = createDatabase(databaseUrl, { warn: () => undefined });
  try {
    // The scene through the API of an in-process server on the same database and data directory.
    const setup = await startServer(loadConfig(env, { webDist: undefined }), { listen: false });
    let token: string;
    let audience: Awaited<ReturnType<typeof createDeliveryAudience>>;
    try {
      const office = await signUpOffice(setup.app, smtp, { company: 'Büro Crash' });
      token = office.token;
      await setup.deps.db.updateTable('office').set({ tier: 'P2' }).where('id', '=', office.user.officeId!).execute();
      audience = await createDeliveryAudience(setup.app, setup.deps.db, token, PARTICIPANTS);
    } finally {
      await setup.stop();
    }

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const childEnv = { ...env, PORT: String(port), HOST: '127.0.0.1' };
    const first = await startChild(childEnv, baseUrl);
    const res = await fetch(`${baseUrl}/api/delivery/participants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(deliveryBodyFor(audience)),
    });
    expect(res.status).toBe(202);
    const delivery = (await res.json()) as DeliveryDto;
    const ofDelivery = () => smtp.messages.filter((m) => m.parsed.messageId?.startsWith(`<delivery-${delivery._id}.`));

    await until(async () => ofDelivery().length >= 10, 30_000);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    // Messages whose data the sink already had finish their (slow) acceptance after the kill.
    await sleep(smtp.delayMs + 500);
    const acceptedAtKill = ofDelivery().length;
    expect(acceptedAtKill).toBeLessThan(PARTICIPANTS);
    // The documented window: accepted by the SMTP server, not yet recorded as sent.
    const unrecorded = await database.db
      .selectFrom('delivery_recipient')
      .select('message_id')
      .where('delivery_id', '=', delivery._id)
      .where('status', '=', 'PREPARING')
      .execute();
    const acceptedIds = new Set(ofDelivery().map((m) => m.parsed.messageId));
    const inWindow = unrecorded.filter((r) => acceptedIds.has(r.message_id)).length;
    expect(inWindow).toBeLessThanOrEqual(MAILS_IN_FLIGHT);

    const second = await startChild(childEnv, baseUrl);
    try {
      const finished = await deliveryEnd(database.db, delivery._id);
      expect(finished).toBe('DONE');
    } finally {
      second.kill('SIGKILL');
    }

    const rows = await database.db
      .selectFrom('delivery_recipient')
      .select(['participant_id', 'email', 'status', 'message_id'])
      .where('delivery_id', '=', delivery._id)
      .execute();
    expect(rows).toHaveLength(PARTICIPANTS);
    expect(rows.every((r) => r.status === 'SUCCESS')).toBe(true);
    const mails = ofDelivery();
    let duplicates = 0;
    for (const row of rows) {
      const received = mails.filter((m) => m.envelopeTo.includes(row.email));
      expect(received.length, row.email).toBeGreaterThanOrEqual(1);
      // Every copy a participant got is the same message: a duplicate only ever repeats the Message-ID.
      expect(new Set(received.map((m) => m.parsed.messageId))).toEqual(new Set([row.message_id]));
      duplicates += received.length - 1;
    }
    expect(mails).toHaveLength(PARTICIPANTS + duplicates);
    expect(duplicates).toBeLessThanOrEqual(inWindow);
  } finally {
    await database.close();
    await smtp.close();
  }
}, 180_000);
