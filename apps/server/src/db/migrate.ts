import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './index.ts';
import * as m0001 from './migrations/0001_accounts.ts';
import * as m0002 from './migrations/0002_projects.ts';
import * as m0003 from './migrations/0003_download_tokens.ts';
import * as m0004 from './migrations/0004_uploads.ts';
import * as m0005 from './migrations/0005_contacts.ts';
import * as m0006 from './migrations/0006_participants.ts';
import * as m0007 from './migrations/0007_templates.ts';
import * as m0008 from './migrations/0008_deliveries.ts';
import * as m0009 from './migrations/0009_downloads.ts';
import * as m0010 from './migrations/0010_bounces.ts';
import * as m0011 from './migrations/0011_prints.ts';
import * as m0012 from './migrations/0012_archives.ts';
import * as m0013 from './migrations/0013_qr_codes.ts';
import * as m0014 from './migrations/0014_billing.ts';
import * as m0015 from './migrations/0015_shipments.ts';
import * as m0016 from './migrations/0016_offices.ts';
import * as m0018 from './migrations/0018_contact_import_report.ts';
import * as m0019 from './migrations/0019_data_files.ts';
import * as m0021 from './migrations/0021_unique_folder_names.ts';
import * as m0022 from './migrations/0022_delivery_sender_email.ts';
import * as m0030 from './migrations/0030_shared_state.ts';
import * as m0032 from './migrations/0032_cad_facts.ts';
import * as m0040 from './migrations/0040_proof_of_delivery.ts';
import * as m0050 from './migrations/0050_plan_previews.ts';
import * as m0051 from './migrations/0051_plan_sheets.ts';
import * as m0070 from './migrations/0070_plan_sets.ts';
import * as m0072 from './migrations/0072_project_changes.ts';
import * as m0073 from './migrations/0073_contact_locale.ts';
import * as m0074 from './migrations/0074_invoice_details.ts';
import * as m0075 from './migrations/0075_standing_subscriptions.ts';
import * as m0076 from './migrations/0076_withdrawn_plans.ts';
import * as m0078 from './migrations/0078_delivery_retries.ts';
import * as m0081 from './migrations/0081_session_devices.ts';
import * as m0083 from './migrations/0083_link_lifetime.ts';
import * as m0084 from './migrations/0084_mail_sends.ts';
import * as m0085 from './migrations/0085_too_complex_previews.ts';
import * as m0089 from './migrations/0089_stamp_failures_mail_addresses.ts';
import * as m0090 from './migrations/0090_pgboss_12.ts';

/** Migrations live in code, in order; a new one is appended here. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_projects': m0002,
  '0003_download_tokens': m0003,
  '0004_uploads': m0004,
  '0005_contacts': m0005,
  '0006_participants': m0006,
  '0007_templates': m0007,
  '0008_deliveries': m0008,
  '0009_downloads': m0009,
  '0010_bounces': m0010,
  '0011_prints': m0011,
  '0012_archives': m0012,
  '0013_qr_codes': m0013,
  '0014_billing': m0014,
  '0015_shipments': m0015,
  '0016_offices': m0016,
  '0018_contact_import_report': m0018,
  '0019_data_files': m0019,
  '0021_unique_folder_names': m0021,
  '0022_delivery_sender_email': m0022,
  '0030_shared_state': m0030,
  '0032_cad_facts': m0032,
  '0040_proof_of_delivery': m0040,
  '0050_plan_previews': m0050,
  '0051_plan_sheets': m0051,
  '0070_plan_sets': m0070,
  '0072_project_changes': m0072,
  '0073_contact_locale': m0073,
  '0074_invoice_details': m0074,
  '0075_standing_subscriptions': m0075,
  '0076_withdrawn_plans': m0076,
  '0078_delivery_retries': m0078,
  '0081_session_devices': m0081,
  '0083_link_lifetime': m0083,
  '0084_mail_sends': m0084,
  '0085_too_complex_previews': m0085,
  '0089_stamp_failures_mail_addresses': m0089,
  '0090_pgboss_12': m0090,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** The migrator over the app's migrations (a test steps through them with migrateTo). */
export const createMigrator = (db: Db) => new Migrator({ db, provider });

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
