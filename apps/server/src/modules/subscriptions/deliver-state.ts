import { sql } from 'kysely';
import {
  aggregateDeliverState,
  subscriptionDeliverState,
  subscriptionDownloadState,
  type DeliverState,
  type DownloadState,
  type FileKind,
} from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import { sentFileRows } from '../deliveries/queries.ts';
import { downloadedFileRows } from '../downloads/queries.ts';

export interface CurrentFile {
  _id: string;
  kind: FileKind;
}

/** Which files each participant has been sent: participant id → file ids. */
export type SentFiles = ReadonlyMap<string, ReadonlySet<string>>;

const NOTHING_SENT: ReadonlySet<string> = new Set();

/**
 * The files of a project sent so far, per participant: the files of every delivery recipient whose
 * mail the SMTP server accepted (SUCCESS). Every deliver state follows from this one place.
 */
export async function loadSentFiles(db: Db, projectId: string, participantIds?: readonly string[]): Promise<SentFiles> {
  const sent = new Map<string, Set<string>>();
  for (const row of await sentFileRows(db, projectId, participantIds)) {
    const files = sent.get(row.participant_id);
    if (files) files.add(row.file_id);
    else sent.set(row.participant_id, new Set([row.file_id]));
  }
  return sent;
}

/**
 * The files of a project downloaded so far, per participant: from any of their personal links, singly
 * or in a ZIP. The download states follow from this and loadSentFiles.
 */
export async function loadDownloadedFiles(
  db: Db,
  projectId: string,
  participantIds?: readonly string[],
): Promise<SentFiles> {
  const downloaded = new Map<string, Set<string>>();
  for (const row of await downloadedFileRows(db, projectId, participantIds)) {
    const files = downloaded.get(row.participant_id);
    if (files) files.add(row.file_id);
    else downloaded.set(row.participant_id, new Set([row.file_id]));
  }
  return downloaded;
}

/**
 * Download state of each subscription: of the files of its doc sent to its participant (any
 * version), green once all were downloaded, red otherwise, null when none was sent.
 */
export function computeDownloadStates(
  subs: readonly { id: string; doc_id: string; participant_id: string }[],
  docOfFile: ReadonlyMap<string, string>,
  sent: SentFiles,
  downloaded: SentFiles,
): (subId: string) => DownloadState | null {
  const sentByParticipantDoc = new Map<string, Set<string>>();
  for (const [participantId, fileIds] of sent) {
    for (const fileId of fileIds) {
      const key = `${participantId}:${docOfFile.get(fileId) ?? ''}`;
      const files = sentByParticipantDoc.get(key);
      if (files) files.add(fileId);
      else sentByParticipantDoc.set(key, new Set([fileId]));
    }
  }
  const bySub = new Map<string, DownloadState | null>();
  for (const s of subs) {
    const sentOfSub = sentByParticipantDoc.get(`${s.participant_id}:${s.doc_id}`) ?? NOTHING_SENT;
    bySub.set(s.id, subscriptionDownloadState(sentOfSub, downloaded.get(s.participant_id) ?? NOTHING_SENT));
  }
  return (subId) => bySub.get(subId) ?? null;
}

/** The files of each doc's current version: doc id → files (docs without a current version are absent). */
export function currentFilesByDoc(
  versions: readonly { id: string; doc_id: string; status: string }[],
  files: readonly { id: string; version_id: string; kind: FileKind }[],
): Map<string, CurrentFile[]> {
  const docOfCurrentVersion = new Map<string, string>();
  for (const v of versions) if (v.status === 'current') docOfCurrentVersion.set(v.id, v.doc_id);
  const result = new Map<string, CurrentFile[]>();
  for (const docId of docOfCurrentVersion.values()) result.set(docId, []);
  for (const f of files) {
    const docId = docOfCurrentVersion.get(f.version_id);
    if (docId !== undefined) result.get(docId)!.push({ _id: f.id, kind: f.kind });
  }
  return result;
}

export interface DeliverStates {
  ofSub: (subId: string) => DeliverState;
  ofDoc: (docId: string) => DeliverState;
  ofParticipant: (participantId: string) => DeliverState;
}

/** Delivery state of every subscription and the aggregates per doc and per participant, in memory. */
export function computeDeliverStates(
  subs: readonly { id: string; doc_id: string; participant_id: string; gets_pdf: boolean; gets_tec: boolean }[],
  currentFiles: ReadonlyMap<string, readonly CurrentFile[]>,
  sent: SentFiles,
): DeliverStates {
  const bySub = new Map<string, DeliverState>();
  const byDoc = new Map<string, DeliverState[]>();
  const byParticipant = new Map<string, DeliverState[]>();
  const push = (map: Map<string, DeliverState[]>, key: string, state: DeliverState) => {
    const list = map.get(key);
    if (list) list.push(state);
    else map.set(key, [state]);
  };
  for (const s of subs) {
    const state = subscriptionDeliverState(
      { getsPdf: s.gets_pdf, getsTec: s.gets_tec },
      currentFiles.get(s.doc_id) ?? null,
      sent.get(s.participant_id) ?? NOTHING_SENT,
    );
    bySub.set(s.id, state);
    push(byDoc, s.doc_id, state);
    push(byParticipant, s.participant_id, state);
  }
  const aggregate = (map: Map<string, DeliverState[]>) => (key: string) => aggregateDeliverState(map.get(key) ?? []);
  return { ofSub: (id) => bySub.get(id) ?? 'GRAY', ofDoc: aggregate(byDoc), ofParticipant: aggregate(byParticipant) };
}

/** The states of the subscriptions of some docs or participants of a project, for answers outside the project load. */
export async function loadDeliverStates(
  db: Db,
  projectId: string,
  scope: { docIds?: readonly string[]; participantIds?: readonly string[] },
) {
  const docIds = scope.docIds ?? [];
  const participantIds = scope.participantIds ?? [];
  const subs = await db
    .selectFrom('subscription')
    .select(['id', 'doc_id', 'participant_id', 'gets_pdf', 'gets_tec', 'deliver_again'])
    .where('project_id', '=', projectId)
    .where((eb) =>
      eb.or([
        sql<boolean>`doc_id = any(${docIds}::uuid[])`,
        sql<boolean>`participant_id = any(${participantIds}::uuid[])`,
      ]),
    )
    .execute();
  const subDocIds = [...new Set(subs.map((s) => s.doc_id))];
  const files =
    subDocIds.length === 0
      ? []
      : await db
          .selectFrom('file')
          .innerJoin('version', 'version.id', 'file.version_id')
          .select(['file.id', 'file.version_id', 'file.kind', 'version.doc_id', 'version.status'])
          .where('version.status', '=', 'current')
          .where(sql<boolean>`file.doc_id = any(${subDocIds}::uuid[])`)
          .execute();
  const versions = files.map((f) => ({ id: f.version_id, doc_id: f.doc_id, status: f.status }));
  const states = computeDeliverStates(subs, currentFilesByDoc(versions, files), await loadSentFiles(db, projectId));
  return { subs, states };
}
