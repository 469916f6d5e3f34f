import type { Selectable } from 'kysely';
import {
  contactDisplayName,
  type BounceDto,
  type DeliverState,
  type DownloadState,
  type Locale,
  type ParticipantDto,
  type ParticipantFolderDto,
  type ReceiptStateDto,
  type RoleDto,
  type SubscriptionDto,
} from '@plankurier/shared';
import type { ParticipantFolderTable, RoleTable } from '../../db/types.ts';

export type ParticipantFolderRow = Selectable<ParticipantFolderTable>;
export type RoleRow = Pick<Selectable<RoleTable>, 'id' | 'name' | 'revision'>;

/** A participant with the contact fields it shows. */
export interface ParticipantRow {
  id: string;
  project_id: string;
  contact_id: string;
  folder_id: string;
  sort_order: number;
  first_name: string;
  last_name: string;
  company: string;
  email: string;
  phone: string;
  /** The contact's language: its mails speak it. */
  locale: Locale;
}

export interface ParticipantRoleRow {
  participant_id: string;
  role_id: string;
}

export interface SubscriptionRow {
  id: string;
  doc_id: string;
  participant_id: string;
  gets_pdf: boolean;
  gets_tec: boolean;
  deliver_again: boolean;
  /** Read where the screen shows it (the project load and live rows). */
  from_rule?: boolean;
}

const bySortOrder = (a: { sort_order: number }, b: { sort_order: number }) => a.sort_order - b.sort_order;

export const participantName = (row: Pick<ParticipantRow, 'first_name' | 'last_name' | 'company' | 'email'>) =>
  contactDisplayName({ firstName: row.first_name, lastName: row.last_name, company: row.company, email: row.email });

export function toParticipantFolderDtos(
  folders: readonly ParticipantFolderRow[],
  participants: readonly Pick<ParticipantRow, 'id' | 'folder_id' | 'sort_order'>[],
): ParticipantFolderDto[] {
  const byFolder = new Map<string, { _id: string; sortOrder: number }[]>();
  for (const p of [...participants].sort(bySortOrder)) {
    const list = byFolder.get(p.folder_id);
    const entry = { _id: p.id, sortOrder: p.sort_order };
    if (list) list.push(entry);
    else byFolder.set(p.folder_id, [entry]);
  }
  return [...folders].sort(bySortOrder).map((f) => ({
    _id: f.id,
    rev: f.revision,
    project: f.project_id,
    name: f.name,
    sortOrder: f.sort_order,
    isCollapsed: f.is_collapsed,
    isCollapsedInPicker: f.is_collapsed_in_picker,
    participants: byFolder.get(f.id) ?? [],
  }));
}

/** `roles` may span many participants; `deliverOf` answers the aggregate state of a participant. */
export function toParticipantDtos(
  participants: readonly ParticipantRow[],
  roles: readonly ParticipantRoleRow[],
  deliverOf: (participantId: string) => DeliverState,
  bounceOf?: (participantId: string) => BounceDto | null,
  receiptOf?: (participantId: string) => ReceiptStateDto | null,
): ParticipantDto[] {
  const rolesByParticipant = new Map<string, string[]>();
  for (const r of roles) {
    const list = rolesByParticipant.get(r.participant_id);
    if (list) list.push(r.role_id);
    else rolesByParticipant.set(r.participant_id, [r.role_id]);
  }
  return [...participants].sort(bySortOrder).map((p) => ({
    _id: p.id,
    project: p.project_id,
    contact: p.contact_id,
    folder: p.folder_id,
    roles: rolesByParticipant.get(p.id) ?? [],
    sortOrder: p.sort_order,
    name: participantName(p),
    email: p.email,
    company: p.company,
    phone: p.phone,
    state: {
      deliver: deliverOf(p.id),
      ...(bounceOf ? { bounce: bounceOf(p.id) } : {}),
      // Only where a mail asked or was confirmed: most participants of a large project have none.
      ...withReceipt(receiptOf?.(p.id)),
    },
  }));
}

const withReceipt = (receipt: ReceiptStateDto | null | undefined) => (receipt ? { receipt } : {});

export const toRoleDto = (row: RoleRow): RoleDto => ({ _id: row.id, rev: row.revision, name: row.name });

export function toSubscriptionDto(
  row: SubscriptionRow,
  deliver: DeliverState,
  download?: DownloadState | null,
  bounce?: BounceDto | null,
  receipt?: ReceiptStateDto | null,
): SubscriptionDto {
  return {
    _id: row.id,
    doc: row.doc_id,
    participant: row.participant_id,
    getsPdf: row.gets_pdf,
    getsTec: row.gets_tec,
    deliverAgain: row.deliver_again,
    ...(row.from_rule ? { fromRule: true as const } : {}),
    state: {
      deliver,
      ...(download === undefined ? {} : { download }),
      ...(bounce === undefined ? {} : { bounce }),
      ...withReceipt(receipt),
    },
  };
}
