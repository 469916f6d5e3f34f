import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { createMailSender } from './transport.ts';
import pino from 'pino';

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-outbox-'));
afterAll(() => fs.rmSync(outboxDir, { recursive: true, force: true }));

test('the outbox keeps every mail of a delivery, even those written in the same instant', async () => {
  const sender = createMailSender(
    { smtpUrl: undefined, mailFrom: 'Plankurier <versand@plankurier.test>', outboxDir },
    pino({ level: 'silent' }),
  );
  // The Message-IDs of one delivery's recipients share a long prefix (the delivery's id).
  const prefix = 'delivery-4f0c2d9e-1b7a-4c55-9a61-0d2f3b8e7c11';
  await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      sender.send({
        to: `empfaenger-${i}@example.org`,
        subject: 'Projekt: 2026-050',
        html: `<p>Mail ${i}</p>`,
        text: `Mail ${i}`,
        messageId: `<${prefix}.participant-${i}@plankurier.test>`,
      }),
    ),
  );
  sender.close();
  const files = fs.readdirSync(outboxDir);
  expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(12);
  expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  const recipients = files.map((f) => /^To: (.+)$/m.exec(fs.readFileSync(path.join(outboxDir, f), 'utf8'))?.[1]);
  expect(new Set(recipients).size).toBe(12);
});
