import { PATHS } from '@plankurier/shared';
import type { Deps } from '../deps.ts';
import { renderAccountMail, type AccountMailKind } from '../mail/account-mails.ts';
import { renderSecurityNotice } from '../mail/security-notice-mails.ts';
import { randomSecret, sha256 } from '../modules/auth/secrets.ts';
import { QUEUES } from './boss.ts';
import { sendMailAddressConfirmation } from './mail-address-confirmation.ts';

/** A mail with a link (confirm the address, reset the password), or a notice of a changed password or address. */
export type AccountMailJob =
  | { kind: AccountMailKind; userId: string }
  | { kind: 'password_changed'; userId: string }
  /** Goes to the address the account had before. */
  | { kind: 'email_changed'; userId: string; oldEmail: string; newEmail: string }
  /** To a BCC or Reply-To address of the person that nobody of the office confirmed (lower-cased). */
  | { kind: 'confirm_mail_address'; userId: string; officeId: string; email: string };

const VALIDITY_MS: Record<AccountMailKind, number> = {
  validate: 7 * 24 * 3600 * 1000,
  reset: 3600 * 1000,
};

/**
 * The code is made here, not in the request, so the secret never sits in the job table; a retry
 * simply mails a fresh code.
 */
export async function sendAccountMail(deps: Pick<Deps, 'db' | 'mail' | 'config'>, job: AccountMailJob): Promise<void> {
  const user = await deps.db
    .selectFrom('app_user')
    .select(['id', 'email', 'first_name', 'locale', 'validated'])
    .where('id', '=', job.userId)
    .executeTakeFirst();
  if (!user) return;
  if (job.kind === 'confirm_mail_address') return sendMailAddressConfirmation(deps, job);
  if (job.kind === 'password_changed' || job.kind === 'email_changed') {
    const resetLink = `${deps.config.publicUrl}${PATHS.forgotPassword}`;
    const notice = job.kind === 'email_changed' ? { kind: job.kind, newEmail: job.newEmail } : { kind: job.kind };
    const rendered = renderSecurityNotice(notice, user.locale, user.first_name, resetLink);
    await deps.mail.send({ to: job.kind === 'email_changed' ? job.oldEmail : user.email, ...rendered });
    return;
  }
  if (job.kind === 'validate' && user.validated) return;
  const code = randomSecret();
  await deps.db
    .insertInto('user_code')
    .values({
      user_id: user.id,
      kind: job.kind,
      code_hash: sha256(code),
      email: user.email,
      expires_at: new Date(Date.now() + VALIDITY_MS[job.kind]),
    })
    .execute();
  const path = job.kind === 'validate' ? PATHS.userValidate(code) : `${PATHS.resetPassword}/${code}`;
  const rendered = renderAccountMail(job.kind, user.locale, user.first_name, `${deps.config.publicUrl}${path}`);
  await deps.mail.send({ to: user.email, ...rendered });
}

export async function startAccountMailWorker(deps: Deps): Promise<void> {
  await deps.jobs.boss.work<AccountMailJob>(
    QUEUES.accountMail,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (job) await sendAccountMail(deps, job.data);
    },
  );
}
