import type { DeliverState, ProjectBundle } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import { loadBounceStates, type BounceStates } from '../bounces/bounce-state.ts';
import { toParticipantDtos, toParticipantFolderDtos, toRoleDto, toSubscriptionDto } from '../participants/dto.ts';
import type { SubscriptionRow } from '../participants/dto.ts';
import type { loadParticipantRows } from '../participants/queries.ts';
import { loadReceiptStates, type ReceiptStates } from '../receipts/receipt-state.ts';
import {
  computeDeliverStates,
  computeDownloadStates,
  currentFilesByDoc,
  loadDownloadedFiles,
  loadSentFiles,
} from '../subscriptions/deliver-state.ts';
import { toDocDtos, toFileDto, toFolderDtos, toPhaseDtos, toVersionDtos } from './dto.ts';
import type { loadProjectRows } from './queries.ts';

type ProjectRows = Awaited<ReturnType<typeof loadProjectRows>>;
type ParticipantRows = Awaited<ReturnType<typeof loadParticipantRows>>;
type SubscriptionFacts = Awaited<ReturnType<typeof loadSubscriptionFacts>>;

/**
 * What the subscriptions' states follow from: sent and downloaded files (of the whole project, or of
 * some participants: a live change's), bounces, receipts.
 */
export async function loadSubscriptionFacts(db: Db, projectId: string, participantIds?: readonly string[]) {
  const [sent, downloaded, bounces, receipts] = await Promise.all([
    loadSentFiles(db, projectId, participantIds),
    loadDownloadedFiles(db, projectId, participantIds),
    loadBounceStates(db, projectId),
    loadReceiptStates(db, projectId),
  ]);
  return { sent, downloaded, bounces, receipts };
}

/**
 * The project load's rows as DTOs, joined in memory with maps. The whole project's rows for the
 * project load; a live change's rows (some docs, some participants) give those rows the same way,
 * as long as `rows` holds the versions and files of every doc that `subs` name.
 */
export function bundleParts(
  rows: ProjectRows,
  people: ParticipantRows,
  subs: readonly SubscriptionRow[],
  facts: SubscriptionFacts,
): Omit<ProjectBundle, 'archives' | 'project' | 'changeSeq' | 'standingSubs'> {
  const { sent, downloaded, bounces, receipts } = facts;
  // Without subscriptions there is no state to compute: skip the per-file maps (8,000 entries in a large project).
  const withSubs = subs.length > 0;
  const states = computeDeliverStates(subs, withSubs ? currentFilesByDoc(rows.versions, rows.files) : new Map(), sent);
  const downloadOfSub = computeDownloadStates(
    subs,
    withSubs ? new Map(rows.files.map((f) => [f.id, f.doc_id])) : new Map(),
    sent,
    downloaded,
  );
  return {
    ...presentParts(rows, people, facts, states.ofDoc, states.ofParticipant),
    subs: subs.map((s) =>
      toSubscriptionDto(s, states.ofSub(s.id), downloadOfSub(s.id), bounces.ofSub(s.id), receipts.ofSub(s.id)),
    ),
  };
}

/** Everything of the bundle but the project row and the subscriptions, whose aggregates come in. */
export function presentParts(
  rows: ProjectRows,
  people: ParticipantRows,
  {
    bounces,
    receipts,
  }: { bounces: Pick<BounceStates, 'ofParticipant'>; receipts: Pick<ReceiptStates, 'ofParticipant'> },
  deliverOfDoc: (docId: string) => DeliverState,
  deliverOfParticipant: (participantId: string) => DeliverState,
): Omit<ProjectBundle, 'archives' | 'project' | 'changeSeq' | 'subs' | 'standingSubs'> {
  const doctypeByDoc = new Map(rows.docs.map((d) => [d.id, d.doctype]));
  return {
    phases: toPhaseDtos(rows.phases, rows.folders),
    participants: toParticipantDtos(
      people.participants,
      people.participantRoles,
      deliverOfParticipant,
      bounces.ofParticipant,
      receipts.ofParticipant,
    ),
    docfolders: toFolderDtos(rows.folders, rows.docs),
    participantfolders: toParticipantFolderDtos(people.folders, people.participants),
    docs: toDocDtos(rows.docs, rows.versions, deliverOfDoc),
    versions: toVersionDtos(rows.versions, rows.files, (docId) => doctypeByDoc.get(docId) ?? 'plan'),
    files: rows.files.map(toFileDto),
    roles: people.roles.map(toRoleDto),
  };
}
