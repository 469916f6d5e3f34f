import type { ProjectBundle } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import { loadBounceStates } from '../bounces/bounce-state.ts';
import { toParticipantDtos, toParticipantFolderDtos, toRoleDto, toSubscriptionDto } from '../participants/dto.ts';
import type { loadParticipantRows } from '../participants/queries.ts';
import { loadReceiptStates } from '../receipts/receipt-state.ts';
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
 * as long as `rows` holds the versions and files of every doc that `people.subs` name.
 */
export function bundleParts(
  rows: ProjectRows,
  people: ParticipantRows,
  { sent, downloaded, bounces, receipts }: SubscriptionFacts,
): Omit<ProjectBundle, 'archives' | 'project' | 'changeSeq'> {
  const doctypeByDoc = new Map(rows.docs.map((d) => [d.id, d.doctype]));
  // Without subscriptions there is no state to compute: skip the per-file maps (8,000 entries in a large project).
  const withSubs = people.subs.length > 0;
  const states = computeDeliverStates(
    people.subs,
    withSubs ? currentFilesByDoc(rows.versions, rows.files) : new Map(),
    sent,
  );
  const downloadOfSub = computeDownloadStates(
    people.subs,
    withSubs ? new Map(rows.files.map((f) => [f.id, f.doc_id])) : new Map(),
    sent,
    downloaded,
  );
  return {
    phases: toPhaseDtos(rows.phases, rows.folders),
    participants: toParticipantDtos(
      people.participants,
      people.participantRoles,
      states.ofParticipant,
      bounces.ofParticipant,
      receipts.ofParticipant,
    ),
    docfolders: toFolderDtos(rows.folders, rows.docs),
    participantfolders: toParticipantFolderDtos(people.folders, people.participants),
    docs: toDocDtos(rows.docs, rows.versions, states.ofDoc),
    subs: people.subs.map((s) =>
      toSubscriptionDto(s, states.ofSub(s.id), downloadOfSub(s.id), bounces.ofSub(s.id), receipts.ofSub(s.id)),
    ),
    versions: toVersionDtos(rows.versions, rows.files, (docId) => doctypeByDoc.get(docId) ?? 'plan'),
    files: rows.files.map(toFileDto),
    roles: people.roles.map(toRoleDto),
  };
}
