/**
 * bench:print — the plan list PDF of a project with 2,000 plans (10 phases × 5 folders × 40 plans,
 * each with a current version, PDF and DWG, an add-on on every tenth plan) and 20 participants
 * subscribed to every plan, half of them sent and downloaded: writePlanListPdf end to end
 * (queries, building the document, layout, drawing, file), with the server thread's share of it.
 * Goal: under 10 s. Writes bench/README.md "## bench:print".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { loadConfig } from '../apps/server/src/config.ts';
import { ensureDatabase, type Db } from '../apps/server/src/db/index.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { startServer } from '../apps/server/src/server.ts';
import { writePlanListPdf } from '../apps/server/src/modules/prints/plan-list.ts';
import { BIG_PLAN_LIST, seedBigPlanList } from '../apps/server/test/big-plan-list.ts';
import { officeActor } from '../apps/server/src/modules/offices/access.ts';
import { insertBenchOffice } from './bench-office.ts';
import { writeReadmeSection } from './readme-section.ts';
import { median as medianValue } from './median.ts';

const SIZE = BIG_PLAN_LIST;
const RUNS = 3;
const GOAL_MS = 10_000;

/** A Markdown table with padded columns, as Prettier writes it (bench/README.md is checked by Prettier). */
function markdownTable(header: [string, string], rows: [string, string][]): string[] {
  const all = [header, ...rows];
  const width = [0, 1].map((c) => Math.max(...all.map((r) => r[c as 0 | 1].length)));
  const line = (r: [string, string]) => `| ${r[0].padEnd(width[0]!)} | ${r[1].padEnd(width[1]!)} |`;
  return [line(header), `| ${'-'.repeat(width[0]!)} | ${'-'.repeat(width[1]!)} |`, ...rows.map(line)];
}

/** The office with its letterhead, and the big project of bench:print (apps/server/test/big-plan-list.ts). */
async function seed(db: Db) {
  const office = await insertBenchOffice(db, 'bench-print@example.org', {
    tier: 'P2',
    company: 'Architekturbüro Groß & Söhne',
    street_name: 'Königstraße',
    street_number: '1',
    city_code: '70173',
    city_name: 'Stuttgart',
  });
  return {
    actor: officeActor(office.id, office.userId),
    projectId: await seedBigPlanList(db, office.id, SIZE),
  };
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
      const busy: number[] = [];
      const building: number[] = [];
      const drawing: number[] = [];
      // The render runs in the render thread: the longest stall of this thread's event loop meanwhile.
      const stalls = monitorEventLoopDelay({ resolution: 10 });
      stalls.enable();
      for (let run = 0; run < RUNS; run++) {
        const start = performance.now();
        const utilization = performance.eventLoopUtilization();
        const { timings } = await writePlanListPdf(db, { ...ids, locale: 'de' }, file);
        // Main-thread time of the job: the event loop's active (not idle) time, whatever ran on it.
        busy.push(performance.eventLoopUtilization(utilization).active);
        times.push(performance.now() - start);
        building.push(timings.builtAt - timings.startedAt);
        drawing.push(timings.writtenAt - timings.builtAt);
      }
      stalls.disable();
      const longestStallMs = stalls.max / 1e6;
      const median = medianValue(times);
      const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
      const sizeMb = fs.statSync(file).size / 1024 / 1024;
      const plans = SIZE.phases * SIZE.foldersPerPhase * SIZE.plansPerFolder;
      const rows: [string, string][] = [
        [`plans / participants`, `${plans} / ${SIZE.participants} (transmittal in its own tables)`],
        [`time per plan list (median of ${RUNS})`, `${(median / 1000).toFixed(2)} s`],
        [`fastest run`, `${(Math.min(...times) / 1000).toFixed(2)} s`],
        [`all runs`, `${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}`],
        [`main-thread time per plan list (median; event loop active)`, `${Math.round(medianValue(busy))} ms`],
        [`render thread: building the document (median)`, `${Math.round(medianValue(building))} ms`],
        [`render thread: layout and drawing (median)`, `${(medianValue(drawing) / 1000).toFixed(2)} s`],
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
        `\`npm run bench:print\` — writePlanListPdf for ${plans} plans (10 phases × 5 folders × 40) with PDF, DWG and an add-on on every tenth plan, ${SIZE.participants} participants subscribed to every plan, half of them sent and downloaded; queries, building the document, pdfmake layout and drawing, file written. Measured ${new Date().toISOString().slice(0, 10)} on this machine (2 shared cores).\n\n${lines.join('\n')}\n\nThe server's thread runs the queries and posts their rows; the render thread (worker_threads, apps/server/src/pdf/pdf-document.ts) builds the pdfmake document from them and lays out and draws it, both synchronous work, so the server's event loop stays free for requests meanwhile (its active time and longest stall above are the queries, reading their rows and posting them to the thread). The page count is known only after layout, so the web shows an indeterminate bar until the print is done.`,
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
