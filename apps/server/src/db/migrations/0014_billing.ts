import type { Kysely } from 'kysely';

/** Tiers, buys and invoices. */
export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}
