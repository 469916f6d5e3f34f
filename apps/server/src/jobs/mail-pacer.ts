import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

export interface MailPacer {
  /** Resolves at the caller's slot; answers the slot (the database's clock). */
  next: () => Promise<Date>;
}

/**
 * Spaces mails evenly at `perMinute` at most (DELIVERY_MAILS_PER_MINUTE) for the whole
 * installation: every sender of every process takes its slot from one row in PostgreSQL (its
 * clock, its row lock), so two processes together still send `perMinute`, not twice as many.
 * Slots do not pile up while idle, so no burst follows a quiet spell: relays that limit the
 * sending rate count per short window, not per hour.
 */
export function createMailPacer(db: Db, perMinute: number, name = 'delivery-mail'): MailPacer {
  const intervalMs = 60_000 / perMinute;
  return {
    async next() {
      const { rows } = await sql<{ slot: Date; waitMs: number }>`
        insert into send_rate as r (name, next_slot)
        values (${name}, now() + ${intervalMs} * interval '1 millisecond')
        on conflict (name) do update
          set next_slot = greatest(r.next_slot, now()) + ${intervalMs} * interval '1 millisecond'
        returning next_slot - ${intervalMs} * interval '1 millisecond' as slot,
          greatest(0, extract(epoch from (next_slot - ${intervalMs} * interval '1 millisecond' - now())) * 1000)::float8
            as "waitMs"`.execute(db);
      const { slot, waitMs } = rows[0]!;
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
      return slot;
    },
  };
}
