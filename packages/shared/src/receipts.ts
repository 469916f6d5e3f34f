import { z } from 'zod';

/**
 * Proof of delivery (issue 16): the recipient confirms receipt of one delivery mail on its page,
 * without an account; the office may ask for it when sending and have reminders mailed.
 */

export const RECEIPT_NAME_MAX = 120;
export const RECEIPT_REMARK_MAX = 1000;
/** Reminders start this many days after sending unless the office says otherwise. */
export const RECEIPT_REMINDER_DAYS_DEFAULT = 3;
export const RECEIPT_REMINDER_DAYS_MAX = 30;
/** A recipient gets at most this many reminders per mail: a reminder is a nudge, not a mail storm. */
export const RECEIPT_MAX_REMINDERS = 3;

/** POST /api/d/:token/receipt — the name and remark are optional. */
export const ReceiptBody = z.object({
  name: z.string().trim().max(RECEIPT_NAME_MAX).default(''),
  remark: z.string().trim().max(RECEIPT_REMARK_MAX).default(''),
});
export type ReceiptBody = z.input<typeof ReceiptBody>;

/** The confirmation of one delivery mail as the recipient gave it. */
export interface ReceiptConfirmationDto {
  /** ISO time. */
  confirmedAt: string;
  /** The name the person typed; '' when they gave none. */
  confirmedBy: string;
  remark: string;
}

/** The recipient page's part: whether the office asked, and the confirmation once given. */
export interface RecipientReceiptDto {
  requested: boolean;
  confirmation: ReceiptConfirmationDto | null;
}

export const RecipientReceiptSchema = z.object({
  requested: z.boolean(),
  confirmation: z.object({ confirmedAt: z.string(), confirmedBy: z.string(), remark: z.string() }).nullable(),
});

/**
 * The receipt of the latest mail a participant got (participant list), or the latest mail with a
 * plan's files for them (plan grid): asked for or not, and the confirmation of that mail if given.
 * `index`: the plan's index in that mail (subscriptions only).
 */
export interface ReceiptStateDto {
  requested: boolean;
  confirmedAt: string | null;
  confirmedBy: string | null;
  index?: string;
}

/**
 * A file of an e-mail event as downloaded through that mail's link: the first download per plan
 * and format, how often, and whether the index had been superseded by then.
 */
export interface EmailDownloadDto {
  docId: string;
  /** 'PDF', 'DWG', 'DXF', 'DOCX' … as the e-mail event lists the formats. */
  format: string;
  /** ISO time of the first download. */
  firstAt: string;
  count: number;
  /** Who downloaded: the recipient the link was mailed to. */
  by: string;
  superseded: boolean;
}

/** What an e-mail event shows beyond the sent mail: downloads through its link and its receipt. */
export interface EmailProofDto {
  downloads: EmailDownloadDto[];
  receipt: RecipientReceiptDto;
}

/** Whether the label of a cell's receipt is 'confirmed', 'waiting' (asked, not yet) or nothing to show. */
export function receiptStatus(receipt: ReceiptStateDto | null | undefined): 'confirmed' | 'waiting' | null {
  if (!receipt) return null;
  if (receipt.confirmedAt) return 'confirmed';
  return receipt.requested ? 'waiting' : null;
}
