import { visibleProject, type Actor } from '../offices/access.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { ownedProjectId } from '../projects/queries.ts';
import { nextSortOrder } from '../projects/sort-order.ts';
import type { ParticipantRoleRow, ParticipantRow } from './dto.ts';

/** Participants with the contact fields they show; callers add the office scope. */
const selectParticipants = (db: Db) =>
  db
    .selectFrom('participant')
    .innerJoin('project', 'project.id', 'participant.project_id')
    .innerJoin('contact', 'contact.id', 'participant.contact_id')
    .select([
      'participant.id',
      'participant.project_id',
      'participant.contact_id',
      'participant.folder_id',
      'participant.sort_order',
      'contact.first_name',
      'contact.last_name',
      'contact.company',
      'contact.email',
      'contact.phone',
      'contact.needs_pdf',
      'contact.needs_tec',
      'contact.locale',
    ]);

export const findParticipant = (db: Db, actor: Actor, participantId: string) =>
  selectParticipants(db).where('participant.id', '=', participantId).where(visibleProject(actor)).executeTakeFirst();

/** The participants among `ids` that the office owns (any project). */
export const findParticipants = (db: Db, actor: Actor, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : selectParticipants(db)
        .where(sql<boolean>`participant.id = any(${ids}::uuid[])`)
        .where(visibleProject(actor))
        .execute();

export const participantsOfProject = (db: Db, actor: Actor, projectId: string): Promise<ParticipantRow[]> =>
  selectParticipants(db).where('participant.project_id', '=', projectId).where(visibleProject(actor)).execute();

export const participantsOfFolder = (db: Db, folderId: string) =>
  db
    .selectFrom('participant')
    .select(['id', 'folder_id', 'sort_order'])
    .where('folder_id', '=', folderId)
    .orderBy('sort_order')
    .execute();

/** Role assignments of the participants of a project (or of one participant), in role-name order. */
export function participantRoles(
  db: Db,
  actor: Actor,
  scope: { projectId: string; participantIds?: readonly string[] } | { participantId: string },
): Promise<ParticipantRoleRow[]> {
  let query = db
    .selectFrom('participant_role')
    .innerJoin('role', 'role.id', 'participant_role.role_id')
    .innerJoin('participant', 'participant.id', 'participant_role.participant_id')
    .select(['participant_role.participant_id', 'participant_role.role_id'])
    .where('role.office_id', '=', actor.officeId);
  query =
    'projectId' in scope
      ? query
          .where('participant.project_id', 'in', ownedProjectId(db, actor, scope.projectId))
          .where(
            scope.participantIds === undefined
              ? sql<boolean>`true`
              : sql<boolean>`participant.id = any(${scope.participantIds}::uuid[])`,
          )
      : query.where('participant.id', '=', scope.participantId);
  return query
    .orderBy(sql`role.name collate "de-x-icu"`)
    .orderBy('role.id')
    .execute();
}

/** Participants of all the office's projects together, also those a member does not see: what the tier limit counts. */
export async function countOfficeParticipants(db: Db, officeId: string): Promise<number> {
  const row = await db
    .selectFrom('participant')
    .innerJoin('project', 'project.id', 'participant.project_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('project.office_id', '=', officeId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export const participantExists = async (db: Db, projectId: string, contactId: string) =>
  Boolean(
    await db
      .selectFrom('participant')
      .select('id')
      .where('project_id', '=', projectId)
      .where('contact_id', '=', contactId)
      .executeTakeFirst(),
  );

export async function insertParticipantRow(db: Db, values: { projectId: string; contactId: string; folderId: string }) {
  const sortOrder = await nextSortOrder(db, 'participant', values.folderId);
  return db
    .insertInto('participant')
    .values({
      project_id: values.projectId,
      contact_id: values.contactId,
      folder_id: values.folderId,
      sort_order: sortOrder,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function replaceParticipantRoles(db: Db, participantId: string, roleIds: readonly string[]) {
  await db.deleteFrom('participant_role').where('participant_id', '=', participantId).execute();
  if (roleIds.length > 0) {
    await db
      .insertInto('participant_role')
      .values(roleIds.map((roleId) => ({ participant_id: participantId, role_id: roleId })))
      .execute();
  }
}

/** Puts the participants into the folder ahead of its others, in the given order (negative until renumbered). */
export async function moveParticipantsToFront(db: Db, folderId: string, ids: readonly string[]): Promise<void> {
  await sql`update participant set folder_id = ${folderId}, sort_order = o.position - 1 - ${ids.length}
    from unnest(${ids}::uuid[]) with ordinality as o(id, position)
    where participant.id = o.id`.execute(db);
}

/** Participations of the office's contacts: contact id → the id of its latest participation. */
export async function latestParticipationOf(
  db: Db,
  actor: Actor,
  contactIds: readonly string[],
): Promise<Map<string, string>> {
  if (contactIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('participant')
    .innerJoin('project', 'project.id', 'participant.project_id')
    .select(['participant.contact_id', 'participant.id'])
    .where(sql<boolean>`participant.contact_id = any(${contactIds}::uuid[])`)
    .where(visibleProject(actor))
    .orderBy('participant.created_at')
    .execute();
  return new Map(rows.map((r) => [r.contact_id, r.id]));
}

/**
 * Every participation of one of the office's contacts, in any of its projects (also those the acting
 * member does not see): when the contact changes or goes, each of its projects hears of it and notes it.
 */
export const participationsOfContact = (db: Db, officeId: string, contactId: string) =>
  selectParticipants(db)
    .where('participant.contact_id', '=', contactId)
    .where('project.office_id', '=', officeId)
    .orderBy('participant.created_at')
    .execute();

/** A live change's rows: those participants, and the subscriptions of those docs or participants. */
export interface ParticipantSlice {
  docIds: readonly string[];
  participantIds: readonly string[];
}

/**
 * The participant side of the project screen: one query per table, each scoped by project and
 * office, run side by side; joined in memory by the caller. The subscriptions come apart
 * (subscriptionRows or subscriptionGroups), as the two forms of the project load read them differently.
 */
export async function loadParticipantRows(db: Db, actor: Actor, projectId: string, slice?: ParticipantSlice) {
  const owned = ownedProjectId(db, actor, projectId);
  const [folders, participants, roles, participantRoleRows] = await Promise.all([
    db.selectFrom('participant_folder').selectAll().where('project_id', 'in', owned).execute(),
    slice === undefined
      ? participantsOfProject(db, actor, projectId)
      : selectParticipants(db)
          .where('participant.project_id', '=', projectId)
          .where(sql<boolean>`participant.id = any(${slice.participantIds}::uuid[])`)
          .where(visibleProject(actor))
          .execute(),
    db
      .selectFrom('role')
      .select(['id', 'name', 'revision'])
      .where('office_id', '=', actor.officeId)
      .orderBy(sql`name collate "de-x-icu"`)
      .orderBy('id')
      .execute(),
    participantRoles(
      db,
      actor,
      slice === undefined ? { projectId } : { projectId, participantIds: slice.participantIds },
    ),
  ]);
  return { folders, participants, roles, participantRoles: participantRoleRows };
}

/** The project's subscriptions as rows; with a slice, those of its docs or participants. */
export const subscriptionRows = (db: Db, actor: Actor, projectId: string, slice?: ParticipantSlice) =>
  db
    .selectFrom('subscription')
    .select(['id', 'doc_id', 'participant_id', 'gets_pdf', 'gets_tec', 'deliver_again', 'from_rule'])
    .where('project_id', 'in', ownedProjectId(db, actor, projectId))
    .where(
      slice === undefined
        ? sql<boolean>`true`
        : sql<boolean>`(doc_id = any(${slice.docIds}::uuid[]) or participant_id = any(${slice.participantIds}::uuid[]))`,
    )
    .execute();

/** A participant's subscriptions in one row: a project of 50,000 reads 100 rows and no object per sub. */
export interface SubscriptionGroupRow {
  participant_id: string;
  /**
   * Per subscription 66 hex digits (SUB_ROW_HEX): its id, its doc's id (the uuids' 16 bytes) and one
   * byte of formats (gets_pdf 1 | gets_tec 2 | deliver_again 4, as SUB_FLAG; from_rule 8). One aggregate keeps the
   * three together without sorting; as bytes, not text, it is the cheapest PostgreSQL makes.
   */
  subs: string;
}
export const SUB_ROW_HEX = 66;

export const subscriptionGroups = (db: Db, actor: Actor, projectId: string): Promise<SubscriptionGroupRow[]> =>
  db
    .selectFrom('subscription')
    .select([
      'participant_id',
      sql<string>`encode(string_agg(uuid_send(id) || uuid_send(doc_id)
        || set_byte('\\x00'::bytea, 0, gets_pdf::int + 2 * gets_tec::int + 4 * deliver_again::int + 8 * from_rule::int), ''::bytea), 'hex')`.as(
        'subs',
      ),
    ])
    .where('project_id', 'in', ownedProjectId(db, actor, projectId))
    .groupBy('participant_id')
    .execute();
