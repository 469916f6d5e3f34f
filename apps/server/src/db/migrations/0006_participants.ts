import { sql, type Kysely } from 'kysely';

/** Participant folders, participants, the office's roles and the subscriptions (who gets which doc). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('participant_folder')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('is_collapsed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_collapsed_in_picker', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('participant_folder_project_idx')
    .on('participant_folder')
    .columns(['project_id', 'sort_order'])
    .execute();

  await db.schema
    .createTable('participant')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('contact_id', 'uuid', (c) => c.notNull().references('contact.id').onDelete('cascade'))
    .addColumn('folder_id', 'uuid', (c) => c.notNull().references('participant_folder.id').onDelete('cascade'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('participant_project_contact_key', ['project_id', 'contact_id'])
    .execute();
  await db.schema
    .createIndex('participant_folder_idx')
    .on('participant')
    .columns(['folder_id', 'sort_order'])
    .execute();
  await db.schema.createIndex('participant_contact_idx').on('participant').column('contact_id').execute();

  await db.schema
    .createTable('role')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index role_name_key on role (owner_id, lower(name))`.execute(db);

  await db.schema
    .createTable('participant_role')
    .addColumn('participant_id', 'uuid', (c) => c.notNull().references('participant.id').onDelete('cascade'))
    .addColumn('role_id', 'uuid', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('participant_role_pkey', ['participant_id', 'role_id'])
    .execute();
  await db.schema.createIndex('participant_role_role_idx').on('participant_role').column('role_id').execute();

  await db.schema
    .createTable('subscription')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('doc_id', 'uuid', (c) => c.notNull().references('doc.id').onDelete('cascade'))
    .addColumn('participant_id', 'uuid', (c) => c.notNull().references('participant.id').onDelete('cascade'))
    .addColumn('gets_pdf', 'boolean', (c) => c.notNull())
    .addColumn('gets_tec', 'boolean', (c) => c.notNull())
    .addColumn('deliver_again', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('subscription_doc_participant_key', ['doc_id', 'participant_id'])
    .addCheckConstraint('subscription_gets_something', sql`gets_pdf or gets_tec`)
    .execute();
  await db.schema.createIndex('subscription_project_idx').on('subscription').column('project_id').execute();
  await db.schema.createIndex('subscription_participant_idx').on('subscription').column('participant_id').execute();

  // Projects made before participants existed get the folders a new project starts with.
  await sql`insert into participant_folder (project_id, name, sort_order)
    select project.id, f.name, f.n - 1 from project,
      unnest(array['Bauherr', 'Fachplaner', 'Ausführende']) with ordinality as f(name, n)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['subscription', 'participant_role', 'role', 'participant', 'participant_folder']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
