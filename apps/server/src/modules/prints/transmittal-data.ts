import { contactDisplayName, fileFormat, type FileKind } from '@plankurier/shared';
import type { PrintFrameData } from './print-layout.ts';
import type { TransmittalMailRow, TransmittalUnsentRow } from './transmittal-queries.ts';

/**
 * The transmittal record as the queries read it (structured-clonable rows, posted to the render
 * thread as they are): the mails of one participant or of one plan, their downloads and reminders.
 */
export interface TransmittalInput {
  frame: PrintFrameData;
  /** Whose record: the participant's name, or the plan's number and name. */
  subject:
    | { kind: 'participant'; name: string; company: string; email: string }
    | { kind: 'plan'; docId: string; number: string; name: string };
  mails: TransmittalMailRow[];
  unsent: TransmittalUnsentRow[];
  /** Per mail, plan and format: the first download, how many, whether superseded (downloadsOfMails). */
  downloads: {
    recipient_id: string;
    doc_id: string;
    format: string;
    first_at: Date;
    count: string;
    superseded: boolean;
  }[];
  reminders: { recipient_id: string; count: string }[];
}

export type TransmittalOutcome = 'delivered' | 'bounced_transient' | 'bounced_permanent' | 'failed' | 'stopped';

export interface TransmittalDownload {
  format: string;
  /** The first download of this format through the mail's link. */
  at: Date;
  count: number;
  /** The index had been superseded by a newer one when it was first fetched. */
  superseded: boolean;
}

/** One plan of one mail to one recipient: what the record states about it. */
export interface TransmittalLine {
  recipientId: string;
  /** When it was sent, or for a mail that never went out, when its delivery started. */
  at: Date;
  /** When the mail server took the mail; null when it never went out (failed, stopped). */
  sentAt: Date | null;
  sentBy: string;
  recipient: { name: string; email: string };
  doc: { id: string; number: string; name: string };
  index: string;
  /** 'PDF', 'DWG', … */
  formats: string[];
  outcome: TransmittalOutcome;
  /** The remote server's words of a bounce, or the refusal at sending. */
  outcomeDetail: string;
  linkRevokedAt: Date | null;
  downloads: TransmittalDownload[];
  receiptRequested: boolean;
  confirmation: { at: Date; by: string; remark: string } | null;
  reminders: number;
}

export interface TransmittalData {
  frame: PrintFrameData;
  subject: TransmittalInput['subject'];
  /** Oldest first. */
  lines: TransmittalLine[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const dateOf = (value: unknown): Date | null => {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time);
};

function outcomeOf(data: Record<string, unknown>): { outcome: TransmittalOutcome; detail: string } {
  const bounce = record(data.bounce);
  if (bounce.state === 'permanent') return { outcome: 'bounced_permanent', detail: text(bounce.diagnostic) };
  if (bounce.state === 'transient') return { outcome: 'bounced_transient', detail: text(bounce.diagnostic) };
  return { outcome: 'delivered', detail: '' };
}

function downloadsOf(downloads: TransmittalInput['downloads']): Map<string, TransmittalDownload[]> {
  const byMailDoc = new Map<string, TransmittalDownload[]>();
  for (const d of downloads) {
    const key = `${d.recipient_id}:${d.doc_id}`;
    const download = {
      format: d.format.toUpperCase(),
      at: d.first_at,
      count: Number(d.count),
      superseded: d.superseded,
    };
    byMailDoc.set(key, [...(byMailDoc.get(key) ?? []), download]);
  }
  return byMailDoc;
}

/** Joins the record's rows into lines, oldest first: one per plan of each mail in scope. */
export function transmittalData(input: TransmittalInput): TransmittalData {
  const downloads = downloadsOf(input.downloads);
  const reminders = new Map(input.reminders.map((r) => [r.recipient_id, Number(r.count)]));
  const planOnly = input.subject.kind === 'plan' ? input.subject.docId : null;
  const lines: TransmittalLine[] = [];
  for (const mail of input.mails) {
    const data = mail.data;
    const recipientId = text(data.recipientId);
    const recipient = record(data.recipient);
    const receipt = record(data.receipt);
    const confirmedAt = dateOf(receipt.confirmedAt);
    const { outcome, detail } = outcomeOf(data);
    const docs = Array.isArray(data.docs) ? data.docs.map(record) : [];
    for (const doc of docs) {
      const docId = text(doc.docId);
      if (planOnly !== null && docId !== planOnly) continue;
      lines.push({
        recipientId,
        at: mail.created_at,
        sentAt: mail.created_at,
        sentBy: mail.sender_name || mail.sender_email || '',
        recipient: { name: text(recipient.name), email: text(recipient.email) },
        doc: { id: docId, number: text(doc.number), name: text(doc.name) },
        index: text(doc.index),
        formats: (Array.isArray(doc.formats) ? doc.formats : []).map((f) => text(f).toUpperCase()).filter(Boolean),
        outcome,
        outcomeDetail: detail,
        linkRevokedAt: mail.revoked_at,
        downloads: (downloads.get(`${recipientId}:${docId}`) ?? []).map((d) => ({ ...d })),
        receiptRequested: data.receiptRequested === true,
        confirmation: confirmedAt
          ? { at: confirmedAt, by: text(receipt.confirmedBy), remark: text(receipt.remark) }
          : null,
        reminders: reminders.get(recipientId) ?? 0,
      });
    }
  }
  lines.push(...unsentLines(input.unsent));
  lines.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { frame: input.frame, subject: input.subject, lines };
}

/** Mails that never went out, one line per plan, with the formats they would have carried. */
function unsentLines(rows: readonly TransmittalUnsentRow[]): TransmittalLine[] {
  const byKey = new Map<string, TransmittalLine & { kinds: Set<string> }>();
  for (const row of rows) {
    const key = `${row.recipient_id}:${row.doc_id}`;
    const format = fileFormat({ kind: row.kind as FileKind, filename: row.filename }).toUpperCase();
    const seen = byKey.get(key);
    if (seen) {
      if (!seen.kinds.has(format)) seen.formats.push(format);
      seen.kinds.add(format);
      continue;
    }
    byKey.set(key, {
      recipientId: row.recipient_id,
      at: row.created_at,
      sentAt: null,
      sentBy: row.sender_name || row.sender_email || '',
      recipient: {
        name: contactDisplayName({
          firstName: row.first_name,
          lastName: row.last_name,
          company: row.company,
          email: row.email,
        }),
        email: row.email,
      },
      doc: { id: row.doc_id, number: row.number, name: row.name },
      index: row.index,
      formats: [format],
      kinds: new Set([format]),
      outcome: row.status === 'FAILED' ? 'failed' : 'stopped',
      outcomeDetail: row.error ?? '',
      linkRevokedAt: null,
      downloads: [],
      receiptRequested: false,
      confirmation: null,
      reminders: 0,
    });
  }
  return [...byKey.values()].map(({ kinds: _kinds, ...line }) => line);
}
