import type { Kysely } from 'kysely';

/** Shipments of printed plans. */
export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}
