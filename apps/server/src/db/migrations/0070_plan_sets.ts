import { sql, type Kysely } from 'kysely';

/**
 * Plan sets (issue 17): a project's naming key, and each set of plan files an office dropped at
 * once, with the file each name was planned for, so that uploads resume after a reload and the set
 * is told in the timeline once. A set's key (one per confirmed drop) makes a retried call answer
 * the set the first call made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_naming_key')
    .addColumn('project_id', 'uuid', (c) => c.primaryKey().references('project.id').onDelete('cascade'))
    .addColumn('pattern', 'text')
    .addColumn('index_style', 'text', (c) =>
      c
        .notNull()
        .defaultTo('auto')
        .check(sql`index_style in ('auto', 'letters', 'numbers', 'iso')`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'uuid', (c) => c.references('app_user.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('plan_set')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('folder_id', 'uuid', (c) => c.references('doc_folder.id').onDelete('set null'))
    .addColumn('created_by', 'uuid', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('request_key', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addUniqueConstraint('plan_set_request_key_unique', ['project_id', 'request_key'])
    .execute();
  await db.schema
    .createIndex('plan_set_open_idx')
    .on('plan_set')
    .columns(['project_id', 'created_by'])
    .where(sql.ref('finished_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('plan_set_file')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('plan_set_id', 'uuid', (c) => c.notNull().references('plan_set.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('pdf', 'dwg', 'dxf')`))
    .addColumn('doc_id', 'uuid', (c) => c.notNull().references('doc.id').onDelete('cascade'))
    .addColumn('version_id', 'uuid', (c) => c.notNull().references('version.id').onDelete('cascade'))
    .addUniqueConstraint('plan_set_file_key_unique', ['plan_set_id', 'file_key'])
    .execute();
  await db.schema.createIndex('plan_set_file_version_idx').on('plan_set_file').column('version_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('plan_set_file').ifExists().execute();
  await db.schema.dropTable('plan_set').ifExists().execute();
  await db.schema.dropTable('project_naming_key').ifExists().execute();
}
