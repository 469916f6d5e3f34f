import type { Actor } from '../offices/access.ts';
import {
  TIERS,
  errors,
  isVersionLocked,
  withinLimit,
  type DocBody,
  type DocDeletionCheck,
  type DocDto,
  type DocFolderDto,
  type DocOrderBody,
  type DocUpdateBody,
} from '@plankurier/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { claimRevision } from '../revisions/revision.ts';
import { recordDocEvent } from '../timeline/record.ts';
import { announceChange, removeStoredFiles } from '../projects/changes.ts';
import { toDocDtos, toFolderDtos, type DocRow } from '../projects/dto.ts';
import { lockOfficeTier, storageKeysOf } from '../projects/queries.ts';
import { renumber } from '../projects/sort-order.ts';
import { docsOfFolder, findFolder } from '../folders/queries.ts';
import { lockDoc } from '../versions/queries.ts';
import { applyStandingRules } from '../subscriptions/standing.ts';
import {
  countDeliveredFilesOfDoc,
  countOfficeDocs,
  deleteDocRow,
  deliveriesOfDoc,
  findDoc,
  findDocsInProject,
  insertDoc,
  moveDocsToFront,
  updateDocRow,
  versionsOfDoc,
  withdrawDocRow,
} from './queries.ts';

type DocDeps = Pick<Deps, 'db' | 'realtime' | 'storage' | 'log'>;

async function toDto(db: Deps['db'], doc: DocRow): Promise<DocDto> {
  return toDocDtos([doc], await versionsOfDoc(db, doc.id))[0]!;
}

/** A new plan or data document at the end of its folder, within the tier's document limit. */
export async function createDoc(deps: DocDeps, actor: Actor, body: z.infer<typeof DocBody>): Promise<DocDto> {
  const doc = await deps.db.transaction().execute(async (tx) => {
    const folder = await findFolder(tx, actor, body.folderId);
    if (!folder) throw errors.notFound();
    const { tier } = await lockOfficeTier(tx, actor.officeId);
    if (!withinLimit(TIERS[tier].features.maxNumberOfDocs, await countOfficeDocs(tx, actor.officeId)))
      throw errors.tierLimitReached();
    const row = await insertDoc(tx, folder, body);
    await recordDocEvent(tx, {
      projectId: row.project_id,
      actorId: actor.userId,
      kind: 'doc.created',
      docId: row.id,
      data: { number: row.number, name: row.name, doctype: row.doctype },
    });
    await applyStandingRules(tx, actor, [{ docId: row.id, folderId: folder.id, withPhase: true }]);
    return toDto(tx, row);
  });
  await announceChange(deps, actor, { projectId: doc.project, entity: 'doc', id: doc._id });
  return doc;
}

export async function updateDoc(
  deps: DocDeps,
  actor: Actor,
  docId: string,
  body: z.infer<typeof DocUpdateBody>,
): Promise<DocDto> {
  const doc = await deps.db.transaction().execute(async (tx) => {
    const found = await lockDoc(tx, actor, docId);
    if (!found) throw errors.notFound();
    // The number is locked like a version's index once files went out (spec §4): recipients know the plan by it.
    const numberChanges = body.number !== undefined && body.number !== found.number;
    if (numberChanges && isVersionLocked(await countDeliveredFilesOfDoc(tx, docId))) throw errors.versionLocked();
    if (body.number === undefined && body.name === undefined) return toDto(tx, found);
    await claimRevision(tx, { table: 'doc', id: docId, seen: body.rev, userId: actor.userId }, async () =>
      toDto(tx, (await lockDoc(tx, actor, docId))!),
    );
    return toDto(tx, await updateDocRow(tx, docId, { number: body.number, name: body.name }));
  });
  await announceChange(deps, actor, { projectId: doc.project, entity: 'doc', id: doc._id });
  return doc;
}

/** What deleting the doc would do (asked first): how many recipients have its files. */
export async function docDeletionCheck(deps: Pick<Deps, 'db'>, actor: Actor, docId: string): Promise<DocDeletionCheck> {
  const doc = await findDoc(deps.db, actor, docId);
  if (!doc) throw errors.notFound();
  const { recipients } = await deliveriesOfDoc(deps.db, docId);
  return { recipients };
}

/**
 * Deletes the doc with its versions; the timeline keeps its number and name, the stored files go
 * after commit. A doc whose files went out by e-mail is withdrawn instead: its recipients' pages keep
 * it as "zurückgezogen am … von …" (nothing served), the timeline and the transmittal record keep it;
 * for the office it is gone (lists, counts, limits, archives, prints) as a deleted one is.
 */
export async function deleteDoc(deps: DocDeps, actor: Actor, docId: string): Promise<void> {
  const { projectId, storageKeys, renumbered } = await deps.db.transaction().execute(async (tx) => {
    const doc = await lockDoc(tx, actor, docId);
    if (!doc) throw errors.notFound();
    const keys = await storageKeysOf(tx, actor, { docId });
    const { sent, recipients } = await deliveriesOfDoc(tx, docId);
    if (sent > 0) keys.push(...(await withdrawDocRow(tx, docId, actor.userId)));
    else await deleteDocRow(tx, docId);
    const renumbered = await renumber(tx, 'doc', doc.folder_id);
    await recordDocEvent(tx, {
      projectId: doc.project_id,
      actorId: actor.userId,
      kind: sent > 0 ? 'doc.withdrawn' : 'doc.deleted',
      docId,
      data: { number: doc.number, name: doc.name, doctype: doc.doctype, ...(sent > 0 ? { recipients } : {}) },
    });
    return { projectId: doc.project_id, storageKeys: keys, renumbered };
  });
  await announceChange(deps, actor, { projectId, entity: 'doc', id: docId, scope: { docs: [docId, ...renumbered] } });
  await removeStoredFiles(deps, storageKeys);
}

/**
 * Moves the docs into the folder (from it or from other folders of the same project) in the given
 * order, ahead of the folder's other docs; every folder touched is renumbered.
 */
export async function orderDocs(
  deps: DocDeps,
  actor: Actor,
  body: z.infer<typeof DocOrderBody>,
): Promise<DocFolderDto[]> {
  const docIds = [...new Set(body.docIds)];
  const folders = await deps.db.transaction().execute(async (tx) => {
    const target = await findFolder(tx, actor, body.folderId);
    if (!target) throw errors.notFound();
    const docs = await findDocsInProject(tx, actor, target.project_id, docIds);
    if (docs.length !== docIds.length) throw errors.notFound();
    await moveDocsToFront(tx, target.id, docIds);
    const touched = [target.id, ...new Set(docs.map((d) => d.folder_id).filter((id) => id !== target.id))];
    // Docs from other folders get the target's standing subscriptions (its phase's too, if they come from another phase).
    const phaseOf = new Map<string, string>();
    for (const folderId of touched.slice(1)) phaseOf.set(folderId, (await findFolder(tx, actor, folderId))!.phase_id);
    await applyStandingRules(
      tx,
      actor,
      docs
        .filter((d) => d.folder_id !== target.id)
        .map((d) => ({ docId: d.id, folderId: target.id, withPhase: phaseOf.get(d.folder_id) !== target.phase_id })),
    );
    const result: DocFolderDto[] = [];
    for (const folderId of touched) {
      await renumber(tx, 'doc', folderId);
      const folder = await findFolder(tx, actor, folderId);
      result.push(...toFolderDtos([folder!], await docsOfFolder(tx, folderId)));
    }
    return result;
  });
  // The docs changed folder and place; their folders' lists follow with them.
  if (folders[0]) {
    await announceChange(deps, actor, {
      projectId: folders[0].project,
      entity: 'folder',
      id: body.folderId,
      // Renumbered: every doc of the touched folders has a new place.
      scope: { docs: folders.flatMap((f) => f.docs.map((d) => d._id)) },
    });
  }
  return folders;
}
