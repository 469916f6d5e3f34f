import { describe, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { deliveryMailPacer } from './delivery-mail-worker.ts';
import { createMailPacer, type PacerClock } from './mail-pacer.ts';

/** A clock that only moves when told to, and notes every wait asked of it. */
function manualClock() {
  let now = 0;
  const waits: number[] = [];
  const clock: PacerClock = {
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
  return { clock, waits, advance: (ms: number) => (now += ms) };
}

describe('pacing delivery mails (DELIVERY_MAILS_PER_MINUTE)', () => {
  test('mails asked for at once go out one interval apart: 60 a minute is one a second', async () => {
    const { clock, waits } = manualClock();
    const pacer = createMailPacer(60, clock);
    await Promise.all([pacer.next(), pacer.next(), pacer.next(), pacer.next()]);
    expect(waits).toEqual([1000, 2000, 3000]);
  });

  test('after a quiet spell the next mail goes at once, and no burst follows', async () => {
    const { clock, waits, advance } = manualClock();
    const pacer = createMailPacer(120, clock);
    await pacer.next();
    advance(60_000);
    await pacer.next();
    await pacer.next();
    expect(waits).toEqual([500]);
  });

  test('a mail asked for within the interval waits only for the rest of it', async () => {
    const { clock, waits, advance } = manualClock();
    const pacer = createMailPacer(30, clock);
    await pacer.next();
    advance(500);
    await pacer.next();
    expect(waits).toEqual([1500]);
  });
});

describe('the limit DELIVERY_MAILS_PER_MINUTE', () => {
  const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

  test('unset or 0 sends without a limit; a negative or broken value is refused', () => {
    expect(config({}).deliveryMailsPerMinute).toBe(0);
    expect(deliveryMailPacer(config({ DELIVERY_MAILS_PER_MINUTE: '0' }))).toBeUndefined();
    expect(deliveryMailPacer(config({ DELIVERY_MAILS_PER_MINUTE: '30' }))).toBeDefined();
    expect(() => config({ DELIVERY_MAILS_PER_MINUTE: '-1' })).toThrow();
    expect(() => config({ DELIVERY_MAILS_PER_MINUTE: 'viele' })).toThrow();
  });

  test('a limit so low that a waiting mail would outlast its job timeout refuses to start', () => {
    // Two senders each hold a job while it waits: at 1 a minute that is up to 120 s.
    expect(deliveryMailPacer({ deliveryMailsPerMinute: 1, deliveryMailTimeoutSeconds: 300 })).toBeDefined();
    expect(() => deliveryMailPacer({ deliveryMailsPerMinute: 1, deliveryMailTimeoutSeconds: 200 })).toThrow(
      /DELIVERY_MAILS_PER_MINUTE=1 is too slow/,
    );
  });
});
