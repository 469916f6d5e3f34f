import { visibleProject, type Actor } from '../offices/access.ts';
import { sql, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { ProjectTable } from '../../db/types.ts';
import type { FileRow } from './dto.ts';

/**
 * A doc the office works with. A withdrawn one (deleted after its files were sent, kept for its
 * recipients and the records) is in none of the office's lists, counts, archives or prints.
 */
export const liveDoc = (doc = 'doc') => sql<SqlBool>`${sql.ref(`${doc}.withdrawn_at`)} is null`;

/** Versions, files and other rows naming a doc by `docIdColumn`: only those of a live doc. */
export const ofLiveDoc = (docIdColumn: string) =>
  sql<SqlBool>`not exists (select 1 from doc w where w.id = ${sql.ref(docIdColumn)} and w.withdrawn_at is not null)`;

/** The project id when the actor may see it: the subquery that scopes every query of a project's rows. */
export const ownedProjectId = (db: Db, actor: Actor, projectId: string) =>
  db.selectFrom('project').select('project.id').where('project.id', '=', projectId).where(visibleProject(actor));

export const findProject = (db: Db, actor: Actor, projectId: string) =>
  db.selectFrom('project').selectAll().where('id', '=', projectId).where(visibleProject(actor)).executeTakeFirst();

/** Locks the office row so limit checks of concurrent creates count one after the other. */
export const lockOfficeTier = (db: Db, officeId: string) =>
  db.selectFrom('office').select('tier').where('id', '=', officeId).forUpdate().executeTakeFirstOrThrow();

/** The office's projects, all of them: tier limits count what the office has, not what one member sees. */
export async function countProjects(db: Db, officeId: string): Promise<number> {
  const row = await db
    .selectFrom('project')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('office_id', '=', officeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Numbers are unique in the office, also among projects a member does not see. */
export async function projectNumberInUse(
  db: Db,
  officeId: string,
  number: string,
  exceptProjectId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('project')
    .select('id')
    .where('office_id', '=', officeId)
    .where(sql`lower(number)`, '=', number.toLowerCase());
  if (exceptProjectId) query = query.where('id', '<>', exceptProjectId);
  return Boolean(await query.executeTakeFirst());
}

export const insertProject = (db: Db, values: Insertable<ProjectTable>) =>
  db.insertInto('project').values(values).returningAll().executeTakeFirstOrThrow();

export const updateProjectRow = (db: Db, actor: Actor, projectId: string, changes: Updateable<ProjectTable>) =>
  db
    .updateTable('project')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', projectId)
    .where(visibleProject(actor))
    .returningAll()
    .executeTakeFirst();

export const deleteProjectRow = (db: Db, actor: Actor, projectId: string) =>
  db.deleteFrom('project').where('id', '=', projectId).where(visibleProject(actor)).returning('id').executeTakeFirst();

export async function phaseIdsOfProject(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('phase')
    .select('id')
    .where('project_id', '=', projectId)
    .orderBy('sort_order')
    .execute();
  return rows.map((r) => r.id);
}

/** Storage keys of every file of the office in a project (or a narrower scope) with its previews, read before the rows go. */
export async function storageKeysOf(
  db: Db,
  actor: Actor,
  scope: { projectId: string } | { docId: string } | { versionId: string },
): Promise<string[]> {
  let query = db
    .selectFrom('file')
    .innerJoin('project', 'project.id', 'file.project_id')
    .select(['file.storage_key', 'file.thumbnail_key', 'file.scene_key', 'file.sheet_key'])
    .where(visibleProject(actor));
  if ('projectId' in scope) query = query.where('file.project_id', '=', scope.projectId);
  if ('docId' in scope) query = query.where('file.doc_id', '=', scope.docId);
  if ('versionId' in scope) query = query.where('file.version_id', '=', scope.versionId);
  return (await query.execute()).flatMap((r) =>
    [r.storage_key, r.thumbnail_key, r.scene_key, r.sheet_key].filter((key): key is string => key !== null),
  );
}

async function countVisibleProjects(db: Db, actor: Actor): Promise<number> {
  const row = await db
    .selectFrom('project')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(visibleProject(actor))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ProjectListFilter {
  searchText?: string | undefined;
  limit: number;
  page: number;
  sort?: 'recent' | undefined;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of the office's projects with their phase ids, and the counts for paging. */
export async function listProjects(db: Db, actor: Actor, filter: ProjectListFilter) {
  let matching = db.selectFrom('project').where(visibleProject(actor));
  const needle = filter.searchText?.trim();
  if (needle) {
    matching = matching.where((eb) =>
      eb.or([eb('number', 'ilike', likePattern(needle)), eb('name', 'ilike', likePattern(needle))]),
    );
  }
  let page = matching
    .selectAll('project')
    // When this person opened it last (the dashboard's "Aktuell"), not when anyone did.
    .select(
      sql<Date | null>`(select v.opened_at from project_visit v
        where v.project_id = project.id and v.user_id = ${actor.userId})`.as('opened_at'),
    )
    .select(
      sql<
        string[]
      >`coalesce((select array_agg(phase.id order by phase.sort_order) from phase where phase.project_id = project.id), '{}')`.as(
        'phase_ids',
      ),
    )
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  page =
    filter.sort === 'recent'
      ? page.orderBy(sql`opened_at desc nulls last`).orderBy('created_at', 'desc')
      : page.orderBy(sql`lower(number)`).orderBy('created_at');
  const [rows, counted, total] = await Promise.all([
    page.execute(),
    matching.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    countVisibleProjects(db, actor),
  ]);
  return { rows, count: Number(counted.n), total };
}

/** The number of the project's last announced change (0 before the first; undefined for no project). */
export async function changeSeqOf(db: Db, projectId: string): Promise<number> {
  const row = await db.selectFrom('project').select('change_seq').where('id', '=', projectId).executeTakeFirst();
  return Number(row?.change_seq ?? 0);
}

/** Marks the project as opened now by this person (their recent list) and returns it, when they may see it. */
export async function markProjectOpened(db: Db, actor: Actor, projectId: string) {
  const project = await findProject(db, actor, projectId);
  if (!project) return undefined;
  const visit = await db
    .insertInto('project_visit')
    .values({ project_id: projectId, user_id: actor.userId })
    .onConflict((oc) => oc.columns(['user_id', 'project_id']).doUpdateSet({ opened_at: sql`now()` }))
    .returning('opened_at')
    .executeTakeFirstOrThrow();
  return { ...project, opened_at: visit.opened_at };
}

/**
 * ISO 8601 text made by PostgreSQL: turning thousands of timestamps into Dates and back costs more,
 * and so does building the text in JS (measured: thousands of concatenated strings to flatten).
 */
const isoText = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The upload time to order by, to the microsecond: PostgreSQL's text of the UTC time
 * ('2026-11-22 02:59:26.123456') sorts as text (DateStyle ISO, the default; node-postgres needs it too).
 */
const uploadOrder = sql<string>`(file.uploaded_at at time zone 'UTC')::text`;

const KIND_RANK: Record<string, number> = { pdf: 0, dwg: 1, dxf: 2, addon: 3 };

/** Within a version: PDF, DWG, DXF, then add-ons by upload time (as `fileKindOrder`; sorted here, not in SQL). */
const byKindThenUpload = (a: { kind: string; upload_order: string }, b: { kind: string; upload_order: string }) =>
  KIND_RANK[a.kind]! - KIND_RANK[b.kind]! ||
  (a.upload_order < b.upload_order ? -1 : a.upload_order > b.upload_order ? 1 : 0);

/**
 * Every row the project screen needs: one query per table, each scoped by project and office, run
 * side by side on the pool. They share no snapshot: a change committed in between is announced
 * over the socket and the screen reloads, and the in-memory join skips ids it cannot find.
 */
/**
 * The document side of the project screen. `docIds`: only those docs with their versions and files
 * (a live change's rows); phases and folders are always read whole (a few dozen rows).
 */
export async function loadProjectRows(db: Db, actor: Actor, projectId: string, docIds?: readonly string[]) {
  const owned = ownedProjectId(db, actor, projectId);
  const ofDocs = (column: string) =>
    docIds === undefined ? sql<boolean>`true` : sql<boolean>`${sql.ref(column)} = any(${docIds}::uuid[])`;
  const [phases, folders, docs, versions, files] = await Promise.all([
    // Only the columns the screen shows: no timestamps to parse into Dates, no QR settings (jsonb).
    db
      .selectFrom('phase')
      .select(['id', 'project_id', 'shortcut', 'name', 'sort_order', 'revision'])
      .where('project_id', 'in', owned)
      .execute(),
    db
      .selectFrom('doc_folder')
      .select([
        'id',
        'project_id',
        'phase_id',
        'name',
        'category',
        'sort_order',
        'is_collapsed',
        'is_collapsed_in_picker',
        'revision',
      ])
      .where('project_id', 'in', owned)
      .execute(),
    db
      .selectFrom('doc')
      .select(['id', 'project_id', 'folder_id', 'doctype', 'number', 'name', 'sort_order', 'revision'])
      .where('project_id', 'in', owned)
      .where(ofDocs('doc.id'))
      .where(liveDoc())
      .$narrowType<{ folder_id: string }>()
      .execute(),
    db
      .selectFrom('version')
      .select(['id', 'doc_id', 'number', 'index', 'comment', 'status', 'downloads_enabled', 'revision'])
      .select([isoText('release_date').as('release_date'), isoText('outdated_at').as('outdated_at')])
      .where('project_id', 'in', owned)
      .where(ofDocs('version.doc_id'))
      .where(ofLiveDoc('version.doc_id'))
      .execute(),
    db
      .selectFrom('file')
      .select([
        'id',
        'doc_id',
        'version_id',
        'kind',
        'filename',
        'size',
        'pdf_width_mm',
        'pdf_height_mm',
        'pdf_pages',
        'is_encrypted',
        'cad_release',
        'cad_units',
        'cad_width',
        'cad_height',
        'preview_status',
        'sheet_status',
      ])
      .select([isoText('delivered_at').as('delivered_at'), isoText('uploaded_at').as('uploaded_at')])
      .select(uploadOrder.as('upload_order'))
      .where('project_id', 'in', owned)
      .where(ofDocs('file.doc_id'))
      .where(ofLiveDoc('file.doc_id'))
      .execute(),
  ]);
  // Grouped by version later, keeping this order: sorted here, cheaper than in PostgreSQL.
  files.sort(byKindThenUpload);
  return { phases, folders, docs, versions, files: files as FileRow[] };
}

/** Files of a version list as the screen shows them: PDF, DWG, DXF, then add-ons. */
export const fileKindOrder = sql`array_position(array['pdf', 'dwg', 'dxf', 'other', 'addon'], file.kind)`;

/** The file columns of FileRow (no storage key: it never leaves the server). */
export const selectFileRows = (db: Db) =>
  db
    .selectFrom('file')
    .select([
      'file.id',
      'file.doc_id',
      'file.version_id',
      'file.kind',
      'file.filename',
      'file.size',
      'file.sha256',
      'file.pdf_width_mm',
      'file.pdf_height_mm',
      'file.pdf_pages',
      'file.is_encrypted',
      'file.cad_release',
      'file.cad_units',
      'file.cad_width',
      'file.cad_height',
      'file.preview_status',
      'file.sheet_status',
      'file.delivered_at',
      'file.uploaded_at',
    ]);
