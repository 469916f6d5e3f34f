import { sql, type Kysely } from 'kysely';

/**
 * Live changes carry rows (issue 15): every announced change of a project gets the project's next
 * number, and the last few hundred are kept with what they touched, so that a session that missed
 * some (reconnect, lost event) asks for what changed since its number instead of the whole project.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('project')
    .addColumn('change_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('project_change')
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('scope', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('project_change_pk', ['project_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_change').ifExists().execute();
  await db.schema.alterTable('project').dropColumn('change_seq').execute();
}
