import { z } from 'zod';
import { CONTACT_SORT_FIELDS, type ContactDto } from './contacts.ts';
import type { BounceDto } from './bounces.ts';
import type { ReceiptStateDto } from './receipts.ts';
import { SeenRevision, type DeliverState } from './projects.ts';

/** API payloads and entities of participants, participant folders, roles and subscriptions (spec §3, §7). */

const text = (max: number) => z.string().trim().max(max);

export const ParticipantBody = z.object({ projectId: z.uuid(), contactId: z.uuid(), folderId: z.uuid() });
/** Moves the participant to the end of another folder and/or replaces its roles. */
export const ParticipantUpdateBody = z.object({ folderId: z.uuid(), roleIds: z.array(z.uuid()).max(200) }).partial();
/** Moves participants into a folder (the same or another) in the given order, ahead of its others. */
export const ParticipantOrderBody = z.object({ folderId: z.uuid(), participantIds: z.array(z.uuid()).max(5000) });

export const ParticipantFolderBody = z.object({ projectId: z.uuid(), name: text(200) });
export const ParticipantFolderUpdateBody = z
  .object({ name: text(200), isCollapsed: z.boolean(), isCollapsedInPicker: z.boolean(), rev: SeenRevision })
  .partial();
export const ParticipantFolderOrderBody = z.object({ projectId: z.uuid(), folderIds: z.array(z.uuid()).max(1000) });

export const PICKER_PAGE_SIZE = 15;
/** The participant picker: the office's contacts not yet in the project. */
export const ProjectContactsBody = z.object({
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(100).default(PICKER_PAGE_SIZE),
  sortBy: z.enum(CONTACT_SORT_FIELDS).default('lastName'),
  sortOrder: z.union([z.literal(1), z.literal(-1)]).default(1),
  searchText: text(200).optional(),
  /** roleId: contacts that hold this role as participant of any of the office's projects. */
  filters: z.object({ roleId: z.uuid().optional() }).optional(),
});
export type ProjectContactsBody = z.infer<typeof ProjectContactsBody>;

export interface ProjectContactsResponse {
  contacts: ContactDto[];
  page: number;
  pages: number;
  /** Contacts matching search and filters (not yet in the project). */
  count: number;
  /** All contacts of the office: 0 means 'no contacts available', count 0 with total > 0 'no contacts found for these filter settings'. */
  total: number;
  hasMore: boolean;
}

export const RoleBody = z.object({ name: text(100).default('') });
export const RoleUpdateBody = RoleBody.extend({ rev: SeenRevision });

/** An omitted format keeps the subscription's value, or for a new one takes the contact's required formats. Both false removes it. */
export const SubscriptionBody = z.object({
  docId: z.uuid(),
  participantId: z.uuid(),
  getsPdf: z.boolean().optional(),
  getsTec: z.boolean().optional(),
});
export type SubscriptionBody = z.infer<typeof SubscriptionBody>;

export const MAX_SUBSCRIPTION_ITEMS = 50_000;
/** Many subscriptions at once (a folder to a participant, a role to a doc, a Planraster row or column), all or none. */
export const SubscriptionsBody = z.object({ items: z.array(SubscriptionBody).min(1).max(MAX_SUBSCRIPTION_ITEMS) });

/**
 * POST /project/:id/sub-ids: the ids of subscriptions named by participant and doc (the web's bundle
 * names them so, bundle-wire.ts), asked for when they are sent. Answered in the order asked.
 */
export const SubIdsBody = z.object({
  participants: z
    .array(z.object({ _id: z.uuid(), docs: z.array(z.uuid()).min(1).max(MAX_SUBSCRIPTION_ITEMS) }))
    .min(1)
    .max(MAX_SUBSCRIPTION_ITEMS)
    .refine((ps) => ps.reduce((n, p) => n + p.docs.length, 0) <= MAX_SUBSCRIPTION_ITEMS),
});
export type SubIdsBody = z.infer<typeof SubIdsBody>;
export interface SubIdsResponse {
  participants: { _id: string; subs: string[] }[];
}

export interface ParticipantFolderDto {
  _id: string;
  rev: number;
  project: string;
  name: string;
  sortOrder: number;
  isCollapsed: boolean;
  isCollapsedInPicker: boolean;
  participants: { _id: string; sortOrder: number }[];
}

export interface ParticipantDto {
  _id: string;
  project: string;
  contact: string;
  folder: string;
  /** Role ids. */
  roles: string[];
  sortOrder: number;
  /** The contact's display name (contactDisplayName). */
  name: string;
  email: string;
  company: string;
  /** The contact's phone number as entered, '' when none (phones offer it to call). */
  phone: string;
  /**
   * Aggregate over the participant's subscriptions; bounce: of the participant's latest sent e-mail
   * (absent where not computed); receipt (confirmation of receipt) of that mail, absent when it
   * neither asked for one nor was confirmed.
   */
  state: { deliver: DeliverState; bounce?: BounceDto | null; receipt?: ReceiptStateDto | null };
}

export interface RoleDto {
  _id: string;
  rev: number;
  name: string;
}

export interface SubscriptionDto {
  _id: string;
  doc: string;
  participant: string;
  getsPdf: boolean;
  getsTec: boolean;
  deliverAgain: boolean;
  /** Made by a standing subscription of its folder or phase for a plan that came in later; absent once changed per plan. */
  fromRule?: true;
  /**
   * download: green once every file sent for this sub was downloaded, red otherwise, null when nothing was sent.
   * bounce, receipt: of the latest sent e-mail with this sub's files; bounce absent where not
   * computed, receipt absent when that mail neither asked for a confirmation nor was confirmed.
   */
  state: {
    deliver: DeliverState;
    download?: 'red' | 'green' | null;
    bounce?: BounceDto | null;
    receipt?: ReceiptStateDto | null;
  };
}

export interface SubscriptionResponse {
  /** null when both formats were off: the subscription is gone. */
  sub: SubscriptionDto | null;
}

export interface SubscriptionsResponse {
  /** Subscriptions created or given other formats. */
  changed: number;
  removed: number;
  unchanged: number;
}

/** The formats of a subscription as the timeline names them (spec §4 delivery formats). */
export function deliveryFormat(sub: {
  getsPdf: boolean;
  getsTec: boolean;
}): 'PDF_ONLY' | 'TEC_ONLY' | 'PDF_AND_TEC' | null {
  if (sub.getsPdf && sub.getsTec) return 'PDF_AND_TEC';
  if (sub.getsPdf) return 'PDF_ONLY';
  if (sub.getsTec) return 'TEC_ONLY';
  return null;
}
