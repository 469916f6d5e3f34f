import { visibleProject, type Actor } from '../offices/access.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { ownedProjectId } from '../projects/queries.ts';

export interface StandingRow {
  id: string;
  project_id: string;
  participant_id: string;
  folder_id: string | null;
  phase_id: string | null;
  gets_pdf: boolean;
  gets_tec: boolean;
}

const COLUMNS = ['id', 'project_id', 'participant_id', 'folder_id', 'phase_id', 'gets_pdf', 'gets_tec'] as const;

/** The project's standing subscriptions; with participant ids, only theirs (a live change's rows). */
export const standingRowsOf = (
  db: Db,
  actor: Actor,
  projectId: string,
  participantIds?: readonly string[],
): Promise<StandingRow[]> =>
  db
    .selectFrom('standing_subscription')
    .select(COLUMNS)
    .where('project_id', 'in', ownedProjectId(db, actor, projectId))
    .where(
      participantIds === undefined ? sql<boolean>`true` : sql<boolean>`participant_id = any(${participantIds}::uuid[])`,
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** A folder or a phase the actor may see, as the place a rule stands for. */
export async function findRulePlace(
  db: Db,
  actor: Actor,
  target: { folderId: string } | { phaseId: string },
): Promise<{ projectId: string; folderId: string | null; phaseId: string | null } | undefined> {
  if ('folderId' in target) {
    const row = await db
      .selectFrom('doc_folder')
      .innerJoin('project', 'project.id', 'doc_folder.project_id')
      .select(['doc_folder.id', 'doc_folder.project_id'])
      .where('doc_folder.id', '=', target.folderId)
      .where(visibleProject(actor))
      .executeTakeFirst();
    return row && { projectId: row.project_id, folderId: row.id, phaseId: null };
  }
  const row = await db
    .selectFrom('phase')
    .innerJoin('project', 'project.id', 'phase.project_id')
    .select(['phase.id', 'phase.project_id'])
    .where('phase.id', '=', target.phaseId)
    .where(visibleProject(actor))
    .executeTakeFirst();
  return row && { projectId: row.project_id, folderId: null, phaseId: row.id };
}

/** The rule of one participant for one folder or phase, locked for the change. */
export const lockRule = (db: Db, participantId: string, place: { folderId: string | null; phaseId: string | null }) =>
  db
    .selectFrom('standing_subscription')
    .select(COLUMNS)
    .where('participant_id', '=', participantId)
    .where(place.folderId ? sql<boolean>`folder_id = ${place.folderId}` : sql<boolean>`phase_id = ${place.phaseId}`)
    .forUpdate()
    .executeTakeFirst();

export async function upsertRule(db: Db, rule: Omit<StandingRow, 'id'> & { createdBy: string }): Promise<StandingRow> {
  const target = rule.folder_id
    ? sql`(folder_id, participant_id) where folder_id is not null`
    : sql`(phase_id, participant_id) where phase_id is not null`;
  const { rows } = await sql<StandingRow>`insert into standing_subscription
      (project_id, participant_id, folder_id, phase_id, gets_pdf, gets_tec, created_by)
    values (${rule.project_id}, ${rule.participant_id}, ${rule.folder_id}, ${rule.phase_id}, ${rule.gets_pdf},
      ${rule.gets_tec}, ${rule.createdBy})
    on conflict ${target} do update set gets_pdf = excluded.gets_pdf, gets_tec = excluded.gets_tec, updated_at = now()
    returning id, project_id, participant_id, folder_id, phase_id, gets_pdf, gets_tec`.execute(db);
  return rows[0]!;
}

export const deleteRule = (db: Db, ruleId: string) =>
  db.deleteFrom('standing_subscription').where('id', '=', ruleId).execute();

/** A rule of a project the actor may see. */
export const findRule = (db: Db, actor: Actor, ruleId: string) =>
  db
    .selectFrom('standing_subscription')
    .innerJoin('project', 'project.id', 'standing_subscription.project_id')
    .select(COLUMNS.map((c) => `standing_subscription.${c}` as const))
    .where('standing_subscription.id', '=', ruleId)
    .where(visibleProject(actor))
    .executeTakeFirst();

/** The docs in a folder, or in every folder of a phase. */
export const docsInPlace = (db: Db, place: { folderId: string | null; phaseId: string | null }) =>
  place.folderId
    ? db.selectFrom('doc').select('doc.id').where('doc.folder_id', '=', place.folderId).execute()
    : db
        .selectFrom('doc')
        .innerJoin('doc_folder', 'doc_folder.id', 'doc.folder_id')
        .select('doc.id')
        .where('doc_folder.phase_id', '=', place.phaseId!)
        .execute();

/**
 * The rules that stand for docs coming into these folders: each folder's own, and its phase's where
 * `withPhase` (a doc new to the phase). Per doc the participants' formats, both rules together.
 */
export const rulesForPlacements = (
  db: Db,
  placements: readonly { docId: string; folderId: string; withPhase: boolean }[],
) =>
  sql<{ doc_id: string; participant_id: string; project_id: string; gets_pdf: boolean; gets_tec: boolean }>`
    select p.doc_id, s.participant_id, s.project_id, bool_or(s.gets_pdf) as gets_pdf, bool_or(s.gets_tec) as gets_tec
    from unnest(${placements.map((p) => p.docId)}::uuid[], ${placements.map((p) => p.folderId)}::uuid[],
      ${placements.map((p) => p.withPhase)}::boolean[]) as p(doc_id, folder_id, with_phase)
    join doc_folder f on f.id = p.folder_id
    join standing_subscription s on s.folder_id = p.folder_id or (p.with_phase and s.phase_id = f.phase_id)
    group by p.doc_id, s.participant_id, s.project_id`
    .execute(db)
    .then((r) => r.rows);

/** Subscriptions a rule made or widened: formats as given, marked as the rule's. */
export async function upsertRuleSubscriptions(
  db: Db,
  items: readonly { projectId: string; docId: string; participantId: string; getsPdf: boolean; getsTec: boolean }[],
): Promise<void> {
  if (items.length === 0) return;
  await sql`insert into subscription (project_id, doc_id, participant_id, gets_pdf, gets_tec, from_rule)
    select *, true from unnest(
      ${items.map((i) => i.projectId)}::uuid[], ${items.map((i) => i.docId)}::uuid[], ${items.map((i) => i.participantId)}::uuid[],
      ${items.map((i) => i.getsPdf)}::boolean[], ${items.map((i) => i.getsTec)}::boolean[])
    on conflict (doc_id, participant_id) do update
      set gets_pdf = excluded.gets_pdf, gets_tec = excluded.gets_tec, from_rule = true, updated_at = now()`.execute(db);
}

/** A rule ended: its participant's subscriptions in that place are the plans' own from now on. */
export async function clearRuleMarks(
  db: Db,
  participantId: string,
  place: { folderId: string | null; phaseId: string | null },
): Promise<string[]> {
  const docIds = (await docsInPlace(db, place)).map((d) => d.id);
  if (docIds.length === 0) return [];
  const rows = await db
    .updateTable('subscription')
    .set({ from_rule: false })
    .where('participant_id', '=', participantId)
    .where('from_rule', '=', true)
    .where(sql<boolean>`doc_id = any(${docIds}::uuid[])`)
    .returning('doc_id')
    .execute();
  return rows.map((r) => r.doc_id);
}
