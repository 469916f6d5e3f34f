import { sql, type Kysely } from 'kysely';

const id = (c: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
  c.addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`));

export async function up(db: Kysely<unknown>): Promise<void> {
  await id(db.schema.createTable('project'))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('opened_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index project_number_key on project (owner_id, lower(number))`.execute(db);

  await id(db.schema.createTable('phase'))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('shortcut', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index phase_shortcut_key on phase (project_id, lower(shortcut))`.execute(db);

  await id(db.schema.createTable('doc_folder'))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('phase_id', 'uuid', (c) => c.notNull().references('phase.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().check(sql`category in ('plans', 'documents')`))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('is_collapsed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_collapsed_in_picker', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('doc_folder_phase_idx').on('doc_folder').columns(['phase_id', 'sort_order']).execute();

  await id(db.schema.createTable('doc'))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('folder_id', 'uuid', (c) => c.notNull().references('doc_folder.id').onDelete('cascade'))
    .addColumn('doctype', 'text', (c) => c.notNull().check(sql`doctype in ('plan', 'data')`))
    .addColumn('number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('qr', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('doc_folder_idx').on('doc').columns(['folder_id', 'sort_order']).execute();
  await db.schema.createIndex('doc_project_idx').on('doc').column('project_id').execute();

  await id(db.schema.createTable('version'))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('doc_id', 'uuid', (c) => c.notNull().references('doc.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('index', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('preparation', 'current', 'outdated', 'archived')`),
    )
    .addColumn('release_date', 'timestamptz')
    .addColumn('outdated_at', 'timestamptz')
    .addColumn('downloads_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('version_doc_idx').on('version').columns(['doc_id', 'number']).execute();
  await db.schema.createIndex('version_project_idx').on('version').column('project_id').execute();
  // At most one version in preparation and one current version per doc.
  await sql`create unique index version_one_preparation on version (doc_id) where status = 'preparation'`.execute(db);
  await sql`create unique index version_one_current on version (doc_id) where status = 'current'`.execute(db);

  await id(db.schema.createTable('file'))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('doc_id', 'uuid', (c) => c.notNull().references('doc.id').onDelete('cascade'))
    .addColumn('version_id', 'uuid', (c) => c.notNull().references('version.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('pdf', 'dwg', 'dxf', 'addon')`))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('pdf_width_mm', 'real')
    .addColumn('pdf_height_mm', 'real')
    .addColumn('pdf_pages', 'integer')
    .addColumn('is_encrypted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('file_version_idx').on('file').column('version_id').execute();
  await db.schema.createIndex('file_project_idx').on('file').column('project_id').execute();
  // One main file of each type per version; add-ons are unique by file name.
  await sql`create unique index file_one_per_kind on file (version_id, kind) where kind <> 'addon'`.execute(db);
  await sql`create unique index file_addon_name on file (version_id, lower(filename)) where kind = 'addon'`.execute(db);

  await id(db.schema.createTable('timeline_event'))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('actor_id', 'uuid', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('event_type', 'text', (c) => c.notNull().check(sql`event_type in ('DOC', 'EMAIL')`))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('doc_id', 'uuid')
    .addColumn('version_id', 'uuid')
    .addColumn('file_id', 'uuid')
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('timeline_project_idx')
    .on('timeline_event')
    .columns(['project_id', 'event_type', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['timeline_event', 'file', 'version', 'doc', 'doc_folder', 'phase', 'project']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
