import {
  DELIVER_CODES,
  SUB_FLAG,
  ValueTable,
  filesForSubscription,
  uuidOfHex,
  wantedFilesState,
  withSentFile,
  withStateFlags,
  type BounceDto,
  type CompactSubGroup,
  type CompactSubs,
  type DeliverState,
  type DownloadState,
  type ReceiptStateDto,
} from '@plankurier/shared';
import { SUB_ROW_HEX, type SubscriptionGroupRow } from '../participants/queries.ts';
import type { CurrentFile, SentFiles } from '../subscriptions/deliver-state.ts';

const NOTHING: ReadonlySet<string> = new Set();
const HEX = 32;

export interface CompactSubsInput {
  groups: readonly SubscriptionGroupRow[];
  /** The bundle's docs in its order: a sub names its doc by this index. */
  docIds: readonly string[];
  currentFiles: ReadonlyMap<string, readonly CurrentFile[]>;
  docOfFile: ReadonlyMap<string, string>;
  sent: SentFiles;
  downloaded: SentFiles;
  /** Asked only when some sub has one (`anyOfSub`): most projects have none, and the lookup needs each sub's uuid. */
  bounces: { anyOfSub: boolean; ofSub: (subId: string) => BounceDto | null };
  receipts: { anyOfSub: boolean; ofSub: (subId: string) => ReceiptStateDto | null };
}

export interface CompactSubsResult {
  subs: CompactSubs;
  deliverOfDoc: (docId: string) => DeliverState;
  deliverOfParticipant: (participantId: string) => DeliverState;
}

/**
 * The compact subscriptions straight from the grouped rows, with every state computed by the shared
 * rules but no object per subscription. Aggregates take the highest code, since DELIVER_CODES is
 * ordered as aggregateDeliverState ranks (RED over GREEN over GRAY).
 */
export function compactSubs(input: CompactSubsInput): CompactSubsResult {
  const docCount = input.docIds.length;
  const docIndex = new Map(input.docIds.map((id, i) => [id.replaceAll('-', ''), i]));
  const docIndexOfId = new Map(input.docIds.map((id, i) => [id, i]));
  const docIndexOfFile = new Map<string, number>();
  for (const [fileId, docId] of input.docOfFile) {
    const doc = docIndexOfId.get(docId);
    if (doc !== undefined) docIndexOfFile.set(fileId, doc);
  }
  const current = input.docIds.map((id) => input.currentFiles.get(id) ?? []);
  // The files a format choice asks for, per doc: four choices (formats & 3), made once per doc as needed.
  const wanted: (readonly CurrentFile[])[][] = input.docIds.map(() => []);
  const wantedOf = (doc: number, formats: number) =>
    (wanted[doc]![formats] ??= filesForSubscription(
      { getsPdf: (formats & 1) !== 0, getsTec: (formats & 2) !== 0 },
      current[doc]!,
    ));
  const docCode = new Uint8Array(docCount);
  const participantCode = new Map<string, number>();
  const bounces = new ValueTable<BounceDto>();
  const receipts = new ValueTable<ReceiptStateDto>();
  const withExtras = input.bounces.anyOfSub || input.receipts.anyOfSub;
  // Per participant, reset after each: the row of each doc's subscription, and the download state per doc.
  const rowOfDoc = new Int32Array(docCount).fill(-1);
  const downloadOfDoc: (DownloadState | null)[] = new Array<DownloadState | null>(docCount).fill(null);

  const groups = input.groups.map((row): CompactSubGroup => {
    const count = row.subs.length / SUB_ROW_HEX;
    for (let i = 0; i < count; i++) {
      const at = i * SUB_ROW_HEX + HEX;
      const doc = docIndex.get(row.subs.slice(at, at + HEX));
      // The reads run side by side, each in its own snapshot: a doc made (and subscribed) between
      // them is not in this load yet. Its subscription comes with the next one, as the doc does.
      if (doc !== undefined) rowOfDoc[doc] = i;
    }
    const sentFiles = input.sent.get(row.participant_id) ?? NOTHING;
    const downloaded = input.downloaded.get(row.participant_id) ?? NOTHING;
    for (const fileId of sentFiles) {
      const doc = docIndexOfFile.get(fileId);
      if (doc !== undefined) downloadOfDoc[doc] = withSentFile(downloadOfDoc[doc]!, downloaded.has(fileId));
    }
    const group: CompactSubGroup = { participant: row.participant_id, docs: [], flags: [] };
    let previousDoc = 0;
    let maxCode = 0;
    // Doc by doc, so the subs come ordered by doc (small steps) without a sort: each doc once per participant.
    for (let doc = 0; doc < docCount; doc++) {
      const i = rowOfDoc[doc]!;
      if (i < 0) continue;
      rowOfDoc[doc] = -1;
      const at = i * SUB_ROW_HEX;
      // The formats byte is below 16: its last hex digit is all of it (0-9, a-f).
      const digit = row.subs.charCodeAt(at + SUB_ROW_HEX - 1);
      const byte = digit <= 57 ? digit - 48 : digit - 87;
      // Bit 3 of the byte (from_rule) sits above the states on the wire (SUB_FLAG.fromRule).
      const formats = (byte & 7) | (byte & 8 ? SUB_FLAG.fromRule : 0);
      const code = DELIVER_CODES.indexOf(wantedFilesState(wantedOf(doc, formats & 3), sentFiles));
      if (withExtras) {
        // The wire leaves the ids out (bundle-wire.ts); bounces and receipts are kept by id.
        const id = uuidOfHex(row.subs.slice(at, at + HEX));
        const bounce = input.bounces.ofSub(id);
        const receipt = input.receipts.ofSub(id);
        if (bounce) (group.bounce ??= []).push(group.flags.length, bounces.indexOf(bounce));
        if (receipt) (group.receipt ??= []).push(group.flags.length, receipts.indexOf(receipt));
      }
      group.docs.push(doc - previousDoc);
      group.flags.push(withStateFlags(formats, code, downloadOfDoc[doc]!));
      previousDoc = doc;
      if (code > docCode[doc]!) docCode[doc] = code;
      if (code > maxCode) maxCode = code;
    }
    downloadOfDoc.fill(null);
    participantCode.set(row.participant_id, maxCode);
    return group;
  });

  return {
    subs: { groups, bounces: bounces.values, receipts: receipts.values },
    deliverOfDoc: (docId) => DELIVER_CODES[docCode[docIndexOfId.get(docId) ?? -1] ?? 0]!,
    deliverOfParticipant: (participantId) => DELIVER_CODES[participantCode.get(participantId) ?? 0]!,
  };
}
