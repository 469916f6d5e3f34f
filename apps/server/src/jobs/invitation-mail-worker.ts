import { INVITATION_VALID_DAYS, PATHS, personName } from '@plankurier/shared';
import { sql } from 'kysely';
import type { Deps } from '../deps.ts';
import { senderDisplayName } from '../mail/sender-name.ts';
import { confirmedReplyTo } from '../modules/mail-addresses/queries.ts';
import { renderInvitationMail } from '../mail/invitation-mail.ts';
import { randomSecret, sha256 } from '../modules/auth/secrets.ts';
import { QUEUES } from './boss.ts';

export interface InvitationMailJob {
  invitationId: string;
}

/**
 * Mails the invitation with a fresh link. The token is made here, so the secret never sits in the
 * job table; a new token replaces the previous one, so only the newest mail's link works.
 */
export async function sendInvitationMail(
  deps: Pick<Deps, 'db' | 'mail' | 'config'>,
  job: InvitationMailJob,
): Promise<void> {
  const invitation = await deps.db
    .selectFrom('invitation as i')
    .innerJoin('office', 'office.id', 'i.office_id')
    .leftJoin('app_user as inviter', 'inviter.id', 'i.invited_by')
    .select([
      'i.id',
      'i.email',
      'i.role',
      'office.company',
      'inviter.first_name',
      'inviter.last_name',
      'inviter.email as inviter_email',
      'inviter.locale',
      confirmedReplyTo(sql<string>`office.id`, 'inviter').as('reply_to_email'),
    ])
    .where('i.id', '=', job.invitationId)
    .where('i.accepted_at', 'is', null)
    .where('i.withdrawn_at', 'is', null)
    .executeTakeFirst();
  if (!invitation) return;
  const token = randomSecret();
  await deps.db
    .updateTable('invitation')
    .set({ token_hash: sha256(token) })
    .where('id', '=', invitation.id)
    .execute();
  const inviter = personName({
    firstName: invitation.first_name ?? '',
    lastName: invitation.last_name ?? '',
    email: invitation.inviter_email ?? invitation.company,
  });
  const rendered = renderInvitationMail({
    locale: invitation.locale ?? 'de',
    inviter,
    company: invitation.company || inviter,
    role: invitation.role,
    link: `${deps.config.publicUrl}${PATHS.invitation(token)}`,
    validDays: INVITATION_VALID_DAYS,
  });
  const replyTo = invitation.reply_to_email;
  await deps.mail.send({
    to: invitation.email,
    ...rendered,
    fromName: senderDisplayName({ firstName: invitation.first_name ?? '', lastName: invitation.last_name ?? '' }),
    ...(replyTo ? { replyTo } : {}),
  });
}

export async function startInvitationMailWorker(deps: Deps): Promise<void> {
  await deps.jobs.boss.work<InvitationMailJob>(
    QUEUES.invitationMail,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (job) await sendInvitationMail(deps, job.data);
    },
  );
}
