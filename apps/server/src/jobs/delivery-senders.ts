import type { PgBoss } from 'pg-boss';

/** This process' delivery senders (pg-boss worker ids), per queue client. */
const senders = new WeakMap<PgBoss, string[]>();

export function registerDeliverySender(boss: PgBoss, workerId: string): void {
  senders.set(boss, [...(senders.get(boss) ?? []), workerId]);
}

/**
 * New delivery jobs committed: this process' idle senders fetch at once instead of at their next
 * poll (up to half a second later). Senders of other processes still find the jobs by polling.
 */
export function wakeDeliverySenders(boss: PgBoss): void {
  for (const id of senders.get(boss) ?? []) boss.notifyWorker(id);
}
