import type { Kysely } from 'kysely';

/** QR codes on plan PDFs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}
