import { filesForSubscription, subscriptionDeliverState, type FileKind, type ShipmentDto } from '@plankurier/shared';
import { participantName } from '../participants/dto.ts';
import type { ReceiptFiles } from '../receipts/receipt-state.ts';
import type { SentFiles } from '../subscriptions/deliver-state.ts';
import type { PrintFrameData } from './print-layout.ts';
import type {
  currentFilesOfProject,
  currentVersionsOfProject,
  docsInListOrder,
  participantsInListOrder,
  subscriptionListsOfProject,
} from './print-queries.ts';

type Rows<Query extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<Query>>;

/**
 * The plan list as the queries read it: rows, maps and dates only (structured-clonable), posted to
 * the render thread as they are. Joining them is work of its own for 2,000 plans × 20 participants,
 * so it happens there too (planListData).
 */
export interface PlanListInput {
  frame: PrintFrameData;
  folderLabel: string | null;
  docs: Rows<typeof docsInListOrder>;
  versions: Rows<typeof currentVersionsOfProject>;
  files: Rows<typeof currentFilesOfProject>;
  participants: Rows<typeof participantsInListOrder>;
  subscriptions: Rows<typeof subscriptionListsOfProject>;
  sent: SentFiles;
  downloaded: SentFiles;
  /** Files of mails confirmed, and of mails that asked for a confirmation still to come. */
  receipts: ReceiptFiles;
  shipments: ShipmentDto[];
}

interface PlanFile {
  id: string;
  kind: FileKind;
  filename: string;
  pdf_width_mm: number | null;
  pdf_height_mm: number | null;
}

export interface PlanRow {
  id: string;
  number: string;
  name: string;
  groupLabel: string;
  index: string | null;
  releaseDate: Date | null;
  files: PlanFile[];
  /** Paper copies sent by courier (shipments), oldest first. */
  shipments: ShipmentLine[];
}

export interface ShipmentLine {
  /** YYYY-MM-DD */
  date: string;
  quantity: number;
  participant: string;
  courier: string;
  trackingId: string;
  index: string;
}

/**
 * One transmittal cell: the delivery dot, once sent the download ring, and the confirmation ring
 * where the office asked for one (confirmed green, still to come red).
 */
export interface TransmittalCell {
  subscribed: boolean;
  deliver: 'GREEN' | 'RED' | 'GRAY';
  downloaded: 'GREEN' | 'RED' | null;
  confirmed: 'GREEN' | 'RED' | null;
}

/** The plan list joined: one row per plan, the recipients, and each plan's transmittal cell per recipient. */
export interface PlanListData {
  frame: PrintFrameData;
  folderLabel: string | null;
  plans: PlanRow[];
  participants: { id: string; name: string; company: string }[];
  cell: (docId: string, participantId: string) => TransmittalCell;
}

function shipmentsByDoc(shipments: ShipmentDto[]): Map<string, ShipmentLine[]> {
  const byDoc = new Map<string, ShipmentLine[]>();
  for (const s of shipments) {
    const line = {
      date: s.date,
      quantity: s.quantity,
      participant: s.participant.name,
      courier: s.courierService,
      trackingId: s.trackingId,
      index: s.version.index,
    };
    byDoc.set(s.doc._id, [...(byDoc.get(s.doc._id) ?? []), line]);
  }
  return byDoc;
}

/** Joins the plan list's rows in memory: plans with their current files, and the transmittal. */
export function planListData(input: PlanListInput): PlanListData {
  const { docs, versions, files, sent, downloaded, receipts } = input;
  const shipmentsOfDoc = shipmentsByDoc(input.shipments);
  const versionOfDoc = new Map(versions.map((v) => [v.doc_id, v]));
  const filesOfDoc = new Map<string, PlanFile[]>();
  for (const f of files) {
    const list = filesOfDoc.get(f.doc_id);
    if (list) list.push(f);
    else filesOfDoc.set(f.doc_id, [f]);
  }
  const plans: PlanRow[] = docs.map((d) => {
    const version = versionOfDoc.get(d.id);
    return {
      id: d.id,
      number: d.number,
      name: d.name,
      groupLabel: `${d.phase_shortcut} · ${d.folder_name}`,
      index: version?.index ?? null,
      releaseDate: version?.release_date ?? null,
      files: version ? (filesOfDoc.get(d.id) ?? []) : [],
      shipments: shipmentsOfDoc.get(d.id) ?? [],
    };
  });

  const docIds = new Set(docs.map((d) => d.id));
  const subOf = new Map<string, { getsPdf: boolean; getsTec: boolean }>();
  for (const list of input.subscriptions) {
    const formats = { getsPdf: list.gets_pdf, getsTec: list.gets_tec };
    for (const docId of list.doc_ids.split(',')) {
      if (docIds.has(docId)) subOf.set(`${docId}:${list.participant_id}`, formats);
    }
  }
  const recipients = new Set([...subOf.keys()].map((key) => key.split(':')[1]));
  const nothing: ReadonlySet<string> = new Set();
  const currentOf = new Map<string, { _id: string; kind: FileKind }[] | null>();
  for (const d of docs) {
    currentOf.set(
      d.id,
      versionOfDoc.has(d.id) ? (filesOfDoc.get(d.id) ?? []).map((f) => ({ _id: f.id, kind: f.kind })) : null,
    );
  }
  const cell = (docId: string, participantId: string): TransmittalCell => {
    const sub = subOf.get(`${docId}:${participantId}`) ?? null;
    const current = currentOf.get(docId) ?? null;
    const sentFiles = sent.get(participantId) ?? nothing;
    const deliver = subscriptionDeliverState(sub, current, sentFiles);
    // Download of the current index: the current files this participant was sent.
    const sentCurrent = (sub && current ? filesForSubscription(sub, current) : (current ?? [])).filter((f) =>
      sentFiles.has(f._id),
    );
    const got = downloaded.get(participantId) ?? nothing;
    const downloadedState =
      sentCurrent.length === 0 ? null : sentCurrent.every((f) => got.has(f._id)) ? 'GREEN' : 'RED';
    return {
      subscribed: sub !== null,
      deliver,
      downloaded: downloadedState,
      confirmed: confirmationOf(sentCurrent, participantId),
    };
  };

  // Confirmed: every current file sent was in a confirmed mail. Waiting: one is in a mail that asked.
  const confirmationOf = (sentCurrent: { _id: string }[], participantId: string): TransmittalCell['confirmed'] => {
    if (sentCurrent.length === 0) return null;
    const confirmed = receipts.confirmed.get(participantId) ?? nothing;
    if (sentCurrent.every((f) => confirmed.has(f._id))) return 'GREEN';
    const requested = receipts.requested.get(participantId) ?? nothing;
    return sentCurrent.some((f) => requested.has(f._id) && !confirmed.has(f._id)) ? 'RED' : null;
  };

  return {
    frame: input.frame,
    folderLabel: input.folderLabel,
    plans,
    participants: input.participants
      .filter((p) => recipients.has(p.id))
      .map((p) => ({ id: p.id, name: participantName(p), company: p.company })),
    cell,
  };
}
