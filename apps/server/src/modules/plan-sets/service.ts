import {
  appError,
  checkPlanSet,
  errors,
  personName,
  TIERS,
  type PlanSetCheckResponse,
  type PlanSetDto,
  type PlanSetReleaseResponse,
  type PlanSetResponse,
  type SetReview,
} from '@plankurier/shared';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { PlanSetBody, PlanSetCheckBody, PlanSetFinishBody } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import type { Database } from '../../db/types.ts';
import type { Db } from '../../db/index.ts';
import { countOfficeDocs } from '../docs/queries.ts';
import { findFolder } from '../folders/queries.ts';
import type { Actor } from '../offices/access.ts';
import { announceChange } from '../projects/changes.ts';
import { toDocDtos, toVersionDtos } from '../projects/dto.ts';
import { findProject, liveDoc, lockOfficeTier } from '../projects/queries.ts';
import { recordDocEvent, recordDocEvents, type DocEvent } from '../timeline/record.ts';
import { isUniqueViolation } from '../users/queries.ts';
import { filesOfVersions } from '../versions/queries.ts';
import { applyStandingRules } from '../subscriptions/standing.ts';
import { releasePrepared } from '../versions/service.ts';
import { projectNamingKey } from './naming-key.ts';
import {
  findSet,
  findSetByKey,
  foldersOfProject,
  highestVersionNumbers,
  lockDocs,
  markSetFinished,
  namingContextOf,
  nextSortOrders,
  openSetsOf,
  plansOfProject,
  setWithFiles,
  storedFilesWithHashes,
  versionIdsOfSet,
} from './queries.ts';

type SetDeps = Pick<Deps, 'db' | 'realtime'>;
type Tx = Transaction<Database>;
type CheckBody = z.infer<typeof PlanSetCheckBody>;

/** The drop folder (the office's, on a project the actor works in) and the review of the names in it. */
async function reviewIn(db: Db, actor: Actor, body: CheckBody) {
  const folder = await findFolder(db, actor, body.folderId);
  if (!folder) throw errors.notFound();
  const hashes = body.files.flatMap((f) => (f.sha256 ? [f.sha256] : []));
  const [plans, namingKey, context, folders, stored] = await Promise.all([
    plansOfProject(db, folder.project_id),
    projectNamingKey(db, folder.project_id),
    namingContextOf(db, folder.project_id),
    foldersOfProject(db, folder.project_id),
    storedFilesWithHashes(db, folder.project_id, hashes),
  ]);
  // A folder named in a row must be one of this project's: another project's id is as missing.
  const projectFolders = new Set(folders.map((f) => f.id));
  for (const edit of Object.values(body.edits))
    if (edit.folderId && !projectFolders.has(edit.folderId)) throw errors.notFound();
  const review = checkPlanSet({
    files: body.files,
    edits: body.edits,
    plans,
    dropFolderId: folder.id,
    namingKey,
    context,
    stored,
  });
  return { folder, review, folders, stored };
}

/** The server's check of a set (the same as the browser's, on the database as it is now), before anything is written. */
export async function checkSet(deps: SetDeps, actor: Actor, body: CheckBody): Promise<PlanSetCheckResponse> {
  const { review, stored } = await reviewIn(deps.db, actor, body);
  const { tier } = await deps.db
    .selectFrom('office')
    .select('tier')
    .where('id', '=', actor.officeId)
    .executeTakeFirstOrThrow();
  return {
    review,
    stored,
    docLimit: { max: TIERS[tier].features.maxNumberOfDocs, used: await countOfficeDocs(deps.db, actor.officeId) },
  };
}

/** What a refused set says: per blocking problem the file and the code (the web shows its own texts). */
const blockingProblems = (review: SetReview) => [
  ...review.files
    .filter((f) => !f.skip)
    .flatMap((f) => f.problems.filter((p) => p.level === 'block').map((p) => ({ fileKey: f.key, code: p.code }))),
  ...review.groups.flatMap((g) =>
    g.problems.filter((p) => p.level === 'block').map((p) => ({ fileKey: g.fileKeys[0]!, code: p.code })),
  ),
];

/**
 * Writes a checked set in one transaction: new plans in their folders, a version in preparation per
 * plan and index (an empty prepared one is reused, taking the set's index), and the planned files,
 * so that the uploads can follow. Refused as a whole when the server's check finds something to
 * decide (409) or the new plans would pass the tier's limit (403). The same request key answers the
 * set the first call made, also while that call is still running.
 */
export async function createSet(
  deps: SetDeps,
  actor: Actor,
  body: z.infer<typeof PlanSetBody>,
): Promise<PlanSetResponse> {
  const result = await onePreparation(() =>
    deps.db.transaction().execute(async (tx) => {
      const folder = await findFolder(tx, actor, body.folderId);
      if (!folder) throw errors.notFound();
      const projectId = folder.project_id;
      const inserted = await tx
        .insertInto('plan_set')
        .values({
          project_id: projectId,
          folder_id: folder.id,
          created_by: actor.userId,
          request_key: body.requestKey,
          comment: body.comment,
        })
        .onConflict((oc) => oc.columns(['project_id', 'request_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      // A concurrent first call with this key waited on the unique index and committed: its set answers.
      if (!inserted)
        return { setId: (await findSetByKey(tx, projectId, body.requestKey))!.id, projectId, written: false };

      const { review, folders } = await reviewIn(tx, actor, body);
      const problems = blockingProblems(review);
      if (problems.length > 0) throw appError('plan_set.check_failed', 409, { problems });
      if (review.uploads === 0) throw errors.validation();
      const { tier } = await lockOfficeTier(tx, actor.officeId);
      const max = TIERS[tier].features.maxNumberOfDocs;
      if (review.newPlans > 0 && max !== 0 && (await countOfficeDocs(tx, actor.officeId)) + review.newPlans > max)
        throw appError('tier.limit_reached', 403, { max, needed: review.newPlans });

      const categoryOf = new Map(folders.map((f) => [f.id, f.category]));
      await writeSet(tx, actor, { setId: inserted.id, projectId, review, comment: body.comment, categoryOf });
      return { setId: inserted.id, projectId, written: true };
    }),
  );
  if (result.written)
    await announceChange(deps, actor, { projectId: result.projectId, entity: 'doc', id: result.setId });
  return setResponse(deps.db, result.setId);
}

interface SetToWrite {
  setId: string;
  projectId: string;
  review: SetReview;
  comment: string;
  /** New plans in a documents folder are documents (data docs), as the folder's '+' makes them. */
  categoryOf: Map<string, 'plans' | 'documents'>;
}

async function writeSet(tx: Tx, actor: Actor, { setId, projectId, review, comment, categoryOf }: SetToWrite) {
  const folderIdsOfNew = [...new Set(review.groups.filter((g) => !g.docId).map((g) => g.folderId))];
  const sortOrders = await nextSortOrders(tx, folderIdsOfNew);
  const events: DocEvent[] = [];
  const docOfGroup = new Map<string, string>();

  const newGroups = review.groups.filter((g) => !g.docId);
  if (newGroups.length > 0) {
    const docs = await tx
      .insertInto('doc')
      .values(
        newGroups.map((g) => {
          const sortOrder = sortOrders.get(g.folderId)!;
          sortOrders.set(g.folderId, sortOrder + 1);
          return {
            project_id: projectId,
            folder_id: g.folderId,
            doctype: categoryOf.get(g.folderId) === 'documents' ? ('data' as const) : ('plan' as const),
            number: g.number,
            name: g.name,
            sort_order: sortOrder,
          };
        }),
      )
      .returning(['id', 'number', 'name', 'doctype'])
      .execute();
    docs.forEach((doc, i) => {
      docOfGroup.set(newGroups[i]!.key, doc.id);
      events.push({
        projectId,
        actorId: actor.userId,
        kind: 'doc.created',
        docId: doc.id,
        data: { number: doc.number, name: doc.name, doctype: doc.doctype },
      });
    });
  }

  const existingDocIds = review.groups.filter((g) => g.docId).map((g) => g.docId!);
  await lockDocs(tx, existingDocIds);
  const highest = await highestVersionNumbers(tx, existingDocIds);
  const versionOfGroup = new Map<string, string>();
  const toInsert = review.groups.filter((g) => !g.preparedVersionId);
  for (const group of review.groups.filter((g) => g.preparedVersionId)) {
    const prepared = await tx
      .updateTable('version')
      .set({ index: group.index })
      .where('id', '=', group.preparedVersionId!)
      .where('status', '=', 'preparation')
      .returning('id')
      .executeTakeFirst();
    // Released or deleted since the check read it: the set cannot go as checked.
    if (!prepared) throw appError('plan_set.check_failed', 409, { problems: [] });
    versionOfGroup.set(group.key, prepared.id);
  }
  if (toInsert.length > 0) {
    const versions = await tx
      .insertInto('version')
      .values(
        toInsert.map((g) => {
          const docId = g.docId ?? docOfGroup.get(g.key)!;
          return {
            project_id: projectId,
            doc_id: docId,
            number: (highest.get(docId) ?? 0) + 1,
            index: g.index,
            comment,
            status: 'preparation' as const,
          };
        }),
      )
      .returning(['id', 'doc_id', 'number', 'index'])
      .execute();
    versions.forEach((version, i) => {
      const group = toInsert[i]!;
      versionOfGroup.set(group.key, version.id);
      events.push({
        projectId,
        actorId: actor.userId,
        kind: 'version.prepared',
        docId: version.doc_id,
        versionId: version.id,
        data: {
          number: version.number,
          index: version.index,
          docNumber: group.number,
          docName: group.name,
          planSetId: setId,
        },
      });
    });
  }
  await recordDocEvents(tx, events);
  // New plans get their folder's and phase's standing subscriptions, as one made by hand does.
  await applyStandingRules(
    tx,
    actor,
    newGroups.map((g) => ({ docId: docOfGroup.get(g.key)!, folderId: g.folderId, withPhase: true })),
  );

  const filesByKey = new Map(review.files.map((f) => [f.key, f]));
  const rows = review.groups.flatMap((group) =>
    group.fileKeys.map((key) => {
      const file = filesByKey.get(key)!;
      return {
        plan_set_id: setId,
        position: review.files.indexOf(file),
        file_key: key,
        filename: file.filename,
        size: file.size,
        kind: file.kind!,
        doc_id: group.docId ?? docOfGroup.get(group.key)!,
        version_id: versionOfGroup.get(group.key)!,
      };
    }),
  );
  for (let start = 0; start < rows.length; start += 1000)
    await tx
      .insertInto('plan_set_file')
      .values(rows.slice(start, start + 1000))
      .execute();
}

async function onePreparation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    // A colleague prepared a version of one of the plans in the same moment.
    if (isUniqueViolation(err)) throw errors.versionPreparationExists();
    throw err;
  }
}

async function toSetDto(db: Db, setId: string): Promise<PlanSetDto> {
  const { set, files } = await setWithFiles(db, setId);
  return {
    _id: set.id,
    project: set.project_id,
    folder: set.folder_id,
    comment: set.comment,
    createdAt: set.created_at.toISOString(),
    createdBy:
      set.created_by && set.email
        ? {
            _id: set.created_by,
            name: personName({ firstName: set.first_name ?? '', lastName: set.last_name ?? '', email: set.email }),
          }
        : null,
    finishedAt: set.finished_at ? set.finished_at.toISOString() : null,
    files: files.map((f) => ({
      key: f.file_key,
      filename: f.filename,
      size: Number(f.size),
      kind: f.kind,
      doc: f.doc_id,
      version: f.version_id,
      number: f.number,
      index: f.index,
      uploaded: f.uploaded,
    })),
  };
}

/** The set with its plans and their versions as they are now. */
async function setResponse(db: Db, setId: string): Promise<PlanSetResponse> {
  const planSet = await toSetDto(db, setId);
  const docIds = [...new Set(planSet.files.map((f) => f.doc))];
  if (docIds.length === 0) return { planSet, docs: [], versions: [] };
  // A set's plan that was withdrawn since is no longer the set's to show.
  const docs = await db
    .selectFrom('doc')
    .selectAll()
    .where('id', 'in', docIds)
    .where(liveDoc())
    .$narrowType<{ folder_id: string }>()
    .execute();
  const versions = await db.selectFrom('version').selectAll().where('doc_id', 'in', docIds).execute();
  const files = await filesOfVersions(
    db,
    versions.map((v) => v.id),
  );
  const doctypeOf = new Map(docs.map((d) => [d.id, d.doctype]));
  return {
    planSet,
    docs: toDocDtos(docs, versions),
    versions: toVersionDtos(versions, files, (docId) => doctypeOf.get(docId)!),
  };
}

export async function getSet({ db }: Pick<Deps, 'db'>, actor: Actor, setId: string): Promise<PlanSetDto> {
  if (!(await findSet(db, actor, setId))) throw errors.notFound();
  return toSetDto(db, setId);
}

/**
 * The open sets of the project: the actor's unfinished ones (after a reload the web offers to
 * continue them) and everyone's finished ones with versions still to release.
 */
export async function openSets({ db }: Pick<Deps, 'db'>, actor: Actor, projectId: string): Promise<PlanSetDto[]> {
  if (!(await findProject(db, actor, projectId))) throw errors.notFound();
  const sets = await openSetsOf(db, actor, projectId);
  return Promise.all(sets.map((s) => toSetDto(db, s.id)));
}

/**
 * The set's uploads are through: the timeline tells it once ('Planset mit 60 Dateien hochgeladen
 * von …'), beside each file's own event. Files still missing refuse it, unless the office gave them up.
 */
export async function finishSet(
  deps: SetDeps,
  actor: Actor,
  setId: string,
  body: z.infer<typeof PlanSetFinishBody>,
): Promise<PlanSetDto> {
  const finished = await deps.db.transaction().execute(async (tx) => {
    const set = await findSet(tx, actor, setId, true);
    if (!set) throw errors.notFound();
    if (set.finished_at) return null;
    const dto = await toSetDto(tx, setId);
    const uploaded = dto.files.filter((f) => f.uploaded);
    const missing = dto.files.length - uploaded.length;
    if (missing > 0 && !body.allowMissing) throw appError('plan_set.incomplete', 409, { missing });
    const folder = set.folder_id
      ? await tx.selectFrom('doc_folder').select('name').where('id', '=', set.folder_id).executeTakeFirst()
      : undefined;
    await recordDocEvent(tx, {
      projectId: set.project_id,
      actorId: actor.userId,
      kind: 'planset.uploaded',
      data: {
        planSetId: setId,
        files: uploaded.length,
        plans: new Set(uploaded.map((f) => f.doc)).size,
        missing,
        folder: folder?.name ?? '',
      },
    });
    await markSetFinished(tx, setId);
    return set.project_id;
  });
  if (finished) await announceChange(deps, actor, { projectId: finished, entity: 'doc', id: setId });
  return toSetDto(deps.db, setId);
}

/**
 * 'Alle freigeben': every version of the set still in preparation, across the folders its plans
 * are in, released once. What was released before (a colleague, a second click) is skipped and
 * named, what cannot go yet stays; the set stays open until nothing of it is in preparation.
 */
export async function releaseSet(
  deps: Pick<Deps, 'db' | 'realtime' | 'storage' | 'log'>,
  actor: Actor,
  setId: string,
): Promise<PlanSetReleaseResponse> {
  if (!(await findSet(deps.db, actor, setId))) throw errors.notFound();
  const { released, alreadyReleased, notReady, response } = await releasePrepared(
    deps,
    actor,
    await versionIdsOfSet(deps.db, setId),
  );
  const ref = (v: (typeof released)[number]) => ({
    version: v.id,
    doc: v.doc_id,
    number: v.doc_number,
    index: v.index,
  });
  return {
    released: released.map(ref),
    alreadyReleased: alreadyReleased.map(({ version, by }) => ({ ...ref(version), by })),
    notReady: notReady.map(({ version, msgCode }) => ({ ...ref(version), msgCode })),
    ...response,
  };
}
