import { sql } from 'kysely';
import type { BundleSlice, ChangeScope } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import type { Actor } from '../offices/access.ts';
import { toParticipantFolderDtos } from '../participants/dto.ts';
import { loadParticipantRows, subscriptionRows } from '../participants/queries.ts';
import { toStandingDto } from '../subscriptions/standing-dto.ts';
import { standingRowsOf } from '../subscriptions/standing-queries.ts';
import { bundleParts, loadSubscriptionFacts, presentParts } from './bundle-parts.ts';
import { toFolderDtos, toProjectDto } from './dto.ts';
import { findProject, loadProjectRows } from './queries.ts';

/**
 * The rows a change touched, in the project load's wire shape and computed by the same code, so
 * that a session applying them (applySlice) holds what a fresh load would answer. Read inside the
 * transaction that numbers the change: a later number always carries rows read later.
 */
export async function loadBundleSlice(db: Db, officeId: string, projectId: string, scope: ChangeScope) {
  // Live changes go to everyone who may see the project: read as the office's owner would.
  const actor: Actor = { userId: '00000000-0000-0000-0000-000000000000', officeId, role: 'owner' };
  const docIds = scope.docs ?? [];
  const participantIds = scope.participants ?? [];
  const rows: BundleSlice['rows'] = {};
  if (docIds.length > 0 || participantIds.length > 0) {
    const [people, subs] = await Promise.all([
      loadParticipantRows(db, actor, projectId, { docIds, participantIds }),
      subscriptionRows(db, actor, projectId, { docIds, participantIds }),
    ]);
    const stateDocIds = [...new Set([...docIds, ...subs.map((s) => s.doc_id)])];
    const [docRows, facts] = await Promise.all([
      loadProjectRows(db, actor, projectId, stateDocIds),
      loadSubscriptionFacts(db, projectId, [...new Set(subs.map((s) => s.participant_id))]),
    ]);
    const parts = bundleParts(docRows, people, subs, facts);
    const inScope = new Set(docIds);
    rows.docs = parts.docs.filter((d) => inScope.has(d._id));
    rows.versions = parts.versions.filter((v) => inScope.has(v.doc));
    rows.files = parts.files.filter((f) => inScope.has(f.doc));
    rows.subs = parts.subs;
    rows.participants = parts.participants;
    if (!scope.structure) {
      const docFolderIds = new Set(rows.docs.map((d) => d.folder));
      const docFolders = docRows.folders.filter((f) => docFolderIds.has(f.id));
      rows.docfolders = toFolderDtos(docFolders, await placesOfDocs(db, [...docFolderIds]));
      const participantFolderIds = new Set(rows.participants.map((p) => p.folder));
      rows.participantfolders = toParticipantFolderDtos(
        people.folders.filter((f) => participantFolderIds.has(f.id)),
        await placesOfParticipants(db, [...participantFolderIds]),
      );
      // The participants' standing subscriptions come with them (a removed participant's go).
      if (participantIds.length > 0)
        rows.standingSubs = (await standingRowsOf(db, actor, projectId, participantIds)).map(toStandingDto);
    }
  }
  if (scope.structure) Object.assign(rows, await loadStructure(db, actor, projectId));
  return { scope, rows } satisfies BundleSlice;
}

/** The project row, its phases, both kinds of folders with their full lists, the standing subscriptions and the office's roles. */
async function loadStructure(db: Db, actor: Actor, projectId: string) {
  const [project, docRows, people, standing] = await Promise.all([
    findProject(db, actor, projectId),
    loadProjectRows(db, actor, projectId, []),
    loadParticipantRows(db, actor, projectId, { docIds: [], participantIds: [] }),
    standingRowsOf(db, actor, projectId),
  ]);
  const folderIds = docRows.folders.map((f) => f.id);
  const participantFolderIds = people.folders.map((f) => f.id);
  const [docPlaces, participantPlaces] = await Promise.all([
    placesOfDocs(db, folderIds),
    placesOfParticipants(db, participantFolderIds),
  ]);
  const parts = presentParts(
    docRows,
    people,
    { bounces: { ofParticipant: () => null }, receipts: { ofParticipant: () => null } },
    () => 'GRAY',
    () => 'GRAY',
  );
  return {
    ...(project
      ? {
          project: toProjectDto(
            project,
            parts.phases.map((p) => p._id),
          ),
        }
      : {}),
    phases: parts.phases,
    docfolders: toFolderDtos(docRows.folders, docPlaces),
    participantfolders: toParticipantFolderDtos(people.folders, participantPlaces),
    standingSubs: standing.map(toStandingDto),
    roles: parts.roles,
  };
}

/** Where the docs of some folders stand: enough for the folders' lists. */
const placesOfDocs = (db: Db, folderIds: readonly string[]) =>
  folderIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('doc')
        .select(['id', 'folder_id', 'sort_order'])
        .where(sql<boolean>`folder_id = any(${folderIds}::uuid[])`)
        .$narrowType<{ folder_id: string }>()
        .execute();

const placesOfParticipants = (db: Db, folderIds: readonly string[]) =>
  folderIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('participant')
        .select(['id', 'folder_id', 'sort_order'])
        .where(sql<boolean>`folder_id = any(${folderIds}::uuid[])`)
        .execute();
