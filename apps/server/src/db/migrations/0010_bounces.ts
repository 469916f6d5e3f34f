import type { Kysely } from 'kysely';

/** Returned mail (bounces) for delivery recipients. */
export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}
