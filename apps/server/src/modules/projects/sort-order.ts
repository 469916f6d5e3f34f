import { sql } from 'kysely';
import { errors } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';

/** Tables whose rows are ordered by `sort_order` within a parent. */
const ORDERED = {
  phase: 'project_id',
  doc_folder: 'phase_id',
  doc: 'folder_id',
  participant_folder: 'project_id',
  participant: 'folder_id',
} as const;
type OrderedTable = keyof typeof ORDERED;

/** The sort order after the last row under the parent. */
export async function nextSortOrder(db: Db, table: OrderedTable, parentId: string): Promise<number> {
  const { rows } = await sql<{ next: number }>`select coalesce(max(sort_order) + 1, 0)::int as next
    from ${sql.table(table)} where ${sql.ref(ORDERED[table])} = ${parentId}`.execute(db);
  return rows[0]?.next ?? 0;
}

/**
 * Numbers the rows under a parent 0..n-1, keeping their order (closes gaps after a delete or move).
 * Answers the ids of the rows that got a new number (a live change carries them).
 */
export async function renumber(db: Db, table: OrderedTable, parentId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`update ${sql.table(table)} as t set sort_order = r.n - 1
    from (select id, row_number() over (order by sort_order, created_at, id) as n
          from ${sql.table(table)} where ${sql.ref(ORDERED[table])} = ${parentId}) as r
    where t.id = r.id and t.sort_order <> r.n - 1
    returning t.id`.execute(db);
  return rows.map((r) => r.id);
}

/** Gives the rows the sort order of their position in `ids` plus `offset`. */
export async function applyOrder(db: Db, table: OrderedTable, ids: readonly string[], offset = 0): Promise<void> {
  if (ids.length === 0) return;
  await sql`update ${sql.table(table)} as t set sort_order = o.position - 1 + ${offset}
    from unnest(${ids}::uuid[]) with ordinality as o(id, position)
    where t.id = o.id`.execute(db);
}

/** A new order names exactly the existing rows: an id from elsewhere is a 404 (as if missing), one left out or repeated is bad input. */
export function assertExactOrder(existingIds: readonly string[], requestedIds: readonly string[]): void {
  const known = new Set(existingIds);
  if (requestedIds.some((id) => !known.has(id))) throw errors.notFound();
  if (new Set(requestedIds).size !== requestedIds.length || requestedIds.length !== existingIds.length)
    throw errors.validation();
}
