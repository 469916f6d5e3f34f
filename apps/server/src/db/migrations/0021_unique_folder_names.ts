import { sql, type Kysely } from 'kysely';

/**
 * Folder names are unique ignoring case: a doc folder's within its phase (plan and document folders
 * together: one phase showing 'Pläne' twice is confusing whatever the kind), a participant folder's
 * within its project. Names made before the rule are trimmed, and later duplicates become
 * 'Name (2)', 'Name (3)', … so the indexes can be built on any data.
 */
const FOLDER_NAME_SCOPES = [
  { table: 'doc_folder', scope: 'phase_id', index: 'doc_folder_name_key' },
  { table: 'participant_folder', scope: 'project_id', index: 'participant_folder_name_key' },
] as const;

type Scope = (typeof FOLDER_NAME_SCOPES)[number];

async function nameInUse(db: Kysely<unknown>, { table, scope }: Scope, scopeId: string, name: string) {
  const { rows } = await sql`select 1 from ${sql.table(table)}
    where ${sql.ref(scope)} = ${scopeId} and lower(name) = lower(${name}) limit 1`.execute(db);
  return rows.length > 0;
}

/** Every folder after the first of its name (by position) gets the smallest free ' (n)', n ≥ 2. */
async function renameDuplicates(db: Kysely<unknown>, target: Scope) {
  const { table, scope } = target;
  await sql`update ${sql.table(table)} set name = btrim(name)
    where name <> btrim(name) and btrim(name) <> ''`.execute(db);
  const { rows } = await sql<{ id: string; scope_id: string; name: string }>`
    select id, scope_id, name from (
      select id, ${sql.ref(scope)} as scope_id, name, row_number() over (
        partition by ${sql.ref(scope)}, lower(name) order by sort_order, created_at, id
      ) as position
      from ${sql.table(table)}
    ) numbered
    where position > 1
    order by scope_id, lower(name), position`.execute(db);
  for (const row of rows) {
    let n = 2;
    while (await nameInUse(db, target, row.scope_id, `${row.name} (${n})`)) n++;
    await sql`update ${sql.table(table)} set name = ${`${row.name} (${n})`} where id = ${row.id}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const target of FOLDER_NAME_SCOPES) {
    await renameDuplicates(db, target);
    await sql`create unique index ${sql.id(target.index)}
      on ${sql.table(target.table)} (${sql.ref(target.scope)}, lower(name))`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const target of FOLDER_NAME_SCOPES) await sql`drop index if exists ${sql.id(target.index)}`.execute(db);
}
