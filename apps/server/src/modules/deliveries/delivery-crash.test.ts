/**
 * Crash durability (issue 5, scope 10; issue 19): the real server runs as a child process with the
 * default settings and sends a delivery to 50 participants through a real SMTP server. The SMTP
 * server takes the mails up to one the test chooses and holds the next ones unanswered (in flight);
 * then the process is killed with SIGKILL and started again on the same data. For three such kill
 * points: no recipient is lost, the only repeats are mails that were in flight at the kill (each
 * the same mail: Message-ID and link), every mail's link opens and its download counts for its
 * recipient, and the delivery is finished within 30 s of the restart — the dead process' mails are
 * handed on at once (their jobs were noted with the process), not after their job timeout.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, expect, test } from 'vitest';
import type { DeliveryDto } from '@plankurier/shared';
import { createDatabase } from '../../db/index.ts';
import { MAILS_IN_FLIGHT } from '../../jobs/delivery-mail-worker.ts';
import { createDeliverySceneFor, deliveryBodyFor } from '../../../test/delivery-audience.ts';
import { downloadThroughLink, linkTokenOf } from '../../../test/recipient-link.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { answers, childServerEnv, deliveryEnd, freePort, spawnServer } from '../../../test/child-server.ts';
import { until } from '../../../test/until.ts';

const PARTICIPANTS = 50;
/** The process dies while the mail after this many accepted ones is in flight. */
const KILL_POINTS = [1, 23, 46];
/** How long after the restart the delivery must be finished (issue 19: within 30 s). */
const RECOVERY_MS = 30_000;

const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

const startChild = (env: Record<string, string>, baseUrl: string) =>
  spawnServer(['--import', 'tsx', 'apps/server/src/main.ts'], env, answers(`${baseUrl}/api/health`), children);

for (const killAfter of KILL_POINTS) {
  test(`SIGKILL while mail ${killAfter + 1} of ${PARTICIPANTS} is in flight: everyone gets the mail, repeats only of mails in flight, every link counts, done within 30 s of the restart`, async () => {
    const smtp = await startSmtpSink();
    // The default job timeout and maintenance interval: the recovery must not depend on them.
    const { databaseUrl, dataDir, env } = await childServerEnv(smtp.url, 'crash');
    const database = createDatabase(databaseUrl, { warn: () => undefined });
    try {
      const { token, audience } = await createDeliverySceneFor(env, smtp, {
        company: 'Büro Crash',
        count: PARTICIPANTS,
        storedFile: true,
      });

      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const childEnv = { ...env, PORT: String(port), HOST: '127.0.0.1' };
      const first = await startChild(childEnv, baseUrl);
      smtp.pause(killAfter);
      const res = await fetch(`${baseUrl}/api/delivery/participants`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(deliveryBodyFor(audience)),
      });
      expect(res.status).toBe(202);
      const delivery = (await res.json()) as DeliveryDto;
      const ofDelivery = () =>
        smtp.messages.filter((m) => m.parsed.messageId?.startsWith(`<delivery-${delivery._id}.`));

      await until(async () => ofDelivery().length === killAfter && smtp.held > 0, 60_000);
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      // The SMTP server delivers what it had in flight, though its sender is gone (the worst case).
      const heldAtKill = smtp.held;
      smtp.resume();
      await until(async () => smtp.held === 0 && ofDelivery().length === killAfter + heldAtKill);
      // In flight at the kill: accepted (or about to be) but not recorded as sent.
      const accepted = new Set(ofDelivery().map((m) => m.parsed.messageId));
      const unrecorded = await database.db
        .selectFrom('delivery_recipient')
        .select('message_id')
        .where('delivery_id', '=', delivery._id)
        .where('status', '=', 'PREPARING')
        .execute();
      const inFlight = unrecorded.filter((r) => accepted.has(r.message_id)).length;
      expect(inFlight).toBeGreaterThanOrEqual(heldAtKill);
      expect(inFlight).toBeLessThanOrEqual(MAILS_IN_FLIGHT);

      const second = await startChild(childEnv, baseUrl);
      try {
        expect(await deliveryEnd(database.db, delivery._id, RECOVERY_MS)).toBe('DONE');

        const rows = await database.db
          .selectFrom('delivery_recipient')
          .select(['id', 'email', 'status', 'message_id'])
          .where('delivery_id', '=', delivery._id)
          .execute();
        expect(rows).toHaveLength(PARTICIPANTS);
        const mails = ofDelivery();
        let duplicates = 0;
        for (const row of rows) {
          expect(row.status, row.email).toBe('SUCCESS');
          const received = mails.filter((m) => m.envelopeTo.includes(row.email));
          expect(received.length, row.email).toBeGreaterThanOrEqual(1);
          // A repeat is the same mail: one Message-ID, one link.
          expect(new Set(received.map((m) => m.parsed.messageId))).toEqual(new Set([row.message_id]));
          expect(new Set(received.map(linkTokenOf)).size, row.email).toBe(1);
          duplicates += received.length - 1;
          // Every copy's link opens the recipient's page and its download counts for this recipient.
          for (const mail of received) {
            expect(await downloadThroughLink(baseUrl, linkTokenOf(mail)), row.email).toEqual({ page: 200, zip: 200 });
          }
          const downloads = await database.db
            .selectFrom('download')
            .select('id')
            .where('recipient_id', '=', row.id)
            .execute();
          expect(downloads.length, row.email).toBe(received.length);
        }
        expect(mails).toHaveLength(PARTICIPANTS + duplicates);
        expect(duplicates).toBeLessThanOrEqual(inFlight);
      } finally {
        second.kill('SIGKILL');
      }
    } finally {
      await database.close();
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
}
