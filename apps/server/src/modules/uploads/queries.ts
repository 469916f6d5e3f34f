import { inVisibleProject, visibleProject, type Actor } from '../offices/access.ts';
import { sql, type Insertable, type Transaction } from 'kysely';
import { extensionOf, type FileKind } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import type { Database, FileTable } from '../../db/types.ts';
import { liveDoc } from '../projects/queries.ts';

/** An upload that showed no activity for this long no longer blocks its kind (the client gave up). */
const ACTIVE_UPLOAD_WINDOW = sql`interval '30 minutes'`;

/** The version with its doc, scoped by the office, locked so concurrent uploads to it run one by one. */
export const lockVersionForUpload = (tx: Transaction<Database>, actor: Actor, versionId: string) =>
  tx
    .selectFrom('version')
    .innerJoin('doc', 'doc.id', 'version.doc_id')
    .innerJoin('project', 'project.id', 'version.project_id')
    .select([
      'version.id',
      'version.status',
      'version.project_id',
      'version.doc_id',
      'version.index',
      'doc.doctype',
      'doc.number as doc_number',
      'doc.name as doc_name',
    ])
    .where('version.id', '=', versionId)
    .where(visibleProject(actor))
    .where(liveDoc())
    .forUpdate('version')
    .executeTakeFirst();

/**
 * Kinds, add-on names and other files' extensions the version has, counting uploads still in
 * progress — except those of the same file (`sameFile`: its bytes and its name): the same file sent
 * again (a page reloaded before its upload's address was kept) is a retry, not a second file.
 */
export async function versionContents(
  tx: Transaction<Database>,
  versionId: string,
  exceptUploadId?: string,
  sameFile?: { sha256: string; filename: string },
) {
  const files = await tx.selectFrom('file').select(['kind', 'filename']).where('version_id', '=', versionId).execute();
  let uploading = tx
    .selectFrom('upload')
    .select(['kind', 'filename'])
    .where('version_id', '=', versionId)
    .where('state', 'in', ['uploading', 'finishing'])
    .where('active_at', '>', sql<Date>`now() - ${ACTIVE_UPLOAD_WINDOW}`);
  if (exceptUploadId) uploading = uploading.where('id', '<>', exceptUploadId);
  if (sameFile)
    uploading = uploading.where((eb) =>
      eb.or([eb('sha256', '<>', sameFile.sha256), eb('filename', '<>', sameFile.filename)]),
    );
  const all = [...files, ...(await uploading.execute())];
  return {
    present: [...new Set(all.map((f) => f.kind))],
    addonNames: all.filter((f) => f.kind === 'addon').map((f) => f.filename),
    otherExtensions: all.filter((f) => f.kind === 'other').map((f) => extensionOf(f.filename)),
  };
}

export const insertUpload = (
  tx: Transaction<Database>,
  row: {
    id: string;
    actor: Actor;
    versionId: string;
    kind: FileKind;
    filename: string;
    size: number;
    sha256: string;
  },
) =>
  tx
    .insertInto('upload')
    .values({
      id: row.id,
      office_id: row.actor.officeId,
      version_id: row.versionId,
      kind: row.kind,
      filename: row.filename,
      size: row.size,
      sha256: row.sha256,
    })
    .execute();

/** An upload's project, through its version. */
const versionProject = sql<string>`(select version.project_id from version where version.id = upload.version_id)`;

export const findUpload = (db: Db, actor: Actor, uploadId: string) =>
  db
    .selectFrom('upload')
    .selectAll()
    .where('id', '=', uploadId)
    .where('office_id', '=', actor.officeId)
    .where(inVisibleProject(actor, versionProject))
    .executeTakeFirst();

export const touchUpload = (db: Db, uploadId: string) =>
  db
    .updateTable('upload')
    .set({ active_at: sql<Date>`now()` })
    .where('id', '=', uploadId)
    .where('state', '=', 'uploading')
    .execute();

/** Exactly one request finishes an upload, whichever process it reaches. */
export const claimUploadForFinish = (db: Db, actor: Actor, uploadId: string) =>
  db
    .updateTable('upload')
    .set({ state: 'finishing', active_at: sql<Date>`now()` })
    .where('id', '=', uploadId)
    .where('office_id', '=', actor.officeId)
    .where(inVisibleProject(actor, versionProject))
    .where('state', '=', 'uploading')
    .returningAll()
    .executeTakeFirst();

/** The finishing step could not reach the store: the upload may be finished again. */
export const releaseUploadClaim = (db: Db, uploadId: string) =>
  db
    .updateTable('upload')
    .set({ state: 'uploading' })
    .where('id', '=', uploadId)
    .where('state', '=', 'finishing')
    .execute();

export const markUploadFinished = (tx: Transaction<Database>, uploadId: string, fileId: string) =>
  tx.updateTable('upload').set({ state: 'finished', file_id: fileId }).where('id', '=', uploadId).execute();

export const deleteUpload = (db: Db, uploadId: string) => db.deleteFrom('upload').where('id', '=', uploadId).execute();

/** Rows of abandoned uploads (and of finished ones, kept only to answer a repeated final PATCH). */
export const deleteOldUploads = (db: Db) =>
  db
    .deleteFrom('upload')
    .where('created_at', '<', sql<Date>`now() - interval '24 hours'`)
    .returning(['id', 'state'])
    .execute();

export const insertFile = (tx: Transaction<Database>, row: Insertable<FileTable>) =>
  tx.insertInto('file').values(row).returning('id').executeTakeFirstOrThrow();
