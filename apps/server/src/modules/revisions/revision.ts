import { sql } from 'kysely';
import { errors, personName } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';

/** Rows whose names and numbers several people may edit at once. */
export type RevisedTable =
  'project' | 'phase' | 'doc_folder' | 'participant_folder' | 'doc' | 'version' | 'contact' | 'role';

/**
 * Claims the next revision of a row for an edit, in the caller's transaction. When the client saw an
 * older revision (`seen`), someone changed the row since: 409 common.conflict with the current data
 * and who changed it ('Inzwischen von <Name> geändert'). The row stays locked until the transaction
 * ends, so of two edits made on the same revision only the first passes. `seen` left out: no check.
 */
export async function claimRevision(
  tx: Db,
  edit: { table: RevisedTable; id: string; seen: number | undefined; userId: string },
  current: () => Promise<unknown>,
): Promise<void> {
  const seen = edit.seen ?? null;
  const claimed = await sql<{ id: string }>`update ${sql.table(edit.table)}
    set revision = revision + 1, updated_by = ${edit.userId}
    where id = ${edit.id} and (${seen}::int is null or revision = ${seen}::int)
    returning id`.execute(tx);
  if (claimed.rows.length > 0) return;
  const editor = await sql<{ first_name: string; last_name: string; email: string }>`
    select u.first_name, u.last_name, u.email from ${sql.table(edit.table)} t
    join app_user u on u.id = t.updated_by where t.id = ${edit.id}`.execute(tx);
  const who = editor.rows[0];
  throw errors.conflict({
    current: await current(),
    changedBy: who ? personName({ firstName: who.first_name, lastName: who.last_name, email: who.email }) : null,
  });
}
