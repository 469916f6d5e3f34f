import type { Actor } from '../offices/access.ts';
import {
  appError,
  errors,
  isVersionLocked,
  releaseProblem,
  statusAfterRelease,
  versionIndexProblem,
  type MsgCode,
  type ReleaseResponse,
  type VersionBody,
  type VersionDto,
  type VersionUpdateBody,
} from '@plankurier/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { claimRevision } from '../revisions/revision.ts';
import type { Database } from '../../db/types.ts';
import type { Transaction } from 'kysely';
import { recordDocEvent } from '../timeline/record.ts';
import { announceChange, announceChanges, removeStoredFiles } from '../projects/changes.ts';
import { toDocDtos, toVersionDtos, type DocRow, type VersionRow } from '../projects/dto.ts';
import { storageKeysOf } from '../projects/queries.ts';
import { findDoc, versionsOfDoc } from '../docs/queries.ts';
import { isUniqueViolation } from '../users/queries.ts';
import {
  changeDocVersionStatus,
  countDeliveredFiles,
  deleteVersionRow,
  docVersionSummary,
  fileKindsOf,
  filesOfVersions,
  insertVersion,
  lockDoc,
  lockVersions,
  releasedBy,
  updateVersionRow,
} from './queries.ts';

type VersionDeps = Pick<Deps, 'db' | 'realtime' | 'storage' | 'log'>;
type Tx = Transaction<Database>;

async function toDto(db: Deps['db'], version: VersionRow, doctype: DocRow['doctype']): Promise<VersionDto> {
  return toVersionDtos([version], await filesOfVersions(db, [version.id]), () => doctype)[0]!;
}

/** Prepares the doc's next version (number = highest + 1); only one may be in preparation. */
export async function prepareVersion(
  deps: VersionDeps,
  actor: Actor,
  body: z.infer<typeof VersionBody>,
): Promise<VersionDto> {
  if (versionIndexProblem(body.index)) throw errors.versionIndexRequired();
  const version = await onePreparation(() =>
    deps.db.transaction().execute(async (tx) => {
      const doc = await lockDoc(tx, actor, body.docId);
      if (!doc) throw errors.notFound();
      const { maxNumber, hasPreparation } = await docVersionSummary(tx, doc.id);
      if (hasPreparation) throw errors.versionPreparationExists();
      const row = await insertVersion(tx, {
        project_id: doc.project_id,
        doc_id: doc.id,
        number: maxNumber + 1,
        index: body.index,
        comment: body.comment,
      });
      await recordDocEvent(tx, {
        projectId: doc.project_id,
        actorId: actor.userId,
        kind: 'version.prepared',
        docId: doc.id,
        versionId: row.id,
        data: { number: row.number, index: row.index, docNumber: doc.number, docName: doc.name },
      });
      return { projectId: doc.project_id, dto: await toDto(tx, row, doc.doctype) };
    }),
  );
  await announceChange(deps, actor, { projectId: version.projectId, entity: 'version', id: version.dto._id });
  return version.dto;
}

/** Index and comment, and the downloads flag; the index is locked once a file of the version was sent. */
export async function updateVersion(
  deps: VersionDeps,
  actor: Actor,
  versionId: string,
  body: z.infer<typeof VersionUpdateBody>,
): Promise<VersionDto> {
  if (body.index !== undefined && versionIndexProblem(body.index)) throw errors.versionIndexRequired();
  const version = await deps.db.transaction().execute(async (tx) => {
    const [found] = await lockVersions(tx, actor, [versionId]);
    if (!found) throw errors.notFound();
    const indexChanges = body.index !== undefined && body.index !== found.index;
    if (indexChanges && isVersionLocked(await countDeliveredFiles(tx, versionId))) throw errors.versionLocked();
    if (body.index !== undefined || body.comment !== undefined) {
      await claimRevision(tx, { table: 'version', id: versionId, seen: body.rev, userId: actor.userId }, async () => {
        const [now] = await lockVersions(tx, actor, [versionId]);
        return toDto(tx, now!, now!.doctype);
      });
    }
    const nothingToChange =
      body.index === undefined && body.comment === undefined && body.downloadsEnabled === undefined;
    const row = nothingToChange
      ? found
      : await updateVersionRow(tx, versionId, {
          index: body.index,
          comment: body.comment,
          downloads_enabled: body.downloadsEnabled,
        });
    return { projectId: found.project_id, dto: await toDto(tx, row, found.doctype) };
  });
  await announceChange(deps, actor, { projectId: version.projectId, entity: 'version', id: versionId });
  return version.dto;
}

/** Only a version in preparation can be deleted; its stored files go after the commit. */
export async function deleteVersion(deps: VersionDeps, actor: Actor, versionId: string): Promise<void> {
  const { projectId, docId, storageKeys } = await deps.db.transaction().execute(async (tx) => {
    const [version] = await lockVersions(tx, actor, [versionId]);
    if (!version) throw errors.notFound();
    if (version.status !== 'preparation') throw errors.versionNotInPreparation();
    const keys = await storageKeysOf(tx, actor, { versionId });
    await deleteVersionRow(tx, versionId);
    await recordDocEvent(tx, {
      projectId: version.project_id,
      actorId: actor.userId,
      kind: 'version.deleted',
      docId: version.doc_id,
      versionId,
      data: { number: version.number, index: version.index, docNumber: version.doc_number, docName: version.doc_name },
    });
    return { projectId: version.project_id, docId: version.doc_id, storageKeys: keys };
  });
  await announceChange(deps, actor, { projectId, entity: 'version', id: versionId, scope: { docs: [docId] } });
  await removeStoredFiles(deps, storageKeys);
}

/**
 * Releases versions in preparation, all or none, in one transaction: each becomes current, the
 * doc's previous current one outdated and older outdated ones archived. The row locks make a
 * second release of the same version wait and then find it no longer in preparation.
 */
export async function releaseVersions(
  deps: VersionDeps,
  actor: Actor,
  versionIds: readonly string[],
): Promise<ReleaseResponse> {
  const ids = [...new Set(versionIds)];
  const { released, response } = await deps.db.transaction().execute(async (tx) => {
    const versions = await lockVersions(tx, actor, ids);
    if (versions.length !== ids.length) throw errors.notFound();
    for (const version of versions) {
      const problem = releaseProblem(version.status, version.doctype, await fileKindsOf(tx, version.id));
      if (problem === 'version.already_released') {
        throw appError(problem, 409, { index: version.index, changedBy: await releasedBy(tx, version.id) });
      }
      if (problem) throw appError(problem, 409);
    }
    for (const version of versions) {
      await releaseOne(tx, actor, version);
    }
    return {
      released: versions,
      response: await releasedDocs(
        tx,
        actor,
        versions.map((v) => v.doc_id),
      ),
    };
  });
  await announceChanges(
    deps,
    actor,
    released.map((version) => ({ projectId: version.project_id, entity: 'version', id: version.id })),
  );
  return response;
}

type LockedVersion = Awaited<ReturnType<typeof lockVersions>>[number];

export interface PreparedRelease {
  released: LockedVersion[];
  alreadyReleased: { version: LockedVersion; by: string | null }[];
  notReady: { version: LockedVersion; msgCode: MsgCode }[];
  response: ReleaseResponse;
}

/**
 * Releases those of the versions that are still in preparation and may go, in one transaction,
 * and leaves the rest as they are: a version released meanwhile (a colleague, a second click; the
 * row locks make the second caller wait and then see it) is named with who released it, one that
 * cannot go yet (no PDF) is named with why. Versions the actor may not see are left out.
 */
export async function releasePrepared(
  deps: VersionDeps,
  actor: Actor,
  versionIds: readonly string[],
): Promise<PreparedRelease> {
  const ids = [...new Set(versionIds)];
  const result = await deps.db.transaction().execute(async (tx) => {
    const released: PreparedRelease['released'] = [];
    const alreadyReleased: PreparedRelease['alreadyReleased'] = [];
    const notReady: PreparedRelease['notReady'] = [];
    for (const version of ids.length ? await lockVersions(tx, actor, ids) : []) {
      const problem = releaseProblem(version.status, version.doctype, await fileKindsOf(tx, version.id));
      if (problem === 'version.already_released')
        alreadyReleased.push({ version, by: await releasedBy(tx, version.id) });
      else if (problem) notReady.push({ version, msgCode: problem });
      else {
        await releaseOne(tx, actor, version);
        released.push(version);
      }
    }
    const docIds = [...new Set(released.map((v) => v.doc_id))];
    return { released, alreadyReleased, notReady, response: await releasedDocs(tx, actor, docIds) };
  });
  await announceChanges(
    deps,
    actor,
    result.released.map((version) => ({ projectId: version.project_id, entity: 'version', id: version.id })),
  );
  return result;
}

async function releaseOne(
  tx: Tx,
  actor: Actor,
  version: VersionRow & { project_id: string; doc_number: string; doc_name: string },
) {
  // Oldest first, so the doc never holds two current versions (a unique index forbids it).
  for (const status of ['outdated', 'current'] as const)
    await changeDocVersionStatus(tx, version.doc_id, status, statusAfterRelease(status));
  await changeDocVersionStatus(tx, version.doc_id, 'preparation', statusAfterRelease('preparation'));
  await recordDocEvent(tx, {
    projectId: version.project_id,
    actorId: actor.userId,
    kind: 'version.released',
    docId: version.doc_id,
    versionId: version.id,
    data: { number: version.number, index: version.index, docNumber: version.doc_number, docName: version.doc_name },
  });
}

async function releasedDocs(tx: Tx, actor: Actor, docIds: readonly string[]): Promise<ReleaseResponse> {
  const result: ReleaseResponse = { docs: [], versions: [] };
  for (const docId of docIds) {
    const doc = (await findDoc(tx, actor, docId))!;
    const versions = await versionsOfDoc(tx, docId);
    const files = await filesOfVersions(
      tx,
      versions.map((v) => v.id),
    );
    result.docs.push(...toDocDtos([doc], versions));
    result.versions.push(...toVersionDtos(versions, files, () => doc.doctype));
  }
  return result;
}

async function onePreparation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.versionPreparationExists();
    throw err;
  }
}
