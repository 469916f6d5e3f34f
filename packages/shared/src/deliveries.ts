import { z } from 'zod';
import { RECEIPT_REMINDER_DAYS_MAX } from './receipts.ts';

/** Payloads and answers of the delivery by e-mail (spec §3 Delivery selection, §4 Delivery flow, §7). */

export const DELIVERY_SUBJECT_MAX = 300;
export const DELIVERY_MESSAGE_MAX = 20_000;
export const DELIVERY_MAX_PARTICIPANTS = 1000;
/** How long after a delivery the same one again counts as a duplicate unless it says sendAgain. */
export const DUPLICATE_DELIVERY_SECONDS = 60;
/** The path of a recipient's personal download page: `${PUBLIC_URL}/d/<token>`. */
export const RECIPIENT_LINK_PREFIX = '/d/';

const messageFields = {
  includeSubscriberlistForDocs: z.array(z.uuid()).max(50_000).default([]),
  sendToBcc: z.boolean().default(false),
  /** Always true in this product (spec §9): recipients who already have every file get them again. */
  forceSending: z.literal(true),
  userMessage: z.string().max(DELIVERY_MESSAGE_MAX).default(''),
  subject: z.string().max(DELIVERY_SUBJECT_MAX),
  /** 'Empfang bestätigen lassen': the mail and the page ask each recipient to confirm receipt. */
  requestReceipt: z.boolean().default(false),
  /**
   * With requestReceipt: days after sending until a recipient who has not confirmed is reminded
   * (then again every as many days, at most RECEIPT_MAX_REMINDERS times); null: no reminders.
   */
  receiptReminderDays: z.number().int().min(1).max(RECEIPT_REMINDER_DAYS_MAX).nullable().default(null),
};

/**
 * A send's key (body `requestKey` or the `Idempotency-Key` header, which mean the same): 8 to 100
 * URL-safe characters.
 */
export const REQUEST_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** POST /api/delivery/participants — what deliveryRequestOf gives, plus the message. */
export const DeliveryBody = z.object({
  projectId: z.uuid(),
  /**
   * The client's key of this send (a new one per confirmed send, the same on a retry): a second
   * request with the same key answers the delivery the first one made and sends nothing again.
   */
  requestKey: z.string().regex(REQUEST_KEY).optional(),
  participants: z
    .array(z.object({ _id: z.uuid(), subs: z.array(z.uuid()).min(1).max(50_000) }))
    .min(1)
    .max(DELIVERY_MAX_PARTICIPANTS),
  /**
   * The sender means to send these plans again ('erneut senden': the web sets it when plans already
   * sent were chosen again). Without it, a send of exactly the files a delivery of the last
   * DUPLICATE_DELIVERY_SECONDS sent to exactly the same participants is refused (409
   * delivery.duplicate): a second click, a colleague's, or a client repeating itself without a key.
   */
  sendAgain: z.boolean().default(false),
  ...messageFields,
});
export type DeliveryBody = z.infer<typeof DeliveryBody>;

/** Headers of POST /api/delivery/participants: `Idempotency-Key` is the body's `requestKey` by another name. */
export const DeliveryHeaders = z.object({ 'idempotency-key': z.string().regex(REQUEST_KEY).optional() });

/** POST /api/delivery/preview — the e-mail one participant would receive. */
export const PreviewBody = z.object({
  projectId: z.uuid(),
  participantId: z.uuid(),
  subIds: z.array(z.uuid()).min(1).max(50_000),
  ...messageFields,
});
export type PreviewBody = z.infer<typeof PreviewBody>;

export const StopDeliveryBody = z.object({ projectId: z.uuid() });

export const DELIVERY_STATUSES = ['DELIVERING', 'DONE', 'STOPPED', 'ERROR'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** Per receiver: preparing, success, failed, nothing to deliver ('Receiver has already all files.'), stopped. */
export const RECIPIENT_STATUSES = ['PREPARING', 'SUCCESS', 'FAILED', 'NOTHING', 'STOPPED'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/**
 * Why a receiver's mail waits for another attempt: the mail server (relay) could not be used —
 * down, hanging, refusing, wrong login — or it deferred this mail (a 4xx for the address).
 */
export const RETRY_REASONS = ['relay_unreachable', 'deferred'] as const;
export type RetryReason = (typeof RETRY_REASONS)[number];

export interface DeliveryRecipientDto {
  participant: string;
  status: RecipientStatus;
  /** ISO time the SMTP server accepted the message. */
  sentAt: string | null;
  /** The relay's reason of the failure (FAILED), or of the last failed attempt (PREPARING with retry). */
  error: string | null;
  /** A PREPARING receiver whose last attempt failed transiently: why, and when the next attempt is (ISO). */
  retry: { reason: RetryReason; nextAttemptAt: string } | null;
}

export interface DeliveryDto {
  _id: string;
  status: DeliveryStatus;
  recipients: DeliveryRecipientDto[];
}

export interface PreviewResponse {
  previewHtml: string;
}

/** The socket event that reports one receiver's outcome while a delivery runs (deliver mode's progress view). */
export const DELIVERY_PROGRESS_EVENT = 'deliveryProgress';
export interface DeliveryProgressEvent {
  projectId: string;
  deliveryId: string;
  recipient: DeliveryRecipientDto;
}
