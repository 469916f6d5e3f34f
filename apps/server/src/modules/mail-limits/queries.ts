import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { MailSendTable } from '../../db/types.ts';

export type MailKind = MailSendTable['kind'];

/** Whether the person's own e-mail address is confirmed, and which it is. */
export const findSenderAccount = (db: Db, userId: string) =>
  db.selectFrom('app_user').select(['email', 'validated']).where('id', '=', userId).executeTakeFirst();

/**
 * Waits for every other transaction that counts this office's (then every office's) mails: the
 * count and the new rows below are one step, in every server process alike. Held until commit.
 */
export async function lockMailCount(db: Db, officeId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`mail-send:${officeId}`}, 0))`.execute(db);
  await sql`select pg_advisory_xact_lock(hashtextextended('mail-send:installation', 0))`.execute(db);
}

/**
 * How many mails were counted in the last `seconds` (the office's, or all with officeId null), and
 * in how many seconds the `free`-th oldest of them leaves the window (null when there are fewer).
 */
export async function mailsInWindow(db: Db, officeId: string | null, seconds: number, free: number) {
  const scope = officeId === null ? sql`true` : sql`office_id = ${officeId}`;
  const result = await sql<{ n: number; wait: number | null }>`
    with recent as (
      select created_at from mail_send
      where ${scope} and created_at > now() - make_interval(secs => ${seconds})
    )
    select (select count(*)::int from recent) as n,
      (select ceil(extract(epoch from created_at + make_interval(secs => ${seconds}) - now()))::int
        from recent order by created_at offset ${Math.max(free - 1, 0)} limit 1) as wait`.execute(db);
  return result.rows[0] ?? { n: 0, wait: null };
}

/** Of `emails` (lower-cased), those the office mailed a delivery to in the last `days`, and how many it mailed. */
export async function deliveryRecipientsSince(db: Db, officeId: string, days: number) {
  const rows = await db
    .selectFrom('mail_send')
    .select('recipient')
    .distinct()
    .where('office_id', '=', officeId)
    .where('kind', '=', 'delivery')
    .where('created_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
    .execute();
  return new Set(rows.map((r) => r.recipient));
}

/** Seconds until the contact may be asked to confirm again, 0 when it may now. */
export async function contactCooldownLeft(db: Db, contactId: string, seconds: number): Promise<number> {
  const row = await sql<{ wait: number | null }>`
    select ceil(extract(epoch from max(created_at) + make_interval(secs => ${seconds}) - now()))::int as wait
    from mail_send where contact_id = ${contactId} and kind = 'contact_validation'`.execute(db);
  return Math.max(row.rows[0]?.wait ?? 0, 0);
}

const ROWS_PER_INSERT = 1000;

export async function insertMailSends(
  db: Db,
  officeId: string,
  mails: readonly { kind: MailKind; recipient: string; contactId?: string }[],
): Promise<void> {
  for (let start = 0; start < mails.length; start += ROWS_PER_INSERT) {
    await db
      .insertInto('mail_send')
      .values(
        mails.slice(start, start + ROWS_PER_INSERT).map((m) => ({
          office_id: officeId,
          kind: m.kind,
          recipient: m.recipient.toLowerCase(),
          contact_id: m.contactId ?? null,
        })),
      )
      .execute();
  }
}

/** Counts older than any window are of no use: kept for 31 days (the longest period, 30 days, and a margin). */
export const pruneMailSends = (db: Db, officeId: string) =>
  db
    .deleteFrom('mail_send')
    .where('office_id', '=', officeId)
    .where('created_at', '<', sql<Date>`now() - interval '31 days'`)
    .execute();

/** The office's id and tier, as the limits need them. */
export const findMailingOffice = (db: Db, officeId: string) =>
  db.selectFrom('office').select(['id', 'tier']).where('id', '=', officeId).executeTakeFirstOrThrow();
