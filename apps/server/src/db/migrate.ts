import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './index.ts';
import * as m0001 from './migrations/0001_accounts.ts';
import * as m0002 from './migrations/0002_projects.ts';

/** Migrations live in code, in order; a new one is appended here. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_projects': m0002,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
