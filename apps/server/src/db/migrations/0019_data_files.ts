import { sql, type Kysely } from 'kysely';

/**
 * Data docs take files of any format (spec §1): kind 'other' for a file that is not PDF, DWG or
 * DXF (a .docx protocol, an .xlsx list). One such file per extension and version, as there is one
 * PDF, DWG and DXF: the extension is the file's type.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['file', 'upload']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_kind_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_kind_check`)}
      check (kind in ('pdf', 'dwg', 'dxf', 'addon', 'other'))`.execute(db);
  }
  await sql`drop index file_one_per_kind`.execute(db);
  await sql`create unique index file_one_per_kind on file (version_id, kind) where kind in ('pdf', 'dwg', 'dxf')`.execute(
    db,
  );
  await sql`create unique index file_other_per_extension on file
    (version_id, lower(coalesce(substring(filename from '\\.([A-Za-z0-9]{1,10})$'), '')))
    where kind = 'other'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from file where kind = 'other'`.execute(db);
  await sql`delete from upload where kind = 'other'`.execute(db);
  await sql`drop index file_other_per_extension`.execute(db);
  await sql`drop index file_one_per_kind`.execute(db);
  await sql`create unique index file_one_per_kind on file (version_id, kind) where kind <> 'addon'`.execute(db);
  for (const table of ['file', 'upload']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_kind_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_kind_check`)}
      check (kind in ('pdf', 'dwg', 'dxf', 'addon'))`.execute(db);
  }
}
