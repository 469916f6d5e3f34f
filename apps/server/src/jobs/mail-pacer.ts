/** The clock a pacer waits on; tests pass their own. */
export interface PacerClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const realClock: PacerClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Spaces mails evenly at `perMinute` at most (DELIVERY_MAILS_PER_MINUTE): next() resolves at the
 * caller's slot. Slots do not pile up while idle, so no burst follows a quiet spell: relays that
 * limit the sending rate count per short window, not per hour.
 */
export function createMailPacer(perMinute: number, clock: PacerClock = realClock) {
  const interval = 60_000 / perMinute;
  let nextSlot = Number.NEGATIVE_INFINITY;
  return {
    async next(): Promise<void> {
      const now = clock.now();
      const slot = Math.max(now, nextSlot);
      nextSlot = slot + interval;
      if (slot > now) await clock.sleep(slot - now);
    },
  };
}
