import type { Kysely } from 'kysely';

/**
 * What a DWG or DXF names of itself, shown beside the file as a PDF's page size is: the AutoCAD
 * release (`AC1032`), `$INSUNITS` and the width and height of its extents in drawing units. Null
 * for PDFs and other files, for drawings that name nothing, and for files uploaded before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('file')
    .addColumn('cad_release', 'text')
    .addColumn('cad_units', 'smallint')
    .addColumn('cad_width', 'double precision')
    .addColumn('cad_height', 'double precision')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('file')
    .dropColumn('cad_release')
    .dropColumn('cad_units')
    .dropColumn('cad_width')
    .dropColumn('cad_height')
    .execute();
}
