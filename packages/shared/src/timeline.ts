import { z } from 'zod';
import type { EmailProofDto } from './receipts.ts';

/** The project's timeline (spec §3 Timeline, §7 POST /timeline, §9 page size 30). */

export const TIMELINE_PAGE_SIZE = 30;
export const TIMELINE_MAX_PAGE_SIZE = 100;
export const TIMELINE_EVENT_TYPES = ['EMAIL', 'DOC'] as const;
export type TimelineEventType = (typeof TIMELINE_EVENT_TYPES)[number];

export const DOC_EVENT_KINDS = [
  'doc.created',
  'doc.deleted',
  'doc.withdrawn',
  'version.prepared',
  'version.released',
  'version.deleted',
  'file.uploaded',
  'file.deleted',
  'participant.added',
  'participant.removed',
  'participant.email_changed',
  'subscription.changed',
  'shipment.recorded',
  'shipment.updated',
  'shipment.deleted',
  'file.downloaded',
  'receipt.confirmed',
  'receipt.reminded',
  'planset.uploaded',
] as const;
export type DocEventKind = (typeof DOC_EVENT_KINDS)[number];

const ids = z.array(z.uuid()).max(5000).optional();

/**
 * Each given, non-empty list narrows the events; lists combine with AND, ids within a list with OR.
 * docIds: events of those docs. phaseIds: events of docs that are in a folder of those phases now
 * (a deleted doc is in no phase, so its events match no phase filter). participantIds: events that
 * name one of those participants (participant added/removed, subscription changed, their downloads and
 * confirmations). actorIds: events of those persons of the office (who uploaded, released, sent,
 * downloaded in the office).
 */
export const TimelineFilterParams = z.object({ participantIds: ids, docIds: ids, phaseIds: ids, actorIds: ids });
export type TimelineFilterParams = z.infer<typeof TimelineFilterParams>;

export const TimelineBody = z.object({
  project: z.uuid(),
  filterParams: TimelineFilterParams.default({}),
  eventType: z.enum(TIMELINE_EVENT_TYPES),
  limit: z.number().int().min(1).max(TIMELINE_MAX_PAGE_SIZE).default(TIMELINE_PAGE_SIZE),
  skip: z.number().int().min(0).default(0),
});
export type TimelineBody = z.input<typeof TimelineBody>;

export interface TimelineEventDto {
  _id: string;
  type: TimelineEventType;
  /** DOC: one of DOC_EVENT_KINDS; EMAIL kinds come with the delivery. */
  kind: string;
  /** ISO date and time. */
  createdAt: string;
  /** The person who acted (their name stays after they left the office); null when their account is gone. */
  actor: { _id: string; name: string } | null;
  /** From the doc row, or from the event's data when the doc was deleted since. */
  doc: { _id: string; number: string; name: string } | null;
  version: { _id: string; index: string } | null;
  file: { _id: string; filename: string } | null;
  /**
   * What the event recorded (participant, formats, …). E-mail events will carry their
   * { docs, userMessage, recipients, … } here once the delivery writes them.
   */
  data: Record<string, unknown>;
  /**
   * EMAIL: the recipient's personal download link of this mail, which the office can revoke from
   * the timeline, and when it was revoked (ISO; null while it works). null for DOC events.
   */
  link: { recipientId: string; revokedAt: string | null } | null;
  /** EMAIL: the downloads through this mail's link and its receipt (proof of delivery); absent for DOC events. */
  proof?: EmailProofDto;
}

export interface TimelineResponse {
  events: TimelineEventDto[];
  /** All events of this type that match the filter. */
  total: number;
  hasMore: boolean;
}
