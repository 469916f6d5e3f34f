/**
 * bench:print — the plan list PDF of a project with 2,000 plans (10 phases × 5 folders × 40 plans,
 * each with a current version, PDF and DWG, an add-on on every tenth plan) and 20 participants
 * subscribed to every plan, half of them sent and downloaded: writePlanListPdf end to end
 * (queries, layout, drawing, file). Goal: under 10 s. Writes bench/README.md "## bench:print".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.ts';
import { ensureDatabase, type Db } from '../apps/server/src/db/index.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { startServer } from '../apps/server/src/server.ts';
import { writePlanListPdf } from '../apps/server/src/modules/prints/plan-list.ts';
import { writeReadmeSection } from './readme-section.ts';

const SIZE = { phases: 10, foldersPerPhase: 5, plansPerFolder: 40, participants: 20 } as const;
const RUNS = 3;
const GOAL_MS = 10_000;

/** A Markdown table with padded columns, as Prettier writes it (bench/README.md is checked by Prettier). */
function markdownTable(header: [string, string], rows: [string, string][]): string[] {
  const all = [header, ...rows];
  const width = [0, 1].map((c) => Math.max(...all.map((r) => r[c as 0 | 1].length)));
  const line = (r: [string, string]) => `| ${r[0].padEnd(width[0]!)} | ${r[1].padEnd(width[1]!)} |`;
  return [line(header), `| ${'-'.repeat(width[0]!)} | ${'-'.repeat(width[1]!)} |`, ...rows.map(line)];
}

async function seed(db: Db) {
  const office = await db
    .insertInto('app_user')
    .values({
      email: 'bench-print@example.org',
      password_hash: 'x',
      tier: 'P2',
      company: 'Architekturbüro Groß & Söhne',
      street_name: 'Königstraße',
      street_number: '1',
      city_code: '70173',
      city_name: 'Stuttgart',
      qr_defaults: JSON.stringify({ x: 10, y: 10, width: 20, autoEmbed: false, hasBorder: false }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: p } = await db
    .insertInto('project')
    .values({ owner_id: office.id, number: '2026-BENCH', name: 'Großprojekt Überseequartier' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into phase (project_id, shortcut, name, sort_order)
    select ${p}, 'LP' || n, 'Leistungsphase ' || n, n - 1 from generate_series(1, ${SIZE.phases}) n`.execute(db);
  await sql`insert into doc_folder (project_id, phase_id, name, category, sort_order)
    select ${p}, phase.id, 'Grundrisse ' || n, 'plans', n - 1
    from phase, generate_series(1, ${SIZE.foldersPerPhase}) n where phase.project_id = ${p}`.execute(db);
  await sql`insert into doc (project_id, folder_id, doctype, number, name, sort_order)
    select ${p}, f.id, 'plan', 'A-' || f.sort_order || '-' || lpad(n::text, 3, '0'),
      'Grundriss Ebene ' || n || ' – Überarbeitung Küche und Wohnräume', n - 1
    from doc_folder f, generate_series(1, ${SIZE.plansPerFolder}) n where f.project_id = ${p}`.execute(db);
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
  await sql`insert into contact (owner_id, first_name, last_name, email, company)
    select ${office.id}, 'Jürgen', 'Müller ' || n, 'p' || n || '@example.org', 'Ingenieurbüro Müller ' || n
    from generate_series(1, ${SIZE.participants}) n`.execute(db);
  await sql`insert into participant (project_id, contact_id, folder_id, sort_order)
    select ${p}, c.id, ${folder}, row_number() over (order by c.email) from contact c where c.owner_id = ${office.id}`.execute(
    db,
  );
  await sql`insert into subscription (project_id, doc_id, participant_id, gets_pdf, gets_tec)
    select ${p}, d.id, pa.id, true, false from doc d, participant pa where d.project_id = ${p} and pa.project_id = ${p}`.execute(
    db,
  );
  // Half the participants were sent every main PDF and downloaded it.
  await sql`with sent as (
      insert into delivery (owner_id, project_id, subject, status) values (${office.id}, ${p}, 'Pläne', 'DONE') returning id
    ), recipients as (
      insert into delivery_recipient (delivery_id, participant_id, email, status, message_id, envelope_token, sent_at)
      select sent.id, pa.id, 'x@example.org', 'SUCCESS', gen_random_uuid()::text, gen_random_uuid()::text, now()
      from sent, participant pa where pa.project_id = ${p} and pa.sort_order % 2 = 0 returning id
    ), files as (
      insert into delivery_file (recipient_id, file_id)
      select r.id, f.id from recipients r, file f where f.project_id = ${p} and f.kind = 'pdf' returning recipient_id, file_id
    )
    insert into download (recipient_id, file_id, via) select recipient_id, file_id, 'single' from files`.execute(db);
  return { officeId: office.id, projectId: p };
}

async function main() {
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-bench-pg-'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-bench-print-'));
  const database = await startEmbeddedPostgres(pgDir);
  try {
    await ensureDatabase(database.url('postgres'), 'bench');
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url('bench'), DATA_DIR: path.join(dir, 'data') },
      { webDist: undefined },
    );
    const server = await startServer(config, { workers: false, listen: false });
    try {
      const db = server.deps.db;
      const ids = await seed(db);
      const file = path.join(dir, 'planliste.pdf');
      const loadBefore = os.loadavg()[0]!;
      const times: number[] = [];
      // The render runs in the render thread: the longest stall of this thread's event loop meanwhile.
      const stalls = monitorEventLoopDelay({ resolution: 10 });
      stalls.enable();
      for (let run = 0; run < RUNS; run++) {
        const start = performance.now();
        await writePlanListPdf(db, { ...ids, locale: 'de' }, file);
        times.push(performance.now() - start);
      }
      stalls.disable();
      const longestStallMs = stalls.max / 1e6;
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)]!;
      const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
      const sizeMb = fs.statSync(file).size / 1024 / 1024;
      const plans = SIZE.phases * SIZE.foldersPerPhase * SIZE.plansPerFolder;
      const rows: [string, string][] = [
        [`plans / participants`, `${plans} / ${SIZE.participants} (transmittal in its own tables)`],
        [`time per plan list (median of ${RUNS})`, `${(median / 1000).toFixed(2)} s`],
        [`fastest run`, `${(times[0]! / 1000).toFixed(2)} s`],
        [`all runs`, `${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}`],
        [`pages / file size`, `${pages} / ${sizeMb.toFixed(1)} MB`],
        [`goal (under 10 s)`, `${median < GOAL_MS ? 'met' : 'NOT met'}`],
        [`longest event-loop stall of the server meanwhile`, `${Math.round(longestStallMs)} ms`],
        [
          `machine load average (1 min) before / after`,
          `${loadBefore.toFixed(1)} / ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
        ],
      ];
      const lines = markdownTable(['figure', 'value'], rows);
      console.log(lines.join('\n'));
      writeReadmeSection(
        'bench:print',
        `\`npm run bench:print\` — writePlanListPdf for ${plans} plans (10 phases × 5 folders × 40) with PDF, DWG and an add-on on every tenth plan, ${SIZE.participants} participants subscribed to every plan, half of them sent and downloaded; queries, pdfmake layout and drawing, file written. Measured ${new Date().toISOString().slice(0, 10)} on this machine (2 shared cores).\n\n${lines.join('\n')}\n\npdfmake lays out and draws synchronously, in the render thread (worker_threads, apps/server/src/pdf/pdf-document.ts): the server's event loop stays free for requests meanwhile (the longest stall above includes the queries and posting the document to the thread); the page count is known only after layout, so the web shows an indeterminate bar until the print is done.`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await database.stop();
    for (const d of [pgDir, dir]) fs.rmSync(d, { recursive: true, force: true });
  }
}

await main();
