import { sql } from 'kysely';
import type { PreviewStatus } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import { visibleProject, type Actor } from '../offices/access.ts';
import { ofLiveDoc } from '../projects/queries.ts';

const previewColumns = [
  'file.id',
  'file.project_id',
  'file.kind',
  'file.storage_key',
  'file.size',
  'file.preview_status',
  'file.thumbnail_key',
  'file.scene_key',
  'file.sheet_status',
  'file.sheet_key',
] as const;

/** The file as the preview job needs it, with its office (whose sessions hear of the preview). */
export const findFileForPreview = (db: Db, fileId: string) =>
  db
    .selectFrom('file')
    .innerJoin('project', 'project.id', 'file.project_id')
    .select([...previewColumns, 'project.office_id'])
    .where('file.id', '=', fileId)
    .executeTakeFirst();

/**
 * The priority of an office's next preview job: minus the previews it has waiting already (this
 * one counted), so each office's first waiting file comes before any office's second, and so on —
 * one office's hundred heavy files never queue ahead of another office's one (pg-boss fetches the
 * highest priority first, then the oldest).
 */
export async function fairPreviewPriority(db: Db, officeId: string): Promise<number> {
  const row = await db
    .selectFrom('file')
    .innerJoin('project', 'project.id', 'file.project_id')
    .select((eb) => eb.fn.countAll<string>().as('waiting'))
    .where('project.office_id', '=', officeId)
    .where('file.preview_status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return 1 - Number(row.waiting);
}

/** Whether an office has thumbnails still to be made (its sheets wait for them: plan lists first). */
export async function officeHasPendingPreviews(db: Db, officeId: string): Promise<boolean> {
  const row = await db
    .selectFrom('file')
    .innerJoin('project', 'project.id', 'file.project_id')
    .select('file.id')
    .where('project.office_id', '=', officeId)
    .where('file.preview_status', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The preview of a file the person may see. */
export const findPreviewOfFile = (db: Db, actor: Actor, fileId: string) =>
  db
    .selectFrom('file')
    .innerJoin('project', 'project.id', 'file.project_id')
    .select(previewColumns)
    .where('file.id', '=', fileId)
    .where(visibleProject(actor))
    .where(ofLiveDoc('file.doc_id'))
    .executeTakeFirst();

/** The preview of a file by id alone: the caller has checked that the recipient was sent it. */
export const findPreviewById = (db: Db, fileId: string) =>
  db.selectFrom('file').select(previewColumns).where('file.id', '=', fileId).executeTakeFirst();

export type PreviewRow = NonNullable<Awaited<ReturnType<typeof findPreviewById>>>;

/** Records the made preview once; null when the file is gone or its preview was recorded already. */
export const finishPreview = (
  db: Db,
  fileId: string,
  preview: { status: Exclude<PreviewStatus, 'pending'>; thumbnailKey: string | null; sceneKey: string | null },
) =>
  db
    .updateTable('file')
    .set({ preview_status: preview.status, thumbnail_key: preview.thumbnailKey, scene_key: preview.sceneKey })
    .where('id', '=', fileId)
    .where('preview_status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();

/** Files still waiting for their preview, oldest first (those uploaded before previews existed, or whose job was lost). */
export const pendingPreviewFileIds = (db: Db, limit: number) =>
  db
    .selectFrom('file')
    .select('id')
    .where('preview_status', '=', 'pending')
    .where('uploaded_at', '<', sql<Date>`now() - interval '1 minute'`)
    .orderBy('uploaded_at')
    .limit(limit)
    .execute();

/** Records the made sheet once; null when the file is gone or its sheet was recorded already. */
export const finishSheet = (
  db: Db,
  fileId: string,
  sheet: { status: Exclude<PreviewStatus, 'pending'>; sheetKey: string | null },
) =>
  db
    .updateTable('file')
    .set({ sheet_status: sheet.status, sheet_key: sheet.sheetKey })
    .where('id', '=', fileId)
    .where('sheet_status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();

/** A PDF whose thumbnail could not be drawn has no sheet either (failed, or too complex like it): never queued. */
export const sheetFailsWithPreview = (db: Db, fileId: string, status: 'failed' | 'too_complex' = 'failed') =>
  db
    .updateTable('file')
    .set({ sheet_status: status })
    .where('id', '=', fileId)
    .where('sheet_status', '=', 'pending')
    .execute();

/** PDFs with their thumbnail whose sheet is still to be made (uploaded before sheets existed, or whose job was lost). */
export const pendingSheetFileIds = (db: Db, limit: number) =>
  db
    .selectFrom('file')
    .select('id')
    .where('sheet_status', '=', 'pending')
    .where('preview_status', '=', 'ready')
    .where('uploaded_at', '<', sql<Date>`now() - interval '1 minute'`)
    .orderBy('uploaded_at')
    .limit(limit)
    .execute();
