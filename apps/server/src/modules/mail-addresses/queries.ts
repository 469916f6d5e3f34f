import { sql, type RawBuilder } from 'kysely';
import type { MailAddressState } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';

/** How long a confirmation link for a BCC or Reply-To address works. */
export const CONFIRMATION_VALID_DAYS = 7;

/**
 * Whether `address` may be used in mail sent for the person (`person` an app_user alias) in the
 * office: it is their own confirmed e-mail, the confirmed e-mail of an account of the office, or
 * its owner followed the confirmation link (issue 36: nobody makes Plankurier mail or answer to
 * an address they do not own).
 */
const isConfirmedFor = (
  officeId: RawBuilder<string | null>,
  person: string,
  address: RawBuilder<string>,
) => sql<boolean>`(
    (${sql.ref(`${person}.validated`)} and lower(${sql.ref(`${person}.email`)}) = lower(${address}))
    or exists (
      select 1 from app_user confirmed join office_member m on m.user_id = confirmed.id
      where m.office_id = ${officeId} and confirmed.validated and lower(confirmed.email) = lower(${address}))
    or exists (
      select 1 from mail_address_confirmation c
      where c.user_id = ${sql.ref(`${person}.id`)} and c.email = lower(${address}) and c.confirmed_at is not null))`;

const column = (person: string, name: 'reply_to_email' | 'bcc_email') => sql<string>`${sql.ref(`${person}.${name}`)}`;

/** The person's BCC address when it may be used, else ''. */
export const confirmedBcc = (officeId: RawBuilder<string>, person: string) => sql<string>`coalesce(
    case when ${column(person, 'bcc_email')} <> '' and ${isConfirmedFor(officeId, person, column(person, 'bcc_email'))}
      then ${column(person, 'bcc_email')} end, '')`;

/**
 * The Reply-To of mail sent for the person in the office: their reply address once confirmed,
 * else their own address once confirmed, else '' (none).
 */
export const confirmedReplyTo = (officeId: RawBuilder<string>, person: string) => sql<string>`coalesce(
    case when ${column(person, 'reply_to_email')} <> ''
        and ${isConfirmedFor(officeId, person, column(person, 'reply_to_email'))}
      then ${column(person, 'reply_to_email')}
      when ${sql.ref(`${person}.validated`)} then ${sql.ref(`${person}.email`)} end, '')`;

const stateOf = (officeId: string | null, name: 'reply_to_email' | 'bcc_email') => sql<MailAddressState>`case
    when person.${sql.raw(name)} = '' then 'none'
    when ${isConfirmedFor(sql`${officeId}::uuid`, 'person', column('person', name))} then 'confirmed'
    when exists (
      select 1 from mail_address_confirmation c
      where c.user_id = person.id and c.email = lower(person.${sql.raw(name)})
        and c.requested_at > now() - make_interval(days => ${CONFIRMATION_VALID_DAYS})) then 'pending'
    else 'unconfirmed' end`;

/** Where the person's BCC and Reply-To addresses stand, as the profile shows it. */
export const findMailAddressStates = (db: Db, userId: string, officeId: string | null) =>
  db
    .selectFrom('app_user as person')
    .select([stateOf(officeId, 'bcc_email').as('bcc'), stateOf(officeId, 'reply_to_email').as('reply_to')])
    .where('person.id', '=', userId)
    .executeTakeFirstOrThrow();

/** A new link for the address (the older one stops working), unconfirmed until it is followed. */
export const saveConfirmationCode = (db: Db, userId: string, email: string, codeHash: Buffer) =>
  db
    .insertInto('mail_address_confirmation')
    .values({ user_id: userId, email: email.toLowerCase(), code_hash: codeHash })
    .onConflict((c) =>
      c
        .columns(['user_id', 'email'])
        .doUpdateSet({ code_hash: codeHash, requested_at: sql`now()`, confirmed_at: null })
        .where('mail_address_confirmation.confirmed_at', 'is', null),
    )
    .execute();

/**
 * Confirms the address of a valid link. A link followed twice (a double click, a mail scanner
 * first) answers the same address again; an unknown or expired one answers nothing.
 */
export const confirmByCode = (db: Db, codeHash: Buffer) =>
  db
    .updateTable('mail_address_confirmation')
    .set({ confirmed_at: sql`coalesce(confirmed_at, now())` })
    .where('code_hash', '=', codeHash)
    .where((eb) =>
      eb.or([
        eb('confirmed_at', 'is not', null),
        eb('requested_at', '>', sql<Date>`now() - make_interval(days => ${CONFIRMATION_VALID_DAYS})`),
      ]),
    )
    .returning(['user_id', 'email'])
    .executeTakeFirst();
