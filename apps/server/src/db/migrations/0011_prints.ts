import type { Kysely } from 'kysely';

/** Print jobs (plan list, participant list, timeline PDFs). */
export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}
