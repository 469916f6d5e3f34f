import type { Actor } from '../offices/access.ts';
import type { Transaction } from 'kysely';
import {
  TIERS,
  errors,
  withinLimit,
  type ParticipantBody,
  type ParticipantDto,
  type ParticipantFolderDto,
  type ParticipantOrderBody,
  type ParticipantUpdateBody,
  type ProjectContactsBody,
  type ProjectContactsResponse,
} from '@plankurier/shared';
import type { z } from 'zod';
import type { Database } from '../../db/types.ts';
import type { Deps } from '../../deps.ts';
import { pageContacts } from '../contacts/queries.ts';
import { toContactDto } from '../contacts/to-contact-dto.ts';
import { announceChange } from '../projects/changes.ts';
import { findProject, lockOfficeTier } from '../projects/queries.ts';
import { nextSortOrder, renumber } from '../projects/sort-order.ts';
import { findParticipantFolder } from '../participant-folders/queries.ts';
import { findRoles } from '../roles/queries.ts';
import { loadDeliverStates } from '../subscriptions/deliver-state.ts';
import { recordDocEvent } from '../timeline/record.ts';
import { isUniqueViolation } from '../users/queries.ts';
import { participantName, toParticipantDtos, toParticipantFolderDtos } from './dto.ts';
import {
  countOfficeParticipants,
  findParticipant,
  findParticipants,
  insertParticipantRow,
  moveParticipantsToFront,
  participantExists,
  participantRoles,
  participantsOfFolder,
  replaceParticipantRoles,
} from './queries.ts';

type Tx = Transaction<Database>;
type ParticipantDeps = Pick<Deps, 'db' | 'realtime'>;

/** One participant as the API answers it, with its roles and delivery state. */
export async function participantDto(db: Deps['db'], actor: Actor, participantId: string): Promise<ParticipantDto> {
  const row = await findParticipant(db, actor, participantId);
  if (!row) throw errors.notFound();
  const [roles, { states }] = await Promise.all([
    participantRoles(db, actor, { participantId }),
    loadDeliverStates(db, row.project_id, { participantIds: [participantId] }),
  ]);
  return toParticipantDtos([row], roles, states.ofParticipant)[0]!;
}

/**
 * Adds the office's contact to the project into one of its participant folders, within the tier's
 * participant limit; the event is written in the caller's transaction. No subscriptions: those are chosen.
 */
export async function insertParticipant(tx: Tx, actor: Actor, body: z.infer<typeof ParticipantBody>): Promise<string> {
  const folder = await findParticipantFolder(tx, actor, body.folderId);
  if (!folder || folder.project_id !== body.projectId) throw errors.notFound();
  const contact = await tx
    .selectFrom('contact')
    .select(['id', 'first_name', 'last_name', 'company', 'email'])
    .where('id', '=', body.contactId)
    .where('office_id', '=', actor.officeId)
    .executeTakeFirst();
  if (!contact) throw errors.notFound();
  const { tier } = await lockOfficeTier(tx, actor.officeId);
  if (await participantExists(tx, body.projectId, body.contactId)) throw errors.participantExists();
  if (!withinLimit(TIERS[tier].features.maxNumberOfParticipants, await countOfficeParticipants(tx, actor.officeId)))
    throw errors.tierLimitReached();
  const { id } = await insertParticipantRow(tx, body);
  await recordDocEvent(tx, {
    projectId: body.projectId,
    actorId: actor.userId,
    kind: 'participant.added',
    data: { participantId: id, contactId: contact.id, participant: participantName(contact), email: contact.email },
  });
  return id;
}

export async function addParticipant(
  deps: ParticipantDeps,
  actor: Actor,
  body: z.infer<typeof ParticipantBody>,
): Promise<ParticipantDto> {
  const participant = await oneParticipation(() =>
    deps.db.transaction().execute(async (tx) => participantDto(tx, actor, await insertParticipant(tx, actor, body))),
  );
  await announceChange(deps, actor, { projectId: participant.project, entity: 'participant', id: participant._id });
  return participant;
}

/** Moves the participant to the end of another folder of its project and/or replaces its roles. */
export async function updateParticipant(
  deps: ParticipantDeps,
  actor: Actor,
  participantId: string,
  body: z.infer<typeof ParticipantUpdateBody>,
): Promise<ParticipantDto> {
  const renumbered: string[] = [];
  const participant = await deps.db.transaction().execute(async (tx) => {
    const found = await findParticipant(tx, actor, participantId);
    if (!found) throw errors.notFound();
    if (body.folderId !== undefined && body.folderId !== found.folder_id) {
      const folder = await findParticipantFolder(tx, actor, body.folderId);
      if (!folder || folder.project_id !== found.project_id) throw errors.notFound();
      const sortOrder = await nextSortOrder(tx, 'participant', folder.id);
      await tx
        .updateTable('participant')
        .set({ folder_id: folder.id, sort_order: sortOrder })
        .where('id', '=', participantId)
        .execute();
      renumbered.push(...(await renumber(tx, 'participant', found.folder_id)));
    }
    if (body.roleIds !== undefined) {
      const roleIds = [...new Set(body.roleIds)];
      if ((await findRoles(tx, actor.officeId, roleIds)).length !== roleIds.length) throw errors.notFound();
      await replaceParticipantRoles(tx, participantId, roleIds);
    }
    return participantDto(tx, actor, participantId);
  });
  await announceChange(deps, actor, {
    projectId: participant.project,
    entity: 'participant',
    id: participant._id,
    scope: { participants: [participant._id, ...renumbered] },
  });
  return participant;
}

/** Removes the participant from the project; its subscriptions go with it. */
export async function removeParticipant(deps: ParticipantDeps, actor: Actor, participantId: string): Promise<void> {
  const { projectId, renumbered } = await deps.db.transaction().execute(async (tx) => {
    const found = await findParticipant(tx, actor, participantId);
    if (!found) throw errors.notFound();
    await tx.deleteFrom('participant').where('id', '=', participantId).execute();
    const renumbered = await renumber(tx, 'participant', found.folder_id);
    await recordParticipantRemoved(tx, actor, found);
    return { projectId: found.project_id, renumbered };
  });
  await announceChange(deps, actor, {
    projectId,
    entity: 'participant',
    id: participantId,
    scope: { participants: [participantId, ...renumbered] },
  });
}

export async function recordParticipantRemoved(
  tx: Tx,
  actor: Actor,
  participant: NonNullable<Awaited<ReturnType<typeof findParticipant>>>,
) {
  await recordDocEvent(tx, {
    projectId: participant.project_id,
    actorId: actor.userId,
    kind: 'participant.removed',
    data: {
      participantId: participant.id,
      contactId: participant.contact_id,
      participant: participantName(participant),
      email: participant.email,
    },
  });
}

/**
 * Moves participants into the folder (from it or other folders of the same project) in the given
 * order, ahead of the folder's others; every folder touched is renumbered.
 */
export async function orderParticipants(
  deps: ParticipantDeps,
  actor: Actor,
  body: z.infer<typeof ParticipantOrderBody>,
): Promise<ParticipantFolderDto[]> {
  const ids = [...new Set(body.participantIds)];
  const { projectId, folders } = await deps.db.transaction().execute(async (tx) => {
    const target = await findParticipantFolder(tx, actor, body.folderId);
    if (!target) throw errors.notFound();
    const participants = await findParticipants(tx, actor, ids);
    if (participants.length !== ids.length || participants.some((p) => p.project_id !== target.project_id))
      throw errors.notFound();
    await moveParticipantsToFront(tx, target.id, ids);
    const touched = [target.id, ...new Set(participants.map((p) => p.folder_id).filter((id) => id !== target.id))];
    const result: ParticipantFolderDto[] = [];
    for (const folderId of touched) {
      await renumber(tx, 'participant', folderId);
      const folder = await findParticipantFolder(tx, actor, folderId);
      result.push(...toParticipantFolderDtos([folder!], await participantsOfFolder(tx, folderId)));
    }
    return { projectId: target.project_id, folders: result };
  });
  // Renumbered participants come with all their subscriptions: sessions read the project again.
  await announceChange(deps, actor, { projectId, entity: 'participantfolder', id: body.folderId, scope: null });
  return folders;
}

/** The participant picker: the office's contacts not yet in the project, paged, searched, sorted and filtered by role. */
export async function pickContacts(
  { db }: ParticipantDeps,
  actor: Actor,
  projectId: string,
  body: ProjectContactsBody,
): Promise<ProjectContactsResponse> {
  if (!(await findProject(db, actor, projectId))) throw errors.notFound();
  const roleId = body.filters?.roleId;
  if (roleId && (await findRoles(db, actor.officeId, [roleId])).length === 0) throw errors.notFound();
  const { rows, count, total } = await pageContacts(db, actor.officeId, {
    limit: body.limit,
    page: body.page,
    searchText: body.searchText,
    sortBy: body.sortBy,
    sortOrder: body.sortOrder,
    notInProjectId: projectId,
    roleId,
  });
  return {
    contacts: rows.map((row) => toContactDto(row)),
    page: body.page,
    pages: Math.max(1, Math.ceil(count / body.limit)),
    count,
    total,
    hasMore: body.page * body.limit < count,
  };
}

/** Two concurrent adds of the same contact may both pass the check; the unique index decides, with the same answer. */
export async function oneParticipation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.participantExists();
    throw err;
  }
}
