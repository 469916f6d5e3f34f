/**
 * SIGTERM in the middle of a delivery: the process takes nothing new, lets its current mail batch
 * finish, hands the rest back to the queue and exits 0; another process sends the rest. Every
 * participant gets exactly one message (a SIGKILL has its documented duplicate window; a stop has none).
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, expect, test } from 'vitest';
import type { DeliveryDto } from '@plankurier/shared';
import { createDatabase } from './db/index.ts';
import { createDeliverySceneFor, deliveryBodyFor } from '../test/delivery-audience.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { answers, childServerEnv, deliveryEnd, freePort, spawnServer } from '../test/child-server.ts';
import { until } from '../test/until.ts';

const PARTICIPANTS = 30;
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

const startChild = (env: Record<string, string>, baseUrl: string) =>
  spawnServer(['--import', 'tsx', 'apps/server/src/main.ts'], env, answers(`${baseUrl}/api/health/ready`), children);

test('SIGTERM mid-delivery: the batch in flight finishes, the process exits 0, another sends the rest, each once', async () => {
  const smtp = await startSmtpSink({ delayMs: 150 });
  const made = await childServerEnv(smtp.url, 'stop');
  const { databaseUrl } = made;
  const env = { ...made.env, JOB_MAINTENANCE_SECONDS: '1' };
  const database = createDatabase(databaseUrl, { warn: () => undefined });
  try {
    const { token, audience } = await createDeliverySceneFor(env, smtp, {
      company: 'Büro Feierabend',
      count: PARTICIPANTS,
    });

    const [portA, portB] = [await freePort(), await freePort()];
    const first = await startChild({ ...env, PORT: String(portA), HOST: '127.0.0.1' }, `http://127.0.0.1:${portA}`);
    const res = await fetch(`http://127.0.0.1:${portA}/api/delivery/participants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(deliveryBodyFor(audience)),
    });
    expect(res.status).toBe(202);
    const delivery = (await res.json()) as DeliveryDto;
    const ofDelivery = () => smtp.messages.filter((m) => m.parsed.messageId?.startsWith(`<delivery-${delivery._id}.`));
    await until(async () => ofDelivery().length >= 3, 30_000);

    const exited = new Promise<number | null>((resolve) => first.once('exit', (code) => resolve(code)));
    first.kill('SIGTERM');
    // Nothing new is taken: once the signal is handled, readiness says so, or the port is already closed.
    const ready = await until(
      () =>
        fetch(`http://127.0.0.1:${portA}/api/health/ready`).then(
          (r) => r.status !== 200 && r.status,
          () => 'closed' as const,
        ),
      10_000,
    );
    expect([503, 'closed']).toContain(ready);
    expect(await exited).toBe(0);
    const sentByFirst = ofDelivery().length;
    expect(sentByFirst).toBeLessThan(PARTICIPANTS);
    // What the first process sent is recorded as sent: nothing is left in between.
    const recorded = await database.db
      .selectFrom('delivery_recipient')
      .select('status')
      .where('delivery_id', '=', delivery._id)
      .where('status', '=', 'SUCCESS')
      .execute();
    expect(recorded).toHaveLength(sentByFirst);

    const second = await startChild({ ...env, PORT: String(portB), HOST: '127.0.0.1' }, `http://127.0.0.1:${portB}`);
    try {
      const finished = await deliveryEnd(database.db, delivery._id);
      expect(finished).toBe('DONE');
    } finally {
      second.kill('SIGTERM');
    }
    const mails = ofDelivery();
    expect(mails).toHaveLength(PARTICIPANTS);
    for (const participant of audience.participants) {
      expect(mails.filter((m) => m.envelopeTo.includes(participant.email))).toHaveLength(1);
    }
  } finally {
    await database.close();
    await smtp.close();
  }
}, 180_000);
