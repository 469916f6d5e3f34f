import { sql, type Kysely } from 'kysely';

/**
 * Standing subscriptions (issue 35): a participant's formats for a folder or a phase, given to every
 * plan that comes into it later (created, by a plan set, moved in). A subscription a rule made says
 * so (`from_rule`) until the office changes it per plan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('standing_subscription')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('participant_id', 'uuid', (c) => c.notNull().references('participant.id').onDelete('cascade'))
    .addColumn('folder_id', 'uuid', (c) => c.references('doc_folder.id').onDelete('cascade'))
    .addColumn('phase_id', 'uuid', (c) => c.references('phase.id').onDelete('cascade'))
    .addColumn('gets_pdf', 'boolean', (c) => c.notNull())
    .addColumn('gets_tec', 'boolean', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('standing_subscription_one_target', sql`(folder_id is null) <> (phase_id is null)`)
    .addCheckConstraint('standing_subscription_some_format', sql`gets_pdf or gets_tec`)
    .execute();
  await sql`create unique index standing_subscription_folder_key on standing_subscription (folder_id, participant_id)
    where folder_id is not null`.execute(db);
  await sql`create unique index standing_subscription_phase_key on standing_subscription (phase_id, participant_id)
    where phase_id is not null`.execute(db);
  await db.schema
    .createIndex('standing_subscription_project_idx')
    .on('standing_subscription')
    .column('project_id')
    .execute();
  await db.schema
    .alterTable('subscription')
    .addColumn('from_rule', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscription').dropColumn('from_rule').execute();
  await db.schema.dropTable('standing_subscription').ifExists().execute();
}
