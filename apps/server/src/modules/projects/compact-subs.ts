import {
  DELIVER_CODES,
  ValueTable,
  filesForSubscription,
  subscriptionDownloadState,
  uuidOfHex,
  wantedFilesState,
  withStateFlags,
  type BounceDto,
  type CompactSubGroup,
  type CompactSubs,
  type DeliverState,
  type ReceiptStateDto,
} from '@plankurier/shared';
import type { SubscriptionGroupRow } from '../participants/queries.ts';
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
  const docIndex = new Map(input.docIds.map((id, i) => [id.replaceAll('-', ''), i]));
  const docIndexOfId = new Map(input.docIds.map((id, i) => [id, i]));
  const current = input.docIds.map((id) => input.currentFiles.get(id) ?? []);
  // The files a format choice asks for, per doc: four choices (formats & 3), made once per doc as needed.
  const wanted: (readonly CurrentFile[])[][] = input.docIds.map(() => []);
  const wantedOf = (doc: number, formats: number) =>
    (wanted[doc]![formats] ??= filesForSubscription(
      { getsPdf: (formats & 1) !== 0, getsTec: (formats & 2) !== 0 },
      current[doc]!,
    ));
  const docCode = new Uint8Array(input.docIds.length);
  const participantCode = new Map<string, number>();
  const bounces = new ValueTable<BounceDto>();
  const receipts = new ValueTable<ReceiptStateDto>();

  const groups = input.groups.map((row): CompactSubGroup => {
    const count = row.formats.length;
    const docOf = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      const doc = docIndex.get(row.doc_ids.slice(i * HEX, i * HEX + HEX));
      if (doc === undefined) throw new Error('a subscription of a doc outside the project load');
      docOf[i] = doc;
    }
    const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => docOf[a]! - docOf[b]!);
    const sentFiles = input.sent.get(row.participant_id) ?? NOTHING;
    const sentOfDoc = filesByDoc(sentFiles, input.docOfFile, docIndexOfId);
    const downloaded = input.downloaded.get(row.participant_id) ?? NOTHING;
    const group: CompactSubGroup = { participant: row.participant_id, ids: '', docs: [], flags: [] };
    const ids: string[] = [];
    let previousDoc = 0;
    let maxCode = 0;
    for (const [k, i] of order.entries()) {
      const doc = docOf[i]!;
      const formats = row.formats.charCodeAt(i) - 48;
      const code = DELIVER_CODES.indexOf(wantedFilesState(wantedOf(doc, formats & 3), sentFiles));
      const download = subscriptionDownloadState(sentOfDoc.get(doc) ?? NOTHING, downloaded);
      const id = row.ids.slice(i * HEX, i * HEX + HEX);
      ids.push(id);
      group.docs.push(doc - previousDoc);
      group.flags.push(withStateFlags(formats, code, download));
      previousDoc = doc;
      if (code > docCode[doc]!) docCode[doc] = code;
      if (code > maxCode) maxCode = code;
      if (input.bounces.anyOfSub || input.receipts.anyOfSub) {
        const bounce = input.bounces.ofSub(uuidOfHex(id));
        const receipt = input.receipts.ofSub(uuidOfHex(id));
        if (bounce) (group.bounce ??= []).push(k, bounces.indexOf(bounce));
        if (receipt) (group.receipt ??= []).push(k, receipts.indexOf(receipt));
      }
    }
    group.ids = ids.join('');
    participantCode.set(row.participant_id, maxCode);
    return group;
  });

  return {
    subs: { groups, bounces: bounces.values, receipts: receipts.values },
    deliverOfDoc: (docId) => DELIVER_CODES[docCode[docIndexOfId.get(docId) ?? -1] ?? 0]!,
    deliverOfParticipant: (participantId) => DELIVER_CODES[participantCode.get(participantId) ?? 0]!,
  };
}

/** A participant's sent files by the index of their doc (the download state is per doc). */
function filesByDoc(
  files: ReadonlySet<string>,
  docOfFile: ReadonlyMap<string, string>,
  docIndex: ReadonlyMap<string, number>,
): Map<number, Set<string>> {
  const byDoc = new Map<number, Set<string>>();
  for (const fileId of files) {
    const doc = docIndex.get(docOfFile.get(fileId) ?? '');
    if (doc === undefined) continue;
    const set = byDoc.get(doc);
    if (set) set.add(fileId);
    else byDoc.set(doc, new Set([fileId]));
  }
  return byDoc;
}
