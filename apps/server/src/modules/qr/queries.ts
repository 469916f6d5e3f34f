import { visibleProject, type Actor } from '../offices/access.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { liveDoc } from '../projects/queries.ts';

/**
 * A doc without settings of its own goes out as the defaults of the office's first owner say: the
 * same person whatever member looks or downloads.
 */
const officeQrDefaultsOwner = sql<string>`(select user_id from office_member
  where office_id = project.office_id and role = 'owner' order by created_at limit 1)`;

/** The doc with its own QR settings and the office's defaults, only within the actor's projects. */
export const findDocQr = (db: Db, actor: Actor, docId: string) =>
  db
    .selectFrom('doc')
    .innerJoin('project', 'project.id', 'doc.project_id')
    .innerJoin('app_user', (join) => join.on('app_user.id', '=', officeQrDefaultsOwner))
    .select(['doc.id', 'doc.project_id', 'doc.qr', 'app_user.qr_defaults'])
    .where('doc.id', '=', docId)
    .where(visibleProject(actor))
    .where(liveDoc())
    .executeTakeFirst();

export const updateDocQrColumn = (db: Db, docId: string, qr: string) =>
  db.updateTable('doc').set({ qr }).where('id', '=', docId).execute();

/** The main PDFs of a doc's versions that are in use (current and in preparation), newest first. */
export const liveMainPdfs = (db: Db, docId: string) =>
  db
    .selectFrom('file')
    .innerJoin('version', 'version.id', 'file.version_id')
    .select([
      'file.id',
      'file.version_id',
      'file.storage_key',
      'file.size',
      'file.sha256',
      'file.is_encrypted',
      'file.pdf_width_mm',
      'file.pdf_height_mm',
      'file.pdf_pages',
    ])
    .where('file.doc_id', '=', docId)
    .where('file.kind', '=', 'pdf')
    .where('version.status', 'in', ['current', 'preparation'])
    .orderBy('version.number', 'desc')
    .execute();

/** What decides whether a file goes out stamped: its kind, its doc's settings and the defaults. */
export const findStampContext = (db: Db, fileId: string) =>
  db
    .selectFrom('file')
    .innerJoin('doc', 'doc.id', 'file.doc_id')
    .innerJoin('project', 'project.id', 'file.project_id')
    .innerJoin('app_user', (join) => join.on('app_user.id', '=', officeQrDefaultsOwner))
    .select([
      'file.id',
      'file.kind',
      'file.version_id',
      'file.storage_key',
      'file.size',
      'file.sha256',
      'file.is_encrypted',
      'doc.qr',
      'app_user.qr_defaults',
      'project.office_id',
    ])
    .where('file.id', '=', fileId)
    .executeTakeFirst();

export type StampContext = NonNullable<Awaited<ReturnType<typeof findStampContext>>>;

export const findStampedFile = (db: Db, fileId: string, stampKey: string) =>
  db
    .selectFrom('qr_stamped_file')
    .select(['storage_key', 'size', 'sha256'])
    .where('file_id', '=', fileId)
    .where('stamp_key', '=', stampKey)
    .executeTakeFirst();

/** A cached copy whose object is gone: the next download stamps it again. */
export const deleteStampedFile = (db: Db, fileId: string, stampKey: string) =>
  db.deleteFrom('qr_stamped_file').where('file_id', '=', fileId).where('stamp_key', '=', stampKey).execute();

/** Two downloads may stamp at once: the first row wins, the loser's object is removed by the caller. */
export const insertStampedFile = (
  db: Db,
  row: { fileId: string; stampKey: string; storageKey: string; size: number; sha256: string },
) =>
  db
    .insertInto('qr_stamped_file')
    .values({
      file_id: row.fileId,
      stamp_key: row.stampKey,
      storage_key: row.storageKey,
      size: row.size,
      sha256: row.sha256,
    })
    .onConflict((oc) => oc.columns(['file_id', 'stamp_key']).doNothing())
    .returning('storage_key')
    .executeTakeFirst();

/** Why the copy of this file and placement could not be made, if it could not (0089). */
export const findStampFailure = (db: Db, fileId: string, stampKey: string) =>
  db
    .selectFrom('qr_stamp_failure')
    .select('reason')
    .where('file_id', '=', fileId)
    .where('stamp_key', '=', stampKey)
    .executeTakeFirst();

export const insertStampFailure = (db: Db, fileId: string, stampKey: string, reason: string) =>
  db
    .insertInto('qr_stamp_failure')
    .values({ file_id: fileId, stamp_key: stampKey, reason })
    .onConflict((oc) => oc.columns(['file_id', 'stamp_key']).doNothing())
    .execute();

/** Copies of an earlier placement: nobody downloads them again, so their rows and objects go. */
export const deleteOtherStampedFiles = (db: Db, fileId: string, keepStampKey: string) =>
  db
    .deleteFrom('qr_stamped_file')
    .where('file_id', '=', fileId)
    .where('stamp_key', '<>', keepStampKey)
    .returning('storage_key')
    .execute();

export const insertQrToken = (db: Db, versionId: string, tokenHash: Buffer) =>
  db
    .insertInto('qr_token')
    .values({ version_id: versionId, token_hash: tokenHash })
    .onConflict((oc) => oc.column('version_id').doNothing())
    .execute();

/** The scanned version, its plan, the plan's current version and the office's name — nothing else. */
export const findByQrToken = (db: Db, tokenHash: Buffer) =>
  db
    .selectFrom('qr_token')
    .innerJoin('version', 'version.id', 'qr_token.version_id')
    .innerJoin('doc', 'doc.id', 'version.doc_id')
    .innerJoin('project', 'project.id', 'doc.project_id')
    .innerJoin('office', 'office.id', 'project.office_id')
    .leftJoin('version as current', (join) =>
      join.onRef('current.doc_id', '=', 'doc.id').on('current.status', '=', 'current'),
    )
    .select([
      'version.index',
      'version.status',
      'version.release_date',
      'doc.number',
      'doc.name',
      'office.company',
      'current.index as current_index',
      'current.release_date as current_release_date',
    ])
    .where('qr_token.token_hash', '=', tokenHash)
    // A withdrawn plan's code is as unknown as a deleted one's.
    .where(liveDoc())
    .executeTakeFirst();
