import { officeNameForContacts, PATHS } from '@plankurier/shared';
import type { Deps } from '../deps.ts';
import { renderContactValidationMail } from '../mail/contact-mails.ts';
import { randomSecret, sha256 } from '../modules/auth/secrets.ts';
import { QUEUES } from './boss.ts';

export interface ContactMailJob {
  contactId: string;
}

const VALIDITY_MS = 14 * 24 * 3600 * 1000;

/** As with account mails, the code is made by the worker so no secret sits in the job table. */
export async function sendContactValidationMail(
  deps: Pick<Deps, 'db' | 'mail' | 'config'>,
  job: ContactMailJob,
): Promise<void> {
  const row = await deps.db
    .selectFrom('contact')
    .innerJoin('app_user', 'app_user.id', 'contact.owner_id')
    .select([
      'contact.id',
      'contact.email',
      'app_user.company',
      'app_user.first_name',
      'app_user.last_name',
      'app_user.locale',
      'app_user.reply_to_email',
      'app_user.email as officeEmail',
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
  // A contact's answer reaches the office's reply address, else the account that asked, never no-reply.
  await deps.mail.send({
    to: row.email,
    ...mail,
    ...(office ? { fromName: office } : {}),
    replyTo: row.reply_to_email || row.officeEmail,
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
