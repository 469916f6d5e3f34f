import type { Kysely } from 'kysely';

/** Project archives (ZIP). */
export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}
