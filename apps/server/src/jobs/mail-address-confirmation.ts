import { PATHS } from '@plankurier/shared';
import type { Deps } from '../deps.ts';
import { renderMailAddressConfirmation } from '../mail/mail-address-mail.ts';
import { randomSecret, sha256 } from '../modules/auth/secrets.ts';
import { CONFIRMATION_VALID_DAYS, saveConfirmationCode } from '../modules/mail-addresses/queries.ts';

/**
 * Mails the confirmation link for a BCC or Reply-To address. The code is made here, so the secret
 * never sits in the job table; an address the person no longer uses, or one confirmed meanwhile,
 * is not mailed.
 */
export async function sendMailAddressConfirmation(
  deps: Pick<Deps, 'db' | 'mail' | 'config'>,
  job: { userId: string; officeId: string; email: string },
): Promise<void> {
  const person = await deps.db
    .selectFrom('app_user as person')
    .leftJoin('mail_address_confirmation as c', (join) =>
      join.onRef('c.user_id', '=', 'person.id').on('c.email', '=', job.email),
    )
    .select(['person.first_name', 'person.last_name', 'person.locale', 'person.bcc_email', 'person.reply_to_email'])
    .select(['c.confirmed_at'])
    .select((eb) =>
      eb.selectFrom('office').select('office.company').where('office.id', '=', job.officeId).as('company'),
    )
    .where('person.id', '=', job.userId)
    .executeTakeFirst();
  if (!person || person.confirmed_at) return;
  const uses = (
    [
      ['bcc', person.bcc_email],
      ['replyTo', person.reply_to_email],
    ] as const
  )
    .filter(([, address]) => address.toLowerCase() === job.email)
    .map(([use]) => use);
  if (uses.length === 0) return;
  const code = randomSecret();
  await saveConfirmationCode(deps.db, job.userId, job.email, sha256(code));
  const rendered = renderMailAddressConfirmation({
    locale: person.locale,
    person: `${person.first_name} ${person.last_name}`.trim(),
    company: person.company ?? '',
    uses,
    link: `${deps.config.publicUrl}${PATHS.mailAddressConfirm(code)}`,
    validDays: CONFIRMATION_VALID_DAYS,
  });
  await deps.mail.send({ to: job.email, ...rendered });
}
