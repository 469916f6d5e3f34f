import { sql, type Kysely } from 'kysely';

/** Shipments of printed plans by courier, and each participant's shipping needs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shipment')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('participant_id', 'uuid', (c) => c.notNull().references('participant.id').onDelete('cascade'))
    .addColumn('version_id', 'uuid', (c) => c.notNull().references('version.id').onDelete('cascade'))
    .addColumn('shipped_on', 'date', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('courier_service', 'text', (c) => c.notNull())
    .addColumn('tracking_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('shipment_project_idx').on('shipment').columns(['project_id', 'shipped_on']).execute();
  await db.schema.createIndex('shipment_participant_idx').on('shipment').column('participant_id').execute();
  await db.schema.createIndex('shipment_version_idx').on('shipment').column('version_id').execute();

  await db.schema
    .createTable('participant_shipping_needs')
    .addColumn('participant_id', 'uuid', (c) => c.primaryKey().references('participant.id').onDelete('cascade'))
    .addColumn('needs_all_files', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('needs_pdf', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('needs_dwg', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('needs_dxf', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('needs_self_plots', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('self_plots_shipped', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`self_plots_shipped >= 0`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('participant_shipping_needs').ifExists().execute();
  await db.schema.dropTable('shipment').ifExists().execute();
}
