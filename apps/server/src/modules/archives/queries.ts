import { inVisibleProject, madeBySomeoneWhoSees, visibleProject, type Actor } from '../offices/access.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { liveDoc } from '../projects/queries.ts';

const archiveColumns = [
  'archive.id',
  'archive.office_id',
  'archive.created_by',
  'archive.project_id',
  'archive.pdf_only',
  'archive.status',
  'archive.files_total',
  'archive.files_done',
  'archive.bytes_total',
  'archive.bytes_done',
  'archive.storage_key',
  'archive.size',
  'archive.created_at',
  'archive.finished_at',
  'archive.expires_at',
] as const;

/** The office's own project, or nothing (another office's id answers like a missing one). */
export const findOwnProject = (db: Db, actor: Actor, projectId: string) =>
  db
    .selectFrom('project')
    .select(['id', 'number', 'name'])
    .where('id', '=', projectId)
    .where(visibleProject(actor))
    .executeTakeFirst();

export const insertArchive = (db: Db, row: { actor: Actor; projectId: string; pdfOnly: boolean }) =>
  db
    .insertInto('archive')
    .values({
      office_id: row.actor.officeId,
      created_by: row.actor.userId,
      project_id: row.projectId,
      pdf_only: row.pdfOnly,
      status: 'RUNNING',
    })
    .returning(archiveColumns)
    .executeTakeFirstOrThrow();

export const findArchive = (db: Db, actor: Actor, archiveId: string) =>
  db
    .selectFrom('archive')
    .select(archiveColumns)
    .where('id', '=', archiveId)
    .where('office_id', '=', actor.officeId)
    .where(inVisibleProject(actor, 'archive.project_id'))
    .executeTakeFirst();

export type ArchiveRow = NonNullable<Awaited<ReturnType<typeof findArchive>>>;

/** For the worker: the archive by id alone (the job carries only the id). */
export const findArchiveById = (db: Db, archiveId: string) =>
  db.selectFrom('archive').select(archiveColumns).where('id', '=', archiveId).executeTakeFirst();

/** The archives the project settings list: running, finished and failed ones not yet expired. */
export const listProjectArchives = (db: Db, actor: Actor, projectId: string) =>
  db
    .selectFrom('archive')
    .select(archiveColumns)
    .where('project_id', '=', projectId)
    .where('office_id', '=', actor.officeId)
    .where(inVisibleProject(actor, 'archive.project_id'))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .orderBy('created_at', 'desc')
    .execute();

export const deleteArchiveRow = (db: Db, actor: Actor, archiveId: string) =>
  db
    .deleteFrom('archive')
    .where('id', '=', archiveId)
    .where('office_id', '=', actor.officeId)
    .where(inVisibleProject(actor, 'archive.project_id'))
    .returning(['id', 'project_id', 'storage_key'])
    .executeTakeFirst();

/** Progress of a running archive; no row updated means it was cancelled (deleted) meanwhile. */
export const saveArchiveProgress = (
  db: Db,
  archiveId: string,
  progress: { files_done?: number; bytes_done?: number; files_total?: number; bytes_total?: number },
) =>
  db
    .updateTable('archive')
    .set(progress)
    .where('id', '=', archiveId)
    .where('status', '=', 'RUNNING')
    .returning(archiveColumns)
    .executeTakeFirst();

export const markArchiveFinished = (
  db: Db,
  archiveId: string,
  done: { storageKey: string; size: number; filesDone: number; ttlHours: number },
) =>
  db
    .updateTable('archive')
    .set({
      status: 'FINISHED',
      storage_key: done.storageKey,
      size: done.size,
      files_done: done.filesDone,
      bytes_done: sql`bytes_total`,
      finished_at: sql`now()`,
      expires_at: sql`now() + make_interval(secs => ${done.ttlHours * 3600})`,
    })
    .where('id', '=', archiveId)
    .where('status', '=', 'RUNNING')
    .returning(archiveColumns)
    .executeTakeFirst();

export const markArchiveFailed = (db: Db, archiveId: string, failure: string, ttlHours: number) =>
  db
    .updateTable('archive')
    .set({
      status: 'FAILED',
      failure,
      finished_at: sql`now()`,
      expires_at: sql`now() + make_interval(secs => ${ttlHours * 3600})`,
    })
    .where('id', '=', archiveId)
    .where('status', '=', 'RUNNING')
    .returning(archiveColumns)
    .executeTakeFirst();

/**
 * Every file of the project's current versions, in the order of the project screen: phases,
 * folders, docs, then the main PDF, its add-ons and the technical files.
 */
export const currentFilesOfProject = (db: Db, projectId: string, pdfOnly: boolean) =>
  db
    .selectFrom('file')
    .innerJoin('version', 'version.id', 'file.version_id')
    .innerJoin('doc', 'doc.id', 'file.doc_id')
    .innerJoin('doc_folder', 'doc_folder.id', 'doc.folder_id')
    .innerJoin('phase', 'phase.id', 'doc_folder.phase_id')
    .select([
      'file.id',
      'file.kind',
      'file.filename',
      'file.storage_key',
      'file.size',
      'file.sha256',
      'file.uploaded_at',
      'doc.number',
      'doc.name',
      'version.index',
      'version.release_date',
      'doc_folder.name as folder_name',
      'phase.shortcut as phase_shortcut',
      'phase.name as phase_name',
    ])
    .where('file.project_id', '=', projectId)
    .where('version.status', '=', 'current')
    // A withdrawn plan (deleted after it was sent) is not the project's any more; earlier archives keep it.
    .where(liveDoc())
    // "PDF only" leaves out the CAD files; a data doc's other file (a .docx protocol) is the document itself.
    .$if(pdfOnly, (q) => q.where('file.kind', 'in', ['pdf', 'addon', 'other']))
    .orderBy('phase.sort_order')
    .orderBy('doc_folder.sort_order')
    .orderBy('doc.sort_order')
    .orderBy('doc.id')
    .orderBy(sql`array_position(array['pdf', 'addon', 'dwg', 'dxf', 'other'], file.kind::text)`)
    .orderBy('file.filename')
    .execute();

export type ArchiveFileRow = Awaited<ReturnType<typeof currentFilesOfProject>>[number];

export const insertArchiveDownloadToken = (
  db: Db,
  row: { archiveId: string; userId: string; tokenHash: Buffer; ttlSeconds: number },
) =>
  db
    .insertInto('archive_download_token')
    .values({
      archive_id: row.archiveId,
      user_id: row.userId,
      token_hash: row.tokenHash,
      expires_at: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
    })
    .execute();

export const deleteExpiredArchiveDownloadTokens = (db: Db) =>
  db
    .deleteFrom('archive_download_token')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();

/** The finished, unexpired archive a valid token opens — of that project and that kind only. */
export const findArchiveByDownloadToken = (db: Db, projectId: string, pdfOnly: boolean, tokenHash: Buffer) =>
  db
    .selectFrom('archive_download_token')
    .innerJoin('archive', 'archive.id', 'archive_download_token.archive_id')
    .innerJoin('project', (join) =>
      join.onRef('project.id', '=', 'archive.project_id').onRef('project.office_id', '=', 'archive.office_id'),
    )
    .select([...archiveColumns, 'project.number as project_number', 'project.name as project_name'])
    .where('archive_download_token.token_hash', '=', tokenHash)
    .where(madeBySomeoneWhoSees('archive.office_id', 'archive_download_token.user_id', 'archive.project_id'))
    .where('archive_download_token.expires_at', '>', sql<Date>`now()`)
    .where('archive.project_id', '=', projectId)
    .where('archive.pdf_only', '=', pdfOnly)
    .where('archive.status', '=', 'FINISHED')
    .where('archive.storage_key', 'is not', null)
    .where('archive.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();

/**
 * Finished or failed archives past their time, and running ones whose job must have died
 * (a crash after the last retry): their rows go, the caller removes the files.
 */
export const deleteExpiredArchives = (db: Db, staleRunningHours: number) =>
  db
    .deleteFrom('archive')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', sql<Date>`now()`),
        eb.and([
          eb('status', '=', 'RUNNING'),
          eb('created_at', '<', sql<Date>`now() - make_interval(secs => ${staleRunningHours * 3600})`),
        ]),
      ]),
    )
    .returning(['id', 'office_id', 'project_id', 'storage_key'])
    .execute();

export const runningArchiveIds = async (db: Db, ids: string[]) =>
  ids.length === 0
    ? new Set<string>()
    : new Set(
        (
          await db.selectFrom('archive').select('id').where('id', 'in', ids).where('status', '=', 'RUNNING').execute()
        ).map((r) => r.id),
      );
