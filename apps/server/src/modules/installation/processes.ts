import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import { StartupError } from '../../startup-error.ts';
import type { Db } from '../../db/index.ts';

/** How often a process says it is alive, and how long after its last word it counts as gone. */
export const HEARTBEAT_SECONDS = 5;
export const GONE_AFTER_SECONDS = 20;
// Any fixed key: serialises the start checks of processes starting at the same moment.
const REGISTRY_LOCK = 0x706b7072;

export interface ProcessRegistration {
  id: string;
  /** Processes whose heartbeat stopped (or, on this machine, whose pid is gone). */
  goneProcesses: () => Promise<string[]>;
  stop: () => Promise<void>;
}

type Log = { warn: (obj: object, msg: string) => void };

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Records this process in the installation's process list and keeps its heartbeat. PUBLIC_URL and
 * MAIL_FROM are the installation's: mail links and senders must not depend on which process sends,
 * so a process started with other ones than a running process has refuses to start (StartupError).
 * To change them, stop every process and start them again with the new values.
 */
export async function registerProcess(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'mailFrom'>,
  kind: 'web' | 'worker',
  log: Log,
): Promise<ProcessRegistration> {
  const id = randomUUID();
  const host = os.hostname();
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${REGISTRY_LOCK})`.execute(tx);
    const others = await tx
      .selectFrom('server_process')
      .select([
        'id',
        'host',
        'pid',
        'public_url',
        'mail_from',
        sql<number>`extract(epoch from now() - seen_at)`.as('silent_s'),
      ])
      .execute();
    const alive = others.filter(
      (p) => Number(p.silent_s) < GONE_AFTER_SECONDS && !(p.host === host && !isAlive(p.pid)),
    );
    for (const other of alive) {
      const differs =
        other.public_url !== config.publicUrl
          ? { setting: 'PUBLIC_URL', theirs: other.public_url, mine: config.publicUrl }
          : other.mail_from !== config.mailFrom
            ? { setting: 'MAIL_FROM', theirs: other.mail_from, mine: config.mailFrom }
            : undefined;
      if (differs) {
        throw new StartupError(
          `${differs.setting} is "${differs.mine}", but the running process ${other.pid} on ${other.host} uses ` +
            `"${differs.theirs}". Every process of an installation needs the same PUBLIC_URL and MAIL_FROM ` +
            `(mail links and senders must not depend on which process sends). To change them, stop all processes first.`,
        );
      }
    }
    // Rows of processes gone for a day are history.
    await tx
      .deleteFrom('server_process')
      .where('seen_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
    await tx
      .insertInto('server_process')
      .values({ id, kind, host, pid: process.pid, public_url: config.publicUrl, mail_from: config.mailFrom })
      .execute();
  });

  const beat = async () => {
    try {
      const updated = await db
        .updateTable('server_process')
        .set({ seen_at: sql`now()` })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await db
          .insertInto('server_process')
          .values({ id, kind, host, pid: process.pid, public_url: config.publicUrl, mail_from: config.mailFrom })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      }
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'process heartbeat failed');
    }
  };
  const timer = setInterval(() => void beat(), HEARTBEAT_SECONDS * 1000);
  timer.unref();

  return {
    id,
    goneProcesses: async () => {
      const rows = await db
        .selectFrom('server_process')
        .select(['id', 'host', 'pid', sql<number>`extract(epoch from now() - seen_at)`.as('silent_s')])
        .where('id', '<>', id)
        .execute();
      return rows
        .filter((p) => Number(p.silent_s) >= GONE_AFTER_SECONDS || (p.host === host && !isAlive(p.pid)))
        .map((p) => p.id);
    },
    stop: async () => {
      clearInterval(timer);
      await db
        .deleteFrom('server_process')
        .where('id', '=', id)
        .execute()
        .catch(() => undefined);
    },
  };
}
