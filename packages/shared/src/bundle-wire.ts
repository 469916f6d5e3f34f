import { z } from 'zod';
import type { BundleSlice } from './bundle-patch.ts';
import type { BounceDto } from './bounces.ts';
import type { DownloadState } from './downloads.ts';
import type { SubscriptionDto } from './participants.ts';
import { fromColumns, toColumns, type Columns } from './columns.ts';
import { fromEntityRefs, toEntityRefs, type EntityColumns } from './entity-refs.ts';
import type { DeliverState, DocDto, FileDto, ProjectBundle, VersionDto } from './projects.ts';
import type { ReceiptStateDto } from './receipts.ts';

/**
 * The compact wire form of the project load (GET /api/project/:id?form=compact): the same
 * ProjectBundle, but the subscriptions — the bulk of a large project — travel per participant as
 * parallel arrays instead of one object each. expandBundle turns it back into the exact bundle.
 */

export const PROJECT_LOAD_FORMS = ['plain', 'compact'] as const;
export const ProjectLoadQuery = z.object({ form: z.enum(PROJECT_LOAD_FORMS).default('plain') });

/** Bits of a subscription's flags (fromRule: bit 7, above the states). */
export const SUB_FLAG = { pdf: 1, tec: 2, deliverAgain: 4, fromRule: 128 } as const;
/** Bits 3–4: the deliver state; codes ordered by the aggregate's precedence (any RED, else any GREEN). */
const DELIVER_SHIFT = 3;
export const DELIVER_CODES: readonly DeliverState[] = ['GRAY', 'GREEN', 'RED'];
/** Bits 5–6: the download state (0: nothing sent). */
const DOWNLOAD_SHIFT = 5;
const DOWNLOAD_CODES: readonly (DownloadState | null)[] = [null, 'red', 'green'];

export interface CompactSubGroup {
  participant: string;
  /** Each subscription's doc as its index in `docs`, each given as the step from the one before (sorted ascending). */
  docs: number[];
  /** Formats, deliverAgain, deliver and download state per subscription (subFlags). */
  flags: number[];
  /** Pairs [position in this group, index in CompactSubs.bounces], only where the state has a bounce. */
  bounce?: number[];
  /** Pairs [position, index in CompactSubs.receipts], only where the state has a receipt. */
  receipt?: number[];
}

export interface CompactSubs {
  groups: CompactSubGroup[];
  /** The distinct bounce and receipt states the groups refer to. */
  bounces: BounceDto[];
  receipts: ReceiptStateDto[];
}

/** Docs, versions and files, thousands in a large project, travel as columns (columns.ts) naming each other by index (entity-refs.ts). */
export interface CompactBundle extends Omit<ProjectBundle, 'subs' | 'docs' | 'versions' | 'files'> {
  form: 'compact';
  docs: Columns<DocDto>;
  versions: Columns<VersionDto>;
  files: Columns<FileDto>;
  subs: CompactSubs;
}

/** The compact form of the bundle but its subscriptions (which the server encodes from grouped rows). */
export const compactEntities = ({
  docs,
  versions,
  files,
}: Pick<ProjectBundle, 'docs' | 'versions' | 'files'>): EntityColumns =>
  toEntityRefs({ docs: toColumns(docs), versions: toColumns(versions), files: toColumns(files) });

export function subFlags(
  sub: { getsPdf: boolean; getsTec: boolean; deliverAgain: boolean; fromRule?: true },
  deliver: DeliverState,
  download: DownloadState | null,
): number {
  return (
    (sub.getsPdf ? SUB_FLAG.pdf : 0) |
    (sub.getsTec ? SUB_FLAG.tec : 0) |
    (sub.deliverAgain ? SUB_FLAG.deliverAgain : 0) |
    (sub.fromRule ? SUB_FLAG.fromRule : 0) |
    (DELIVER_CODES.indexOf(deliver) << DELIVER_SHIFT) |
    (DOWNLOAD_CODES.indexOf(download) << DOWNLOAD_SHIFT)
  );
}

/** The flags with another deliver and download state (the server reads the format bits from SQL). */
export const withStateFlags = (formatBits: number, deliverCode: number, download: DownloadState | null) =>
  formatBits | (deliverCode << DELIVER_SHIFT) | (DOWNLOAD_CODES.indexOf(download) << DOWNLOAD_SHIFT);

/** A subscription's name in the web's bundle: its participant and its doc (unique together). */
export const subKey = (participant: string, doc: string) => `${participant}/${doc}`;

/** The participant and doc of a subscription key; null for anything else. */
export function parseSubKey(key: string): { participant: string; doc: string } | null {
  const [participant, doc, ...rest] = key.split('/');
  return participant && doc && rest.length === 0 ? { participant, doc } : null;
}

/** A live change's rows as the web keeps them: its subscriptions named by key like the compact load's. */
export const withSubKeys = (slice: BundleSlice): BundleSlice =>
  slice.rows.subs
    ? {
        ...slice,
        rows: { ...slice.rows, subs: slice.rows.subs.map((s) => ({ ...s, _id: subKey(s.participant, s.doc) })) },
      }
    : slice;

export const hexOfUuid = (id: string) => id.replaceAll('-', '');
export const uuidOfHex = (h: string) =>
  `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;

/** Distinct values by content, each given an index once. */
export class ValueTable<T> {
  readonly values: T[] = [];
  private readonly index = new Map<string, number>();
  indexOf(value: T): number {
    const key = JSON.stringify(value);
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.values.push(value) - 1;
      this.index.set(key, i);
    }
    return i;
  }
}

/**
 * The compact form of a plain bundle. The project load always computes download and bounce, so a
 * sub without them comes back with null there. Subs come back grouped by participant, by doc.
 */
export function compactBundle(bundle: ProjectBundle): CompactBundle {
  const docIndex = new Map(bundle.docs.map((d, i) => [d._id, i]));
  const byParticipant = new Map<string, { doc: number; sub: SubscriptionDto }[]>();
  for (const sub of bundle.subs) {
    const entry = { doc: docIndex.get(sub.doc) ?? -1, sub };
    if (entry.doc < 0) throw new Error(`subscription ${sub._id} of a doc outside the bundle`);
    const list = byParticipant.get(sub.participant);
    if (list) list.push(entry);
    else byParticipant.set(sub.participant, [entry]);
  }
  const bounces = new ValueTable<BounceDto>();
  const receipts = new ValueTable<ReceiptStateDto>();
  const groups = [...byParticipant].map(([participant, entries]): CompactSubGroup => {
    entries.sort((a, b) => a.doc - b.doc);
    const group: CompactSubGroup = { participant, docs: [], flags: [] };
    let previous = 0;
    for (const [i, { doc, sub }] of entries.entries()) {
      group.docs.push(doc - previous);
      previous = doc;
      group.flags.push(subFlags(sub, sub.state.deliver, sub.state.download ?? null));
      if (sub.state.bounce) (group.bounce ??= []).push(i, bounces.indexOf(sub.state.bounce));
      if (sub.state.receipt) (group.receipt ??= []).push(i, receipts.indexOf(sub.state.receipt));
    }
    return group;
  });
  const { subs: _subs, ...rest } = bundle;
  return {
    ...rest,
    form: 'compact',
    ...compactEntities(bundle),
    subs: { groups, bounces: bounces.values, receipts: receipts.values },
  };
}

/** Position → value of a group's sparse pairs. */
function pairs<T>(flat: readonly number[] | undefined, values: readonly T[]): Map<number, T> {
  const map = new Map<number, T>();
  if (flat) for (let k = 0; k + 1 < flat.length; k += 2) map.set(flat[k]!, values[flat[k + 1]!]!);
  return map;
}

/**
 * The plain ProjectBundle of a compact one, subscriptions named by subKey: the web works on this.
 * Reuses (and changes) the wire's arrays.
 */
export function expandBundle(wire: CompactBundle): ProjectBundle {
  const { form: _form, subs: compact, ...rest } = wire;
  const entities = fromEntityRefs({ docs: wire.docs, versions: wire.versions, files: wire.files });
  const docs = fromColumns(entities.docs);
  const subs: SubscriptionDto[] = [];
  for (const group of compact.groups) {
    const bounces = pairs(group.bounce, compact.bounces);
    const receipts = pairs(group.receipt, compact.receipts);
    let doc = 0;
    for (let i = 0; i < group.flags.length; i++) {
      doc += group.docs[i]!;
      const flags = group.flags[i]!;
      const state: SubscriptionDto['state'] = {
        deliver: DELIVER_CODES[(flags >> DELIVER_SHIFT) & 3]!,
        download: DOWNLOAD_CODES[(flags >> DOWNLOAD_SHIFT) & 3]!,
        bounce: bounces.size > 0 ? (bounces.get(i) ?? null) : null,
      };
      // Added only where present, as the plain form does; a spread here costs a copy per subscription.
      if (receipts.size > 0 && receipts.has(i)) state.receipt = receipts.get(i)!;
      const docId = docs[doc]!._id;
      const sub: SubscriptionDto = {
        _id: subKey(group.participant, docId),
        doc: docId,
        participant: group.participant,
        getsPdf: (flags & SUB_FLAG.pdf) !== 0,
        getsTec: (flags & SUB_FLAG.tec) !== 0,
        deliverAgain: (flags & SUB_FLAG.deliverAgain) !== 0,
        state,
      };
      if ((flags & SUB_FLAG.fromRule) !== 0) sub.fromRule = true;
      subs.push(sub);
    }
  }
  return { ...rest, docs, versions: fromColumns(entities.versions), files: fromColumns(entities.files), subs };
}
