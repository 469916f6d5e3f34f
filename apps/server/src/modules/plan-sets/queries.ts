import { sql } from 'kysely';
import type { FileKind, IndexStyle, NamingKey, SetPlan, StoredSetFile } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import { visibleProject, type Actor } from '../offices/access.ts';

export async function namingKeyOfProject(db: Db, projectId: string): Promise<NamingKey | null> {
  const row = await db
    .selectFrom('project_naming_key')
    .select(['pattern', 'index_style'])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return row ? { pattern: row.pattern, indexStyle: row.index_style as IndexStyle } : null;
}

export const saveNamingKey = (db: Db, projectId: string, key: NamingKey, userId: string) =>
  db
    .insertInto('project_naming_key')
    .values({ project_id: projectId, pattern: key.pattern, index_style: key.indexStyle, updated_by: userId })
    .onConflict((oc) =>
      oc.column('project_id').doUpdateSet({
        pattern: key.pattern,
        index_style: key.indexStyle,
        updated_by: userId,
        updated_at: sql`now()`,
      }),
    )
    .execute();

/** Project number and phase shortcuts: parts of file names that are not the plan number. */
export async function namingContextOf(db: Db, projectId: string) {
  const project = await db.selectFrom('project').select('number').where('id', '=', projectId).executeTakeFirstOrThrow();
  const phases = await db.selectFrom('phase').select('shortcut').where('project_id', '=', projectId).execute();
  return { projectNumber: project.number, phaseShortcuts: phases.map((p) => p.shortcut) };
}

/** Every plan and document of the project with its current index and its version in preparation. */
export async function plansOfProject(db: Db, projectId: string): Promise<SetPlan[]> {
  const { rows } = await sql<{
    id: string;
    number: string;
    name: string;
    folder_id: string;
    doctype: 'plan' | 'data';
    current_index: string | null;
    prepared_id: string | null;
    prepared_index: string | null;
    prepared_kinds: FileKind[] | null;
  }>`select d.id, d.number, d.name, d.folder_id, d.doctype,
      cur.index as current_index, prep.id as prepared_id, prep.index as prepared_index,
      (select array_agg(distinct f.kind) from file f where f.version_id = prep.id) as prepared_kinds
    from doc d
    left join version cur on cur.doc_id = d.id and cur.status = 'current'
    left join version prep on prep.doc_id = d.id and prep.status = 'preparation'
    where d.project_id = ${projectId} and d.withdrawn_at is null`.execute(db);
  return rows.map((r) => ({
    docId: r.id,
    number: r.number,
    name: r.name,
    folderId: r.folder_id,
    doctype: r.doctype,
    currentIndex: r.current_index,
    prepared: r.prepared_id
      ? { versionId: r.prepared_id, index: r.prepared_index!, kinds: r.prepared_kinds ?? [] }
      : null,
  }));
}

/** The files of the project's current and prepared versions that have one of these SHA-256 hashes. */
export function storedFilesWithHashes(db: Db, projectId: string, hashes: readonly string[]): Promise<StoredSetFile[]> {
  if (hashes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('file')
    .innerJoin('version', 'version.id', 'file.version_id')
    .innerJoin('doc', 'doc.id', 'file.doc_id')
    .select([
      'file.sha256',
      'doc.id as docId',
      'doc.number',
      'version.index',
      sql<StoredSetFile['status']>`version.status`.as('status'),
    ])
    .where('file.project_id', '=', projectId)
    .where('version.status', 'in', ['current', 'preparation'])
    .where('file.sha256', 'in', [...new Set(hashes)])
    .orderBy('version.status')
    .execute();
}

export const foldersOfProject = (db: Db, projectId: string) =>
  db.selectFrom('doc_folder').select(['id', 'category']).where('project_id', '=', projectId).execute();

/** Locks the docs a set writes into, in id order (as lockVersions does), so two sets cannot deadlock. */
export const lockDocs = (db: Db, docIds: readonly string[]) =>
  docIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('doc').select('id').where('id', 'in', docIds).orderBy('id').forUpdate().execute();

export async function highestVersionNumbers(db: Db, docIds: readonly string[]): Promise<Map<string, number>> {
  if (docIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('version')
    .select(['doc_id', sql<number>`max(number)::int`.as('max')])
    .where('doc_id', 'in', docIds)
    .groupBy('doc_id')
    .execute();
  return new Map(rows.map((r) => [r.doc_id, r.max]));
}

export async function nextSortOrders(db: Db, folderIds: readonly string[]): Promise<Map<string, number>> {
  if (folderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('doc')
    .select(['folder_id', sql<number>`max(sort_order)::int`.as('max')])
    .where('folder_id', 'in', folderIds)
    .groupBy('folder_id')
    .execute();
  const next = new Map(folderIds.map((id) => [id, 0]));
  // Asked by folder: none of these docs is withdrawn (out of any folder).
  for (const row of rows) next.set(row.folder_id!, row.max + 1);
  return next;
}

/** The set of this key in the project, if a first call made it. */
export const findSetByKey = (db: Db, projectId: string, requestKey: string) =>
  db
    .selectFrom('plan_set')
    .select('id')
    .where('project_id', '=', projectId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();

/** A set the actor may see (its project is theirs), locked when `lock` (finishing it). */
export function findSet(db: Db, actor: Actor, setId: string, lock = false) {
  const query = db
    .selectFrom('plan_set')
    .innerJoin('project', 'project.id', 'plan_set.project_id')
    .selectAll('plan_set')
    .where('plan_set.id', '=', setId)
    .where(visibleProject(actor));
  return (lock ? query.forUpdate('plan_set') : query).executeTakeFirst();
}

/**
 * The sets of the project still open, newest first: the actor's own whose uploads have not
 * finished (a reload continues them), and anyone's finished set with a version still in
 * preparation (its 'Alle freigeben' stays until the versions are released).
 */
export const openSetsOf = (db: Db, actor: Actor, projectId: string) =>
  db
    .selectFrom('plan_set')
    .innerJoin('project', 'project.id', 'plan_set.project_id')
    .select('plan_set.id')
    .where('plan_set.project_id', '=', projectId)
    .where(visibleProject(actor))
    .where((eb) =>
      eb.or([
        eb.and([
          eb('plan_set.created_by', '=', actor.userId),
          eb('plan_set.finished_at', 'is', null),
          eb('plan_set.created_at', '>', sql<Date>`now() - interval '7 days'`),
        ]),
        eb.and([
          eb('plan_set.finished_at', 'is not', null),
          eb.exists(
            eb
              .selectFrom('plan_set_file as sf')
              .innerJoin('version as v', 'v.id', 'sf.version_id')
              .select(sql`1`.as('one'))
              .whereRef('sf.plan_set_id', '=', 'plan_set.id')
              .where('v.status', '=', 'preparation'),
          ),
        ]),
      ]),
    )
    .orderBy('plan_set.created_at', 'desc')
    .execute();

/** The versions a set's files went into, each once. */
export async function versionIdsOfSet(db: Db, setId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('plan_set_file')
    .select('version_id')
    .distinct()
    .where('plan_set_id', '=', setId)
    .execute();
  return rows.map((r) => r.version_id);
}

/** A set with its creator and every planned file, and whether its version holds a file of that kind now. */
export async function setWithFiles(db: Db, setId: string) {
  const set = await db
    .selectFrom('plan_set')
    .leftJoin('app_user as u', 'u.id', 'plan_set.created_by')
    .selectAll('plan_set')
    .select(['u.first_name', 'u.last_name', 'u.email'])
    .where('plan_set.id', '=', setId)
    .executeTakeFirstOrThrow();
  const files = await db
    .selectFrom('plan_set_file as sf')
    .innerJoin('doc', 'doc.id', 'sf.doc_id')
    .innerJoin('version', 'version.id', 'sf.version_id')
    .select([
      'sf.file_key',
      'sf.filename',
      'sf.size',
      'sf.kind',
      'sf.doc_id',
      'sf.version_id',
      'doc.number',
      'version.index',
    ])
    .select(
      sql<boolean>`exists (select 1 from file f where f.version_id = sf.version_id and f.kind = sf.kind)`.as(
        'uploaded',
      ),
    )
    .where('sf.plan_set_id', '=', setId)
    .orderBy('sf.position')
    .execute();
  return { set, files };
}

export const markSetFinished = (db: Db, setId: string) =>
  db
    .updateTable('plan_set')
    .set({ finished_at: sql<Date>`now()` })
    .where('id', '=', setId)
    .execute();
