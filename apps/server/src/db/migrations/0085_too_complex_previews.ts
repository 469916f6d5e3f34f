import { sql, type Kysely } from 'kysely';

/**
 * Heavy files (issue 36): a thumbnail, sheet or scene whose drawing passed the preview process's
 * time or memory limit ends `too_complex` — not retried, shown as "too complex to preview".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['preview_status', 'sheet_status']) {
    await sql`alter table file drop constraint if exists ${sql.raw(`file_${column}_check`)}`.execute(db);
    await sql`alter table file add constraint ${sql.raw(`file_${column}_check`)}
              check (${sql.raw(column)} in ('pending', 'ready', 'failed', 'too_complex'))`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update file set preview_status = 'failed' where preview_status = 'too_complex'`.execute(db);
  await sql`update file set sheet_status = 'failed' where sheet_status = 'too_complex'`.execute(db);
  for (const column of ['preview_status', 'sheet_status']) {
    await sql`alter table file drop constraint if exists ${sql.raw(`file_${column}_check`)}`.execute(db);
    await sql`alter table file add constraint ${sql.raw(`file_${column}_check`)}
              check (${sql.raw(column)} in ('pending', 'ready', 'failed'))`.execute(db);
  }
}
