import { sql } from 'kysely';
import { contactDisplayName, errors, type ReceiptBody, type RecipientReceiptDto } from '@plankurier/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { renderReceiptReminder } from '../../mail/receipt-reminder-mail.ts';
import { senderDisplayName } from '../../mail/sender-name.ts';
import { sha256 } from '../auth/secrets.ts';
import { recipientLinkToken } from '../deliveries/link-token.ts';
import { findSender } from '../deliveries/queries.ts';
import { mailDomain, recipientLink } from '../deliveries/service.ts';
import { findRecipientByTokenHash, recipientOfLink } from '../downloads/queries.ts';
import { announceChange } from '../projects/changes.ts';
import { confirmRecipientReceipt, plansOfRecipient, takeDueReminders } from './queries.ts';
import { recipientReceipt } from './receipt-dto.ts';

type ReceiptDeps = Pick<Deps, 'db' | 'realtime'>;

/**
 * 'Erhalt bestätigen' on the recipient's page: no account, the personal link is the proof of who
 * it is. Once per mail: a second confirmation answers 409 with the first. Written in one
 * transaction: the recipient row (the state the office's lists show), a timeline event naming the
 * plans and indexes confirmed, and the confirmation on the mail's e-mail event — both events stay
 * when the link is revoked or the participant removed.
 */
export async function confirmReceipt(
  deps: ReceiptDeps,
  token: string,
  body: z.output<typeof ReceiptBody>,
): Promise<RecipientReceiptDto> {
  const recipient = await recipientOfLink(deps.db, token);
  const confirmed = await deps.db.transaction().execute(async (tx) => {
    const row = await confirmRecipientReceipt(tx, recipient.id, body);
    if (!row) return null;
    const confirmation = {
      confirmedAt: row.receipt_confirmed_at!.toISOString(),
      confirmedBy: row.receipt_name ?? '',
      remark: row.receipt_remark ?? '',
    };
    const plans = await plansOfRecipient(tx, recipient.id);
    await tx
      .insertInto('timeline_event')
      .values({
        project_id: recipient.project_id,
        actor_id: null,
        event_type: 'DOC',
        kind: 'receipt.confirmed',
        data: JSON.stringify({
          participantId: recipient.participant_id,
          participant: participantOf(recipient),
          recipientId: recipient.id,
          deliveryId: recipient.delivery_id,
          ...confirmation,
          docs: plans.map((p) => ({ docId: p.doc_id, number: p.number, name: p.name, index: p.index })),
        }),
      })
      .execute();
    await tx
      .updateTable('timeline_event')
      .set({ data: sql`data || ${JSON.stringify({ receipt: confirmation })}::jsonb` })
      .where('project_id', '=', recipient.project_id)
      .where('kind', '=', 'delivery.sent')
      .where(sql<boolean>`data->>'recipientId' = ${recipient.id}`)
      .execute();
    return confirmation;
  });
  if (!confirmed) {
    // Read again: a confirmation that won a race with this one is newer than the row read above.
    const now = await findRecipientByTokenHash(deps.db, sha256(token));
    throw errors.receiptAlreadyConfirmed({ receipt: recipientReceipt(now ?? recipient) });
  }
  await announceChange(
    deps,
    { officeId: recipient.office_id },
    {
      projectId: recipient.project_id,
      entity: 'receipt',
      id: recipient.id,
    },
  );
  return { requested: recipient.receipt_requested, confirmation: confirmed };
}

const participantOf = (row: { first_name: string; last_name: string; company: string; email: string }) =>
  contactDisplayName({ firstName: row.first_name, lastName: row.last_name, company: row.company, email: row.email });

/** Reminders taken per run; a large backlog goes out over the next runs. */
const REMINDERS_PER_RUN = 200;

/**
 * Mails the reminders due at the configured clock (config.now, which tests move): each unconfirmed
 * mail that asked for a confirmation, first after the delivery's reminder days, then every as many
 * days, at most once a day and RECEIPT_MAX_REMINDERS times, never after the confirmation. A
 * reminder is taken before it is sent: one that cannot be sent is logged and not repeated that day.
 * Answers how many went out.
 */
export async function sendDueReceiptReminders(
  deps: Pick<Deps, 'db' | 'mail' | 'config' | 'log' | 'realtime'>,
): Promise<number> {
  const due = await takeDueReminders(deps.db, deps.config.now(), REMINDERS_PER_RUN);
  let sent = 0;
  for (const row of due) {
    const token = await recipientLinkToken(deps, row.id);
    // A link mailed before tokens were derived cannot be rebuilt: such a mail gets no reminder.
    if (!row.download_token_hash?.equals(sha256(token))) continue;
    const [office, plans] = await Promise.all([
      findSender(deps.db, row.office_id, row.sent_by),
      plansOfRecipient(deps.db, row.id),
    ]);
    if (!office) continue;
    const mail = renderReceiptReminder({
      locale: row.locale,
      company: office.company,
      project: { number: row.project_number, name: row.project_name },
      subject: row.subject,
      sentAt: row.sent_at,
      plans: plans.map((p) => `${[p.number, p.name].filter(Boolean).join(' ')} (Index ${p.index})`),
      link: recipientLink(deps.config.publicUrl, token),
    });
    const replyAddress = office.reply_to_email;
    try {
      await deps.mail.send({
        to: row.email,
        ...mail,
        messageId: `<receipt-reminder-${row.id}.${row.reminders}@${new URL(deps.config.publicUrl).hostname}>`,
        // The delivery's own VERP address: a bounce of the reminder marks the same recipient.
        envelopeFrom: `bounces+${row.envelope_token}@${mailDomain(deps.config)}`,
        fromName: senderDisplayName({ firstName: office.first_name, lastName: office.last_name }),
        ...(replyAddress ? { replyTo: replyAddress } : {}),
      });
    } catch (err) {
      deps.log.warn({ recipientId: row.id, reason: (err as Error).message }, 'a receipt reminder could not be sent');
      continue;
    }
    await deps.db
      .insertInto('timeline_event')
      .values({
        project_id: row.project_id,
        actor_id: null,
        event_type: 'DOC',
        kind: 'receipt.reminded',
        data: JSON.stringify({
          participantId: row.participant_id,
          participant: participantOf(row),
          recipientId: row.id,
          deliveryId: row.delivery_id,
          email: row.email,
          reminder: row.reminders,
          docs: plans.map((p) => ({ docId: p.doc_id, number: p.number, name: p.name, index: p.index })),
        }),
      })
      .execute();
    await announceChange(
      deps,
      { officeId: row.office_id },
      { projectId: row.project_id, entity: 'receipt', id: row.id },
    );
    sent++;
  }
  return sent;
}
