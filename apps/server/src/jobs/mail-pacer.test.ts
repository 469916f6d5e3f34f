import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { createDatabase, type DatabaseHandle } from '../db/index.ts';
import { createTestDatabase } from '../../test/test-server.ts';
import { sleep } from '../../test/until.ts';
import { isDeliveryMailPaced } from './delivery-mail-worker.ts';
import { createMailPacer } from './mail-pacer.ts';

// Three processes of one installation: each its own connection pool on the same database.
const processes: DatabaseHandle[] = [];
beforeAll(async () => {
  const url = await createTestDatabase();
  for (let i = 0; i < 3; i++) processes.push(createDatabase(url, { warn: () => undefined }));
});
afterAll(async () => {
  for (const p of processes) await p.close();
});

let rate = 0;
/** A limit of its own per test (the slot row is named after it). */
const pacers = (perMinute: number, count: number) => {
  const name = `test-${++rate}`;
  return processes.slice(0, count).map((p) => createMailPacer(p.db, perMinute, name));
};
const gaps = (slots: Date[]) => {
  const times = slots.map((s) => s.getTime()).sort((a, b) => a - b);
  return times.slice(1).map((t, i) => t - times[i]!);
};

describe('pacing delivery mails (DELIVERY_MAILS_PER_MINUTE) for the whole installation', () => {
  test('three processes asking at once get slots one interval apart: 600 a minute is one every 100 ms', async () => {
    const [a, b, c] = pacers(600, 3);
    const slots = await Promise.all([a!, b!, c!, a!, b!, c!].map((p) => p.next()));
    expect(gaps(slots)).toEqual([100, 100, 100, 100, 100]);
  });

  test('the limit holds across processes as it did in one: at most 10 slots in any second at 600 a minute', async () => {
    const all = pacers(600, 3);
    const slots: Date[] = [];
    await Promise.all(
      all.map(async (p) => {
        for (let i = 0; i < 8; i++) slots.push(await p.next());
      }),
    );
    const times = slots.map((s) => s.getTime()).sort((x, y) => x - y);
    for (const start of times)
      expect(times.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(10);
    expect(times).toHaveLength(24);
  });

  test('after a quiet spell the next mail goes at once, and no burst follows', async () => {
    const [a, b] = pacers(600, 2);
    await a!.next();
    await sleep(500);
    const [first, second] = await Promise.all([a!.next(), b!.next()]);
    expect(Math.abs(second!.getTime() - first!.getTime())).toBe(100);
  });
});

describe('the limit DELIVERY_MAILS_PER_MINUTE', () => {
  const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

  test('unset or 0 sends without a limit; a negative or broken value is refused', () => {
    expect(config({}).deliveryMailsPerMinute).toBe(0);
    expect(isDeliveryMailPaced(config({ DELIVERY_MAILS_PER_MINUTE: '0' }))).toBe(false);
    expect(isDeliveryMailPaced(config({ DELIVERY_MAILS_PER_MINUTE: '30' }))).toBe(true);
    expect(() => config({ DELIVERY_MAILS_PER_MINUTE: '-1' })).toThrow();
    expect(() => config({ DELIVERY_MAILS_PER_MINUTE: 'viele' })).toThrow();
  });

  test('a limit so low that a waiting mail would outlast its job timeout refuses to start', () => {
    // Two senders each hold a job while it waits: at 1 a minute that is up to 120 s.
    expect(isDeliveryMailPaced({ deliveryMailsPerMinute: 1, deliveryMailTimeoutSeconds: 300 })).toBe(true);
    expect(() => isDeliveryMailPaced({ deliveryMailsPerMinute: 1, deliveryMailTimeoutSeconds: 200 })).toThrow(
      /DELIVERY_MAILS_PER_MINUTE=1 is too slow/,
    );
  });
});
