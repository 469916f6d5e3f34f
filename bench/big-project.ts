import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/index.ts';
import { insertBenchOffice } from './bench-office.ts';

/** The large project of issue 15: 10 phases, 50 folders, 2,000 plans, 6,000 versions, 8,000 files. */
export const SIZE = {
  phases: 10,
  foldersPerPhase: 5,
  plansPerFolder: 40,
  versionsPerPlan: 3,
  participants: 100,
  roles: 10,
} as const;
/** Every participant gets every fourth plan: 2,000 × 100 / 4 = 50,000 subscriptions. */
export const SUBSCRIBE_EVERY = 4;

export interface Scenario {
  name: string;
  participants: boolean;
}

/**
 * The large project written in a few set-based statements, for an office of its own (bench:project,
 * bench:web): with `participants`, 100 participants with roles and 50,000 subscriptions.
 */
export async function generateProject(db: Db, scenario: Scenario) {
  const office = await insertBenchOffice(
    db,
    `bench-${scenario.participants ? 'participants' : 'documents'}@example.org`,
    { tier: 'P2' },
  );
  const project = await db
    .insertInto('project')
    .values({ office_id: office.id, number: '2026-BENCH', name: 'Großprojekt' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const p = project.id;
  await sql`insert into phase (project_id, shortcut, name, sort_order)
    select ${p}, 'LP' || n, 'Leistungsphase ' || n, n - 1 from generate_series(1, ${SIZE.phases}) n`.execute(db);
  await sql`insert into doc_folder (project_id, phase_id, name, category, sort_order)
    select ${p}, phase.id, 'Ordner ' || n, case when n = 1 then 'documents' else 'plans' end, n - 1
    from phase, generate_series(1, ${SIZE.foldersPerPhase}) n where phase.project_id = ${p}`.execute(db);
  await sql`insert into doc (project_id, folder_id, doctype, number, name, sort_order)
    select ${p}, f.id, 'plan', 'A-' || f.sort_order || '-' || lpad(n::text, 3, '0'), 'Grundriss Ebene ' || n, n - 1
    from doc_folder f, generate_series(1, ${SIZE.plansPerFolder}) n where f.project_id = ${p}`.execute(db);
  // Three versions per plan: the first archived, the second outdated, the third current.
  await sql`insert into version (project_id, doc_id, number, index, comment, status, release_date, outdated_at)
    select ${p}, d.id, n, chr(64 + n), 'Änderung ' || n,
      case n when 3 then 'current' when 2 then 'outdated' else 'archived' end,
      now() - make_interval(days => 30 - n), case when n < 3 then now() - make_interval(days => 29 - n) end
    from doc d, generate_series(1, ${SIZE.versionsPerPlan}) n where d.project_id = ${p}`.execute(db);
  // A PDF for every version, and a DWG for every current version: 6,000 + 2,000 files.
  await sql`insert into file (project_id, doc_id, version_id, kind, filename, storage_key, size, sha256, mime_type, pdf_width_mm, pdf_height_mm, pdf_pages)
    select ${p}, v.doc_id, v.id, 'pdf', 'plan-' || v.index || '.pdf', 'bench/' || v.id || '.pdf', 2500000, repeat('a', 64), 'application/pdf', 841, 594, 1
    from version v where v.project_id = ${p}`.execute(db);
  await sql`insert into file (project_id, doc_id, version_id, kind, filename, storage_key, size, sha256, mime_type, delivered_at)
    select ${p}, v.doc_id, v.id, 'dwg', 'plan-' || v.index || '.dwg', 'bench/' || v.id || '.dwg', 4100000, repeat('b', 64), 'image/vnd.dwg', now()
    from version v where v.project_id = ${p} and v.status = 'current'`.execute(db);
  if (scenario.participants) await generateParticipants(db, office.id, p);
  await sql`analyze`.execute(db);
  const count = async (table: 'phase' | 'doc_folder' | 'doc' | 'version' | 'file' | 'participant' | 'subscription') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('project_id', '=', p)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts = {
    phases: await count('phase'),
    folders: await count('doc_folder'),
    docs: await count('doc'),
    versions: await count('version'),
    files: await count('file'),
    participants: await count('participant'),
    subs: await count('subscription'),
  };
  return { officeId: office.id, userId: office.userId, projectId: p, counts };
}

/** 100 contacts as participants in three folders, each with one of ten roles, subscribed to every fourth plan. */
async function generateParticipants(db: Db, officeId: string, p: string) {
  const office = { id: officeId };
  await sql`insert into participant_folder (project_id, name, sort_order)
    select ${p}, f.name, f.n - 1 from unnest(array['Bauherr', 'Fachplaner', 'Ausführende']) with ordinality as f(name, n)`.execute(
    db,
  );
  await sql`insert into contact (office_id, first_name, last_name, email, company, needs_pdf, needs_tec)
    select ${office.id}, 'Vorname ' || n, 'Nachname ' || n, 'kontakt-' || n || '@example.org', 'Firma ' || n, true, n % 3 = 0
    from generate_series(1, ${SIZE.participants}) n`.execute(db);
  await sql`insert into participant (project_id, contact_id, folder_id, sort_order)
    select ${p}, c.id, f.id, c.n / 3
    from (select id, row_number() over (order by email) as n from contact where office_id = ${office.id}) c
    join participant_folder f on f.project_id = ${p} and f.sort_order = c.n % 3`.execute(db);
  await sql`insert into role (office_id, name) select ${office.id}, 'Rolle ' || n from generate_series(1, ${SIZE.roles}) n`.execute(
    db,
  );
  await sql`insert into participant_role (participant_id, role_id)
    select pa.id, r.id
    from (select id, row_number() over (order by id) as n from participant where project_id = ${p}) pa
    join (select id, row_number() over (order by id) as n from role where office_id = ${office.id}) r on r.n = pa.n % ${SIZE.roles} + 1`.execute(
    db,
  );
  await sql`insert into subscription (project_id, doc_id, participant_id, gets_pdf, gets_tec)
    select ${p}, d.id, pa.id, true, pa.n % 3 = 0
    from (select id, row_number() over (order by id) as n from doc where project_id = ${p}) d
    join (select id, row_number() over (order by id) as n from participant where project_id = ${p}) pa on (d.n + pa.n) % ${SUBSCRIBE_EVERY} = 0`.execute(
    db,
  );
}
