import { errors, type RequestMailAddressConfirmationBody } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { QUEUES } from '../../jobs/boss.ts';
import type { AccountMailJob } from '../../jobs/account-mail-worker.ts';
import { enforceLimit, LIMITS } from '../auth/rate-limit.ts';
import { randomSecret, sha256 } from '../auth/secrets.ts';
import { findMailingOffice } from '../mail-limits/queries.ts';
import { assertMayMail, countMails } from '../mail-limits/service.ts';
import { findUserById } from '../users/queries.ts';
import type { UserRow } from '../users/to-user-dto.ts';
import { confirmByCode, findMailAddressStates, saveConfirmationCode } from './queries.ts';

type MailAddressDeps = Pick<Deps, 'db' | 'jobs' | 'config'>;
type Tx = Transaction<Database>;
interface Sender {
  userId: string;
  officeId: string | null;
}

const COLUMN = { bcc: 'bcc_email', replyTo: 'reply_to_email' } as const;

/**
 * Asks the owners of the person's BCC and Reply-To addresses that are not confirmed yet to confirm
 * them, in the transaction that saved them. An account whose own address is unconfirmed mails
 * nobody else: its addresses wait (state 'unconfirmed') until it asks again. Each mail counts
 * against the office's mail limits and the person's resend limit, so changing the address in a
 * loop cannot mail the world.
 */
export async function askToConfirmNewAddresses(
  tx: Tx,
  deps: Pick<Deps, 'jobs' | 'config'>,
  sender: Sender,
  person: Pick<UserRow, 'validated' | 'bcc_email' | 'reply_to_email'>,
) {
  if (!sender.officeId || !person.validated) return;
  const states = await findMailAddressStates(tx, sender.userId, sender.officeId);
  const waiting = new Set<string>();
  if (states.bcc === 'unconfirmed') waiting.add(person.bcc_email.toLowerCase());
  if (states.reply_to === 'unconfirmed') waiting.add(person.reply_to_email.toLowerCase());
  for (const email of waiting) await mailConfirmation(tx, deps, sender.userId, sender.officeId, email);
}

async function mailConfirmation(
  tx: Tx,
  deps: Pick<Deps, 'jobs' | 'config'>,
  userId: string,
  officeId: string,
  email: string,
) {
  await enforceLimit(tx, `mail-address:user:${userId}`, LIMITS.resendPerUser);
  await countMails(tx, deps.config, await findMailingOffice(tx, officeId), [
    { kind: 'address_confirmation', recipient: email },
  ]);
  // Marked as asked at once (the profile shows "sent"); the mail's worker makes the real code.
  await saveConfirmationCode(tx, userId, email, sha256(randomSecret()));
  await deps.jobs.enqueue(tx, QUEUES.accountMail, {
    kind: 'confirm_mail_address',
    userId,
    officeId,
    email,
  } satisfies AccountMailJob);
}

/** The "send again" of the profile: a fresh link for the BCC or Reply-To address (the older one stops working). */
export async function resendMailAddressConfirmation(
  deps: MailAddressDeps,
  sender: Sender,
  body: RequestMailAddressConfirmationBody,
): Promise<void> {
  const person = await findUserById(deps.db, sender.userId);
  if (!person || !sender.officeId) throw errors.notFound();
  const email = person[COLUMN[body.address]].toLowerCase();
  if (!email) throw errors.mailAddressMissing();
  await assertMayMail(deps.db, sender.userId, [email]);
  const states = await findMailAddressStates(deps.db, sender.userId, sender.officeId);
  if (states[body.address === 'bcc' ? 'bcc' : 'reply_to'] === 'confirmed') throw errors.mailAddressAlreadyConfirmed();
  const officeId = sender.officeId;
  await deps.db.transaction().execute((tx) => mailConfirmation(tx, deps, sender.userId, officeId, email));
}

/** The owner followed the link: the address is confirmed for the person who named it. */
export async function confirmMailAddress(
  deps: Pick<Deps, 'db' | 'realtime'>,
  code: string,
): Promise<{ email: string }> {
  const row = await confirmByCode(deps.db, sha256(code));
  if (!row) throw errors.mailAddressLinkInvalid();
  deps.realtime.toPerson(row.user_id, 'updateData', { profile: true });
  return { email: row.email };
}
