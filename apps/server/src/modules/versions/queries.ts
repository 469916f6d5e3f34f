import { visibleProject, type Actor } from '../offices/access.ts';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { FileKind, VersionStatus, VersionTable } from '../../db/types.ts';
import { personName } from '@plankurier/shared';
import { fileKindOrder, liveDoc, selectFileRows } from '../projects/queries.ts';

const ownedVersions = (db: Db, actor: Actor) =>
  db
    .selectFrom('version')
    .innerJoin('project', 'project.id', 'version.project_id')
    .innerJoin('doc', 'doc.id', 'version.doc_id')
    .selectAll('version')
    .select(['doc.doctype', 'doc.number as doc_number', 'doc.name as doc_name'])
    .where(visibleProject(actor))
    .where(liveDoc());

export const findVersion = (db: Db, actor: Actor, versionId: string) =>
  ownedVersions(db, actor).where('version.id', '=', versionId).executeTakeFirst();

/**
 * The versions with their row locked, in id order so that two transactions locking overlapping
 * sets cannot deadlock; a second releaser waits here and then sees the committed status.
 */
export const lockVersions = (db: Db, actor: Actor, versionIds: readonly string[]) =>
  ownedVersions(db, actor).where('version.id', 'in', versionIds).orderBy('version.id').forUpdate('version').execute();

/** Locks the doc row so two preparations of the same doc happen one after the other. */
export const lockDoc = (db: Db, actor: Actor, docId: string) =>
  db
    .selectFrom('doc')
    .innerJoin('project', 'project.id', 'doc.project_id')
    .selectAll('doc')
    .where('doc.id', '=', docId)
    .where(visibleProject(actor))
    .where(liveDoc())
    .$narrowType<{ folder_id: string }>()
    .forUpdate('doc')
    .executeTakeFirst();

export async function docVersionSummary(db: Db, docId: string) {
  const row = await db
    .selectFrom('version')
    .select([
      sql<number>`coalesce(max(number), 0)::int`.as('max_number'),
      sql<boolean>`bool_or(status = 'preparation')`.as('has_preparation'),
    ])
    .where('doc_id', '=', docId)
    .executeTakeFirstOrThrow();
  return { maxNumber: row.max_number, hasPreparation: row.has_preparation === true };
}

export const insertVersion = (
  db: Db,
  values: { project_id: string; doc_id: string; number: number; index: string; comment: string },
) =>
  db
    .insertInto('version')
    .values({ ...values, status: 'preparation' })
    .returningAll()
    .executeTakeFirstOrThrow();

export const updateVersionRow = (db: Db, versionId: string, changes: Updateable<VersionTable>) =>
  db.updateTable('version').set(changes).where('id', '=', versionId).returningAll().executeTakeFirstOrThrow();

/** Its files go with it (foreign key cascade). */
export const deleteVersionRow = (db: Db, versionId: string) =>
  db.deleteFrom('version').where('id', '=', versionId).execute();

export const filesOfVersions = (db: Db, versionIds: readonly string[]) =>
  versionIds.length === 0
    ? Promise.resolve([])
    : selectFileRows(db)
        .where('file.version_id', 'in', versionIds)
        .orderBy(fileKindOrder)
        .orderBy('file.uploaded_at')
        .execute();

export async function fileKindsOf(db: Db, versionId: string): Promise<FileKind[]> {
  const rows = await db.selectFrom('file').select('kind').distinct().where('version_id', '=', versionId).execute();
  return rows.map((r) => r.kind);
}

export async function countDeliveredFiles(db: Db, versionId: string): Promise<number> {
  const row = await db
    .selectFrom('file')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('version_id', '=', versionId)
    .where('delivered_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves every version of the doc in `from` to `to`, stamping the moment it became outdated or was released. */
export const changeDocVersionStatus = (db: Db, docId: string, from: VersionStatus, to: VersionStatus) =>
  db
    .updateTable('version')
    .set({
      status: to,
      ...(to === 'outdated' ? { outdated_at: sql<Date>`now()` } : {}),
      ...(to === 'current' ? { release_date: sql<Date>`now()` } : {}),
    })
    .where('doc_id', '=', docId)
    .where('status', '=', from)
    .execute();

/** Who released a version (its version.released event), for the answer to a second release. */
export async function releasedBy(db: Db, versionId: string): Promise<string | null> {
  const row = await db
    .selectFrom('timeline_event as e')
    .innerJoin('app_user as u', 'u.id', 'e.actor_id')
    .select(['u.first_name', 'u.last_name', 'u.email'])
    .where('e.version_id', '=', versionId)
    .where('e.kind', '=', 'version.released')
    .orderBy('e.created_at', 'desc')
    .executeTakeFirst();
  return row ? personName({ firstName: row.first_name, lastName: row.last_name, email: row.email }) : null;
}
