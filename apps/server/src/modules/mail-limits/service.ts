import { TIERS, errors, type TierName } from '@plankurier/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import {
  contactCooldownLeft,
  deliveryRecipientsSince,
  findSenderAccount,
  insertMailSends,
  lockMailCount,
  mailsInWindow,
  pruneMailSends,
  type MailKind,
} from './queries.ts';

/** The period over which a tier's participant limit counts distinct delivery recipients. */
export const RECIPIENT_PERIOD_DAYS = 30;

const HOUR = 3600;
const DAY = 24 * HOUR;

/** A mail to count: its kind, its address, and for a confirmation mail the contact it asks. */
export interface MailToCount {
  kind: MailKind;
  recipient: string;
  contactId?: string;
}

/**
 * An account whose own address is not confirmed mails nobody but itself (issue 36): a fresh account
 * with a made-up address cannot send in anyone's name. 403 account.email_unconfirmed otherwise.
 */
export async function assertMayMail(db: Db, userId: string, recipients: readonly string[]): Promise<void> {
  const account = await findSenderAccount(db, userId);
  if (!account) throw errors.notFound();
  if (account.validated) return;
  const own = account.email.toLowerCase();
  if (recipients.some((r) => r.toLowerCase() !== own)) throw errors.emailUnconfirmed();
}

/**
 * Counts mails an office is about to send, inside the transaction that queues them, and refuses
 * the whole request (nothing counted, nothing queued) when it would pass the office's tier limit
 * per hour or day, or the installation's: 429 mail.rate_limited with the seconds until it fits.
 * Rows are written now, so a second process sees them at once (see lockMailCount).
 */
export async function countMails(
  tx: Db,
  config: Pick<Config, 'mailLimits'>,
  office: { id: string; tier: TierName },
  mails: readonly MailToCount[],
): Promise<void> {
  if (mails.length === 0) return;
  await lockMailCount(tx, office.id);
  const own = config.mailLimits.tiers[office.tier];
  const all = config.mailLimits.installation;
  for (const [scope, limit, seconds, period] of [
    [office.id, own.perHour, HOUR, 'hour'],
    [office.id, own.perDay, DAY, 'day'],
    [null, all.perHour, HOUR, 'hour'],
    [null, all.perDay, DAY, 'day'],
  ] as const) {
    const over = (await mailsInWindow(tx, scope, seconds, 0)).n + mails.length - limit;
    if (over <= 0) continue;
    // More than the whole window holds: it never fits in one request; else when enough rows left it.
    const wait = mails.length > limit ? null : (await mailsInWindow(tx, scope, seconds, over)).wait;
    throw errors.mailRateLimited({ retryAfterSeconds: Math.max(wait ?? seconds, 1), period, limit });
  }
  await pruneMailSends(tx, office.id);
  await insertMailSends(tx, office.id, mails);
}

/**
 * A tier's participant limit means how many people the office delivers to, not how many
 * participants exist at one moment: deleting contacts and adding new ones must not let a FREE
 * office mail more distinct people than its limit within RECIPIENT_PERIOD_DAYS. 403
 * tier.recipient_limit_reached otherwise. Call before countMails in the same transaction.
 */
export async function assertRecipientLimit(
  tx: Db,
  office: { id: string; tier: TierName },
  recipients: readonly string[],
): Promise<void> {
  const limit = TIERS[office.tier].features.maxNumberOfParticipants;
  if (limit === 0 || recipients.length === 0) return;
  await lockMailCount(tx, office.id);
  const known = await deliveryRecipientsSince(tx, office.id, RECIPIENT_PERIOD_DAYS);
  for (const r of recipients) known.add(r.toLowerCase());
  if (known.size > limit) throw errors.recipientLimitReached({ limit, days: RECIPIENT_PERIOD_DAYS });
}

/** A contact's confirmation mail is not sent again before the cooldown is over: 429 contact.validation_cooldown. */
export async function assertContactCooldown(
  tx: Db,
  config: Pick<Config, 'mailLimits'>,
  contact: { id: string; officeId: string },
) {
  await lockMailCount(tx, contact.officeId);
  const contactId = contact.id;
  const wait = await contactCooldownLeft(tx, contactId, config.mailLimits.contactValidationCooldownSeconds);
  if (wait > 0) throw errors.validationCooldown({ retryAfterSeconds: wait });
}
