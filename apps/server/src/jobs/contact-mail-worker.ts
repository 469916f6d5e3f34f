import { sql } from 'kysely';
import { officeNameForContacts, PATHS } from '@plankurier/shared';
import type { Deps } from '../deps.ts';
import { renderContactValidationMail } from '../mail/contact-mails.ts';
import { senderDisplayName } from '../mail/sender-name.ts';
import { confirmedReplyTo } from '../modules/mail-addresses/queries.ts';
import { randomSecret, sha256 } from '../modules/auth/secrets.ts';
import { QUEUES } from './boss.ts';

export interface ContactMailJob {
  contactId: string;
  /** The person who asked for it (absent in jobs queued before teams). */
  requestedBy?: string;
}

const VALIDITY_MS = 14 * 24 * 3600 * 1000;

/** As with account mails, the code is made by the worker so no secret sits in the job table. */
export async function sendContactValidationMail(
  deps: Pick<Deps, 'db' | 'mail' | 'config'>,
  job: ContactMailJob,
): Promise<void> {
  const row = await deps.db
    .selectFrom('contact')
    .innerJoin('office', 'office.id', 'contact.office_id')
    // The person who asked for the validation answers replies; the mail speaks the contact's language.
    .leftJoin('app_user as person', (join) => join.on('person.id', '=', job.requestedBy ?? null))
    .select([
      'contact.id',
      'contact.email',
      'contact.locale',
      'office.company',
      sql<string>`coalesce(person.first_name, '')`.as('first_name'),
      sql<string>`coalesce(person.last_name, '')`.as('last_name'),
      confirmedReplyTo(sql<string>`office.id`, 'person').as('reply_to_email'),
    ])
    .where('contact.id', '=', job.contactId)
    .executeTakeFirst();
  if (!row) return;
  const code = randomSecret();
  await deps.db
    .insertInto('contact_code')
    .values({
      contact_id: row.id,
      code_hash: sha256(code),
      email: row.email,
      expires_at: new Date(Date.now() + VALIDITY_MS),
    })
    .execute();
  const office = officeNameForContacts({ company: row.company, firstName: row.first_name, lastName: row.last_name });
  const mail = renderContactValidationMail(
    row.locale,
    office,
    `${deps.config.publicUrl}${PATHS.contactValidate(code)}`,
  );
  // A contact's answer reaches a confirmed address of the person who asked (see confirmedReplyTo);
  // the From name is theirs, never the office's free company text.
  await deps.mail.send({
    to: row.email,
    ...mail,
    fromName: senderDisplayName({ firstName: row.first_name, lastName: row.last_name }),
    ...(row.reply_to_email ? { replyTo: row.reply_to_email } : {}),
  });
}

export async function startContactMailWorker(deps: Deps): Promise<void> {
  await deps.jobs.boss.work<ContactMailJob>(
    QUEUES.contactMail,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (job) await sendContactValidationMail(deps, job.data);
    },
  );
}
