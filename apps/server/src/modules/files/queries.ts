import { madeBySomeoneWhoSees, visibleProject, type Actor } from '../offices/access.ts';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/types.ts';
import { liveDoc, ofLiveDoc } from '../projects/queries.ts';

const fileColumns = [
  'file.id',
  'file.project_id',
  'file.doc_id',
  'file.version_id',
  'file.kind',
  'file.filename',
  'file.storage_key',
  'file.size',
  'file.sha256',
  'file.mime_type',
  'file.pdf_width_mm',
  'file.pdf_height_mm',
  'file.pdf_pages',
  'file.is_encrypted',
  'file.cad_release',
  'file.cad_units',
  'file.cad_width',
  'file.cad_height',
  'file.preview_status',
  'file.thumbnail_key',
  'file.scene_key',
  'file.sheet_status',
  'file.sheet_key',
  'file.uploaded_at',
] as const;

export const findFile = (db: Db, actor: Actor, fileId: string) =>
  db
    .selectFrom('file')
    .innerJoin('project', 'project.id', 'file.project_id')
    .select(fileColumns)
    .where('file.id', '=', fileId)
    .where(visibleProject(actor))
    .where(ofLiveDoc('file.doc_id'))
    .executeTakeFirst();

export type FileRow = NonNullable<Awaited<ReturnType<typeof findFile>>>;

/** The file with its version, the version locked so an upload or release cannot interleave. */
export const lockFileWithVersion = (tx: Transaction<Database>, actor: Actor, fileId: string) =>
  tx
    .selectFrom('file')
    .innerJoin('version', 'version.id', 'file.version_id')
    .innerJoin('doc', 'doc.id', 'file.doc_id')
    .innerJoin('project', 'project.id', 'file.project_id')
    .select([
      ...fileColumns,
      'version.status as version_status',
      'version.index as version_index',
      'doc.number as doc_number',
      'doc.name as doc_name',
    ])
    .where('file.id', '=', fileId)
    .where(visibleProject(actor))
    .where(liveDoc())
    .forUpdate('version')
    .executeTakeFirst();

export const deleteFileRow = (tx: Transaction<Database>, fileId: string) =>
  tx.deleteFrom('file').where('id', '=', fileId).execute();

export const insertDownloadToken = (
  db: Db,
  row: { tokenHash: Buffer; fileId: string; actor: Actor; ttlSeconds: number },
) =>
  db
    .insertInto('download_token')
    .values({
      token_hash: row.tokenHash,
      file_id: row.fileId,
      office_id: row.actor.officeId,
      user_id: row.actor.userId,
      expires_at: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
    })
    .execute();

export const deleteExpiredDownloadTokens = (db: Db) =>
  db
    .deleteFrom('download_token')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();

/** The file a valid, unexpired token opens — still scoped by the office that made the link. */
export const findFileByDownloadToken = (db: Db, fileId: string, tokenHash: Buffer) =>
  db
    .selectFrom('download_token')
    .innerJoin('file', 'file.id', 'download_token.file_id')
    .innerJoin('project', (join) =>
      join.onRef('project.id', '=', 'file.project_id').onRef('project.office_id', '=', 'download_token.office_id'),
    )
    .select(fileColumns)
    .where('download_token.token_hash', '=', tokenHash)
    .where(madeBySomeoneWhoSees('download_token.office_id', 'download_token.user_id', 'file.project_id'))
    .where('download_token.file_id', '=', fileId)
    .where('download_token.expires_at', '>', sql<Date>`now()`)
    .where(ofLiveDoc('file.doc_id'))
    .executeTakeFirst();
