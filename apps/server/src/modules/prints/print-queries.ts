import { visibleProject, type Actor } from '../offices/access.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { liveDoc, ofLiveDoc } from '../projects/queries.ts';

/** The office's letterhead fields, and the name and address of the person who printed. */
export const findOfficeProfile = (db: Db, actor: Actor) =>
  db
    .selectFrom('office')
    .leftJoin('app_user as person', (join) => join.on('person.id', '=', actor.userId))
    .select([
      'office.company',
      'office.street_name',
      'office.street_number',
      'office.city_code',
      'office.city_name',
      sql<string>`coalesce(person.email, '')`.as('email'),
      sql<string>`trim(coalesce(person.first_name, '') || ' ' || coalesce(person.last_name, ''))`.as('person_name'),
    ])
    .where('office.id', '=', actor.officeId)
    .executeTakeFirst();

export const findOwnedProject = (db: Db, actor: Actor, projectId: string) =>
  db
    .selectFrom('project')
    .select(['id', 'number', 'name'])
    .where('id', '=', projectId)
    .where(visibleProject(actor))
    .executeTakeFirst();

/** A doc folder of that project (with its phase), when the office owns the project. */
export const findOwnedFolder = (db: Db, actor: Actor, projectId: string, folderId: string) =>
  db
    .selectFrom('doc_folder')
    .innerJoin('project', 'project.id', 'doc_folder.project_id')
    .innerJoin('phase', 'phase.id', 'doc_folder.phase_id')
    .select(['doc_folder.id', 'doc_folder.name', 'phase.shortcut as phase_shortcut', 'phase.name as phase_name'])
    .where('doc_folder.id', '=', folderId)
    .where('doc_folder.project_id', '=', projectId)
    .where(visibleProject(actor))
    .executeTakeFirst();

/** Docs in list order (phase, folder, doc), the whole project or one folder; the project is checked by the caller. */
export function docsInListOrder(db: Db, projectId: string, folderId?: string) {
  let query = db
    .selectFrom('doc')
    .innerJoin('doc_folder as folder', 'folder.id', 'doc.folder_id')
    .innerJoin('phase', 'phase.id', 'folder.phase_id')
    .select([
      'doc.id',
      'doc.number',
      'doc.name',
      'doc.doctype',
      'folder.id as folder_id',
      'folder.name as folder_name',
      'phase.shortcut as phase_shortcut',
      'phase.name as phase_name',
    ])
    .where('doc.project_id', '=', projectId)
    .where(liveDoc());
  if (folderId) query = query.where('doc.folder_id', '=', folderId);
  return query.orderBy('phase.sort_order').orderBy('folder.sort_order').orderBy('doc.sort_order').execute();
}

/** Current versions of the project's docs. */
export const currentVersionsOfProject = (db: Db, projectId: string) =>
  db
    .selectFrom('version')
    .select(['id', 'doc_id', 'index', 'release_date'])
    .where('project_id', '=', projectId)
    .where('status', '=', 'current')
    .where(ofLiveDoc('version.doc_id'))
    .execute();

/** Files of the current versions: main PDF, DWG, DXF and PDF add-ons. */
export const currentFilesOfProject = (db: Db, projectId: string) =>
  db
    .selectFrom('file')
    .innerJoin('version', 'version.id', 'file.version_id')
    .select([
      'file.id',
      'file.doc_id',
      'file.kind',
      'file.filename',
      'file.pdf_width_mm',
      'file.pdf_height_mm',
      'file.uploaded_at',
    ])
    .where('file.project_id', '=', projectId)
    .where('version.status', '=', 'current')
    .where(ofLiveDoc('file.doc_id'))
    .orderBy(sql`array_position(array['pdf', 'dwg', 'dxf', 'other', 'addon'], file.kind)`)
    .orderBy('file.filename')
    .execute();

/** Participants in list order (participant folder, then participant), with contact fields. */
export const participantsInListOrder = (db: Db, projectId: string, participantId?: string) => {
  let query = db
    .selectFrom('participant')
    .innerJoin('participant_folder as folder', 'folder.id', 'participant.folder_id')
    .innerJoin('contact', 'contact.id', 'participant.contact_id')
    .select([
      'participant.id',
      'folder.name as folder_name',
      'contact.first_name',
      'contact.last_name',
      'contact.company',
      'contact.email',
      'contact.needs_pdf',
      'contact.needs_tec',
    ])
    .where('participant.project_id', '=', projectId);
  if (participantId) query = query.where('participant.id', '=', participantId);
  return query.orderBy('folder.sort_order').orderBy('participant.sort_order').execute();
};

/**
 * The project's subscriptions as one comma-joined list of doc ids per participant and formats: they
 * are plans × participants (40,000 for 2,000 × 20), and a few long strings are read and posted to
 * the render thread in a fraction of the time of as many rows.
 */
export const subscriptionListsOfProject = (db: Db, projectId: string) =>
  db
    .selectFrom('subscription')
    .select(['participant_id', 'gets_pdf', 'gets_tec', sql<string>`string_agg(doc_id::text, ',')`.as('doc_ids')])
    .where('project_id', '=', projectId)
    .groupBy(['participant_id', 'gets_pdf', 'gets_tec'])
    .execute();

/** Role names per participant of the project, by name. */
export const roleNamesOfProject = (db: Db, projectId: string) =>
  db
    .selectFrom('participant_role')
    .innerJoin('role', 'role.id', 'participant_role.role_id')
    .innerJoin('participant', 'participant.id', 'participant_role.participant_id')
    .select(['participant_role.participant_id', 'role.name'])
    .where('participant.project_id', '=', projectId)
    .orderBy(sql`role.name collate "de-x-icu"`)
    .execute();
