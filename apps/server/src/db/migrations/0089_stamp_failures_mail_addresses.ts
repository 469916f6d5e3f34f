import { sql, type Kysely } from 'kysely';

/**
 * Issue 36, what was left.
 * - qr_stamp_failure: a QR copy that could not be made (past the stamp process's limits, or a file
 *   the stamp refuses) for a file and placement. Its downloads serve the original at once instead of
 *   stamping a 100,000-page file again on every download; a new placement or version is tried anew.
 * - mail_address_confirmation: a person's Reply-To or BCC address that is no account of the office
 *   is used only once its owner followed the link in a confirmation mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table qr_stamp_failure (
    file_id uuid not null references file(id) on delete cascade,
    stamp_key text not null,
    reason text not null,
    created_at timestamptz not null default now(),
    primary key (file_id, stamp_key)
  )`.execute(db);
  await sql`create table mail_address_confirmation (
    user_id uuid not null references app_user(id) on delete cascade,
    email text not null,
    code_hash bytea not null unique,
    requested_at timestamptz not null default now(),
    confirmed_at timestamptz,
    primary key (user_id, email)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mail_address_confirmation`.execute(db);
  await sql`drop table qr_stamp_failure`.execute(db);
}
