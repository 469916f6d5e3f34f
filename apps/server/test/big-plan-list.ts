import { sql } from 'kysely';
import type { Db } from '../src/db/index.ts';

export interface BigPlanListSize {
  phases: number;
  foldersPerPhase: number;
  plansPerFolder: number;
  participants: number;
}

/** The plan list that bench:print measures: 10 phases × 5 folders × 40 plans, 20 participants. */
export const BIG_PLAN_LIST: BigPlanListSize = { phases: 10, foldersPerPhase: 5, plansPerFolder: 40, participants: 20 };

/**
 * A big project of the office, written in a few set-based statements: every plan with a current
 * version, PDF and DWG, an add-on on every tenth plan; every participant subscribed to every plan;
 * half the participants were sent every main PDF and downloaded it. For bench:print and the test
 * that the server's event loop keeps ticking while such a list is printed.
 */
export async function seedBigPlanList(db: Db, officeId: string, size = BIG_PLAN_LIST): Promise<string> {
  const { id: p } = await db
    .insertInto('project')
    .values({ office_id: officeId, number: '2026-BENCH', name: 'Großprojekt Überseequartier' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into phase (project_id, shortcut, name, sort_order)
    select ${p}, 'LP' || n, 'Leistungsphase ' || n, n - 1 from generate_series(1, ${size.phases}) n`.execute(db);
  await sql`insert into doc_folder (project_id, phase_id, name, category, sort_order)
    select ${p}, phase.id, 'Grundrisse ' || n, 'plans', n - 1
    from phase, generate_series(1, ${size.foldersPerPhase}) n where phase.project_id = ${p}`.execute(db);
  await sql`insert into doc (project_id, folder_id, doctype, number, name, sort_order)
    select ${p}, f.id, 'plan', 'A-' || f.sort_order || '-' || lpad(n::text, 3, '0'),
      'Grundriss Ebene ' || n || ' – Überarbeitung Küche und Wohnräume', n - 1
    from doc_folder f, generate_series(1, ${size.plansPerFolder}) n where f.project_id = ${p}`.execute(db);
  await sql`insert into version (project_id, doc_id, number, index, status, release_date)
    select ${p}, d.id, 1, 'C', 'current', now() from doc d where d.project_id = ${p}`.execute(db);
  await sql`insert into file (project_id, doc_id, version_id, kind, filename, storage_key, size, sha256, mime_type,
      pdf_width_mm, pdf_height_mm)
    select ${p}, v.doc_id, v.id, k.kind, d.number || '.' || k.ext, '00/' || gen_random_uuid(), 100000, repeat('a', 64),
      'application/octet-stream', k.w, k.h
    from version v join doc d on d.id = v.doc_id,
      (values ('pdf', 'pdf', 841.0, 594.0), ('dwg', 'dwg', null, null)) as k(kind, ext, w, h)
    where v.project_id = ${p}`.execute(db);
  await sql`insert into file (project_id, doc_id, version_id, kind, filename, storage_key, size, sha256, mime_type,
      pdf_width_mm, pdf_height_mm)
    select ${p}, v.doc_id, v.id, 'addon', 'Türliste ' || d.number || '.pdf', '00/' || gen_random_uuid(), 1000,
      repeat('a', 64), 'application/pdf', 297, 420
    from version v join doc d on d.id = v.doc_id where v.project_id = ${p} and d.sort_order % 10 = 0`.execute(db);
  const { id: folder } = await db
    .insertInto('participant_folder')
    .values({ project_id: p, name: 'Fachplaner', sort_order: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into contact (office_id, first_name, last_name, email, company)
    select ${officeId}, 'Jürgen', 'Müller ' || n, 'p' || n || '@example.org', 'Ingenieurbüro Müller ' || n
    from generate_series(1, ${size.participants}) n`.execute(db);
  await sql`insert into participant (project_id, contact_id, folder_id, sort_order)
    select ${p}, c.id, ${folder}, row_number() over (order by c.email) from contact c where c.office_id = ${officeId}`.execute(
    db,
  );
  await sql`insert into subscription (project_id, doc_id, participant_id, gets_pdf, gets_tec)
    select ${p}, d.id, pa.id, true, false from doc d, participant pa where d.project_id = ${p} and pa.project_id = ${p}`.execute(
    db,
  );
  // Half the participants were sent every main PDF and downloaded it.
  await sql`with sent as (
      insert into delivery (office_id, project_id, subject, status) values (${officeId}, ${p}, 'Pläne', 'DONE') returning id
    ), recipients as (
      insert into delivery_recipient (delivery_id, participant_id, email, status, message_id, envelope_token, sent_at)
      select sent.id, pa.id, 'x@example.org', 'SUCCESS', gen_random_uuid()::text, gen_random_uuid()::text, now()
      from sent, participant pa where pa.project_id = ${p} and pa.sort_order % 2 = 0 returning id
    ), files as (
      insert into delivery_file (recipient_id, file_id)
      select r.id, f.id from recipients r, file f where f.project_id = ${p} and f.kind = 'pdf' returning recipient_id, file_id
    )
    insert into download (recipient_id, file_id, via) select recipient_id, file_id, 'single' from files`.execute(db);
  return p;
}
