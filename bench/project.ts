/**
 * bench:project — GET /api/project/{id} for a large project (10 phases, 50 folders, 2,000 plans,
 * 6,000 versions, 8,000 files), once alone and once with 100 participants with roles and 50,000
 * subscriptions, beside the raw SQL reads of the same rows, in the same run; each also in the compact
 * form (?form=compact) with its size and the client's decode (JSON.parse + expandBundle in Node).
 * Writes the figures into bench/README.md under "## bench:project".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { expandBundle, type CompactBundle, type ProjectBundle } from '@plankurier/shared';
import { loadConfig } from '../apps/server/src/config.ts';
import { ensureDatabase } from '../apps/server/src/db/index.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { startServer, type RunningServer } from '../apps/server/src/server.ts';
import { writeReadmeSection } from './readme-section.ts';
import { createSession } from '../apps/server/src/modules/auth/sessions.ts';
import { generateProject, type Scenario } from './big-project.ts';

const WARM_UP = 5;
/** project, phase, doc_folder, doc, version, file, participant_folder, subscription, participant, participant_role, role */
const RAW_QUERIES = 11;
const RUNS = 50;
const GOAL = { p50Ms: 150, ratioToSql: 2, gzipBytes: 2 * 1024 * 1024 };
/** The big load (issue 15 item 2): the compact form of the project with 50,000 subscriptions. */
const COMPACT_GOAL = { p50Ms: 150, ratioToSql: 1.5, gzipBytes: 1024 * 1024 };
/** Client-side decode runs (JSON.parse, and expandBundle for the compact form). */
const DECODE_RUNS = 20;

interface Timing {
  p50: number;
  p95: number;
}

async function measureInterleaved(runs: (() => Promise<unknown>)[]): Promise<Timing[]> {
  for (let i = 0; i < WARM_UP; i++) for (const run of runs) await run();
  const times = runs.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i++) {
    for (const [k, run] of runs.entries()) {
      const start = performance.now();
      await run();
      times[k]!.push(performance.now() - start);
    }
  }
  return times.map((t) => {
    t.sort((a, b) => a - b);
    const at = (q: number) => t[Math.min(t.length - 1, Math.ceil(q * t.length) - 1)]!;
    return { p50: at(0.5), p95: at(0.95) };
  });
}

/** The same rows the endpoint reads, one query per table, without mapping or JSON. */
async function readRawRows(
  pool: pg.Pool,
  officeId: string,
  projectId: string,
  how: 'one after the other' | 'side by side',
  subscriptions: 'rows' | 'grouped' = 'rows',
) {
  const owned = 'project_id in (select id from project where id = $1 and office_id = $2)';
  const args = [projectId, officeId];
  // 'grouped': the subscriptions one row per participant, as the compact form reads them.
  const subscriptionQuery =
    subscriptions === 'rows'
      ? `select * from subscription where ${owned}`
      : `select participant_id, encode(string_agg(uuid_send(id) || uuid_send(doc_id)
          || set_byte('\\x00'::bytea, 0, gets_pdf::int + 2 * gets_tec::int + 4 * deliver_again::int), ''::bytea), 'hex')
        from subscription where ${owned} group by participant_id`;
  const queries = [
    'select * from project where id = $1 and office_id = $2',
    ...['phase', 'doc_folder', 'doc', 'version', 'file', 'participant_folder'].map(
      (table) => `select * from ${table} where ${owned}`,
    ),
    subscriptionQuery,
    `select participant.*, contact.first_name, contact.last_name, contact.company, contact.email from participant join contact on contact.id = participant.contact_id where participant.${owned}`,
    `select participant_role.* from participant_role join participant on participant.id = participant_role.participant_id where participant.${owned}`,
    'select * from role where office_id = $2 and $1::uuid is not null',
  ];
  if (how === 'side by side') {
    await Promise.all(queries.map((q) => pool.query(q, args)));
    return;
  }
  const client = await pool.connect();
  try {
    for (const q of queries) await client.query(q, args);
  } finally {
    client.release();
  }
}

/** One office with one project of the benchmark size, inserted in bulk with generate_series. */

/** The project of the documents issue alone, and the same project with its participants and subscriptions. */
const SCENARIOS: Scenario[] = [
  { name: 'documents only', participants: false },
  { name: 'with 100 participants and 50,000 subscriptions', participants: true },
];

interface Figures {
  scenario: Scenario;
  counts: Record<string, number>;
  api: Timing;
  rawSql: Timing;
  rawSqlParallel: Timing;
  ratio: number;
  jsonBytes: number;
  gzipBytes: number;
  compact: {
    api: Timing;
    rawSqlGrouped: Timing;
    jsonBytes: number;
    gzipBytes: number;
    /** Node's JSON.parse (+ expandBundle) of the answer's text, standing in for the browser. */
    decodePlain: Timing;
    decodeCompact: Timing;
  };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

function rows(f: Figures): string[][] {
  return [
    [
      'GET /api/project/{id} (app.inject)',
      ms(f.api.p50),
      ms(f.api.p95),
      `p50 < ${GOAL.p50Ms} ms: ${verdict(f.api.p50 < GOAL.p50Ms)}`,
    ],
    [
      `raw SQL, same rows, ${RAW_QUERIES} queries side by side (as the endpoint)`,
      ms(f.rawSqlParallel.p50),
      ms(f.rawSqlParallel.p95),
      '',
    ],
    [`raw SQL, same rows, ${RAW_QUERIES} queries one after the other`, ms(f.rawSql.p50), ms(f.rawSql.p95), ''],
    [
      'ratio API / raw SQL side by side (p50)',
      `${f.ratio.toFixed(2)}×`,
      '',
      `< ${GOAL.ratioToSql}×: ${verdict(f.ratio < GOAL.ratioToSql)}`,
    ],
    ['ratio API / raw SQL one after the other (p50)', `${(f.api.p50 / f.rawSql.p50).toFixed(2)}×`, '', ''],
    ['response JSON', mb(f.jsonBytes), '', ''],
    ['response gzipped (node:zlib, level 6)', mb(f.gzipBytes), '', `< 2 MB: ${verdict(f.gzipBytes < GOAL.gzipBytes)}`],
    ...compactRows(f),
  ];
}

/** The compact form; its goals are the big load's (issue 15 item 2), which are for the project with subscriptions. */
function compactRows(f: Figures): string[][] {
  const c = f.compact;
  const goals = f.scenario.participants;
  const goal = (text: string, ok: boolean) => (goals ? `${text}: ${verdict(ok)}` : '');
  const ratio = c.api.p50 / f.rawSqlParallel.p50;
  const ratioGrouped = c.api.p50 / c.rawSqlGrouped.p50;
  return [
    [
      'GET /api/project/{id}?form=compact (app.inject)',
      ms(c.api.p50),
      ms(c.api.p95),
      goal(`p50 < ${COMPACT_GOAL.p50Ms} ms`, c.api.p50 < COMPACT_GOAL.p50Ms),
    ],
    [
      `raw SQL side by side, subscriptions grouped per participant (as the compact form reads them)`,
      ms(c.rawSqlGrouped.p50),
      ms(c.rawSqlGrouped.p95),
      '',
    ],
    [
      'ratio compact / raw SQL side by side (p50)',
      `${ratio.toFixed(2)}×`,
      '',
      goal(`< ${COMPACT_GOAL.ratioToSql}×`, ratio < COMPACT_GOAL.ratioToSql),
    ],
    ['ratio compact / raw SQL grouped side by side (p50)', `${ratioGrouped.toFixed(2)}×`, '', ''],
    ['compact response JSON', mb(c.jsonBytes), '', ''],
    [
      'compact response gzipped (node:zlib, level 6)',
      mb(c.gzipBytes),
      '',
      goal('< 1 MB', c.gzipBytes < COMPACT_GOAL.gzipBytes),
    ],
    ['client: JSON.parse of the plain answer (Node)', ms(c.decodePlain.p50), ms(c.decodePlain.p95), ''],
    [
      'client: JSON.parse + expandBundle of the compact answer (Node)',
      ms(c.decodeCompact.p50),
      ms(c.decodeCompact.p95),
      '',
    ],
  ];
}

/** p50/p95 of a synchronous step, after two warm-up runs. */
function measureSync(run: () => unknown): Timing {
  run();
  run();
  const t: number[] = [];
  for (let i = 0; i < DECODE_RUNS; i++) {
    const start = performance.now();
    run();
    t.push(performance.now() - start);
  }
  t.sort((a, b) => a - b);
  const at = (q: number) => t[Math.min(t.length - 1, Math.ceil(q * t.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}

function printTable(f: Figures) {
  const c = f.counts;
  console.log(
    `${f.scenario.name} — project: ${c.phases} phases, ${c.folders} folders, ${c.docs} plans, ${c.versions} versions, ${c.files} files, ${c.participants} participants, ${c.subs} subscriptions; ${RUNS} runs after ${WARM_UP} warm-up`,
  );
  console.table(rows(f).map(([what, p50, p95, goal]) => ({ what, 'p50 / value': p50, p95, goal })));
}

function writeReadme(all: Figures[]) {
  const c = all[0]!.counts;
  writeReadmeSection(
    'bench:project',
    [
      '`npm run bench:project` starts an embedded PostgreSQL in a temp directory, migrates and inserts two projects of',
      `${c.phases} phases, ${c.folders} folders, ${c.docs} plans, ${c.versions} versions and ${c.files} file rows — the second also with`,
      `${all[1]?.counts.participants ?? 0} participants with roles and ${all[1]?.counts.subs ?? 0} subscriptions. For each it measures`,
      `\`GET /api/project/{id}\` through \`app.inject\` (p50/p95 over ${RUNS} calls after ${WARM_UP} warm-up calls, interleaved with the SQL reads) beside the`,
      'raw SQL reads of the same rows in the same run (`select *` per table through `pg`, no mapping, no JSON), both',
      'side by side on a pool as the endpoint runs them and one after the other on one connection.',
      'Goal (documents issue): p50 < 150 ms and < 2× raw SQL, gzipped response < 2 MB. The server gzips JSON',
      '(@fastify/compress) for clients that accept it; the size below is measured with node:zlib.',
      "Each project is also loaded in the compact form (`?form=compact`, the web's: subscriptions as arrays per",
      'participant), interleaved with the others, beside raw SQL that reads the subscriptions grouped as it does. Goal (big',
      'load, issue 15 item 2, for the project with subscriptions): p50 < 150 ms and < 1.5× raw SQL, gzipped < 1 MB. The',
      'client side is JSON.parse (+ expandBundle) of the answer in Node, standing in for the browser.',
      '',
      `Last run: ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'},`,
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')} at the end (other work on the machine slows both sides alike).`,
      ...all.flatMap((f) => [
        '',
        `### ${f.scenario.name}`,
        '',
        '| measure | p50 / value | p95 | goal |',
        '| --- | --- | --- | --- |',
        ...rows(f).map((r) => `| ${r.join(' | ')} |`),
      ]),
    ].join('\n'),
  );
}

async function measureScenario(server: RunningServer, databaseUrl: string, scenario: Scenario): Promise<Figures> {
  const { db } = server.deps;
  const { officeId, userId, projectId, counts } = await generateProject(db, scenario);
  const token = await createSession(db, userId, officeId);

  const load = (query = '') =>
    server.app.inject({
      method: 'GET',
      url: `/api/project/${projectId}${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const loadCompact = () => load('?form=compact');
  const first = await load();
  if (first.statusCode !== 200)
    throw new Error(`GET /api/project answered ${first.statusCode}: ${first.body.slice(0, 200)}`);
  const bundle = first.json<ProjectBundle>();
  if (
    bundle.docs.length !== counts.docs ||
    bundle.files.length !== counts.files ||
    bundle.subs.length !== counts.subs ||
    bundle.participants.length !== counts.participants
  ) {
    throw new Error('the response misses rows');
  }
  const firstCompact = await loadCompact();
  if (firstCompact.statusCode !== 200) throw new Error(`?form=compact answered ${firstCompact.statusCode}`);
  if (expandBundle(firstCompact.json<CompactBundle>()).subs.length !== counts.subs)
    throw new Error('the compact response misses subscriptions');

  const pool = new pg.Pool({ connectionString: databaseUrl, max: RAW_QUERIES });
  // Interleaved, so a busy machine slows all three alike and the ratios stay meaningful.
  const timings = await measureInterleaved([
    async () => void (await load()),
    () => readRawRows(pool, officeId, projectId, 'side by side'),
    () => readRawRows(pool, officeId, projectId, 'one after the other'),
    async () => void (await loadCompact()),
    () => readRawRows(pool, officeId, projectId, 'side by side', 'grouped'),
  ]);
  await pool.end();
  const [api, rawSqlParallel, rawSql, compactApi, rawSqlGrouped] = timings as [Timing, Timing, Timing, Timing, Timing];

  const jsonBytes = Buffer.byteLength(first.body);
  const gzipBytes = gzipSync(first.body).length;
  const figures = {
    scenario,
    counts,
    api,
    rawSql,
    rawSqlParallel,
    ratio: api.p50 / rawSqlParallel.p50,
    jsonBytes,
    gzipBytes,
    compact: {
      api: compactApi,
      rawSqlGrouped,
      jsonBytes: Buffer.byteLength(firstCompact.body),
      gzipBytes: gzipSync(firstCompact.body).length,
      decodePlain: measureSync(() => JSON.parse(first.body)),
      decodeCompact: measureSync(() => expandBundle(JSON.parse(firstCompact.body) as CompactBundle)),
    },
  };
  printTable(figures);
  return figures;
}

async function main() {
  // The cluster directory itself comes from mkdtemp: as root, PostgreSQL runs as its own user and
  // could not enter a 0700 parent directory.
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-bench-pg-'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-bench-'));
  const database = await startEmbeddedPostgres(pgDir);
  try {
    await ensureDatabase(database.url('postgres'), 'bench');
    const databaseUrl = database.url('bench');
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, DATA_DIR: path.join(dir, 'data') },
      { webDist: undefined },
    );
    const server = await startServer(config, { workers: false, listen: false });
    try {
      const all: Figures[] = [];
      for (const scenario of SCENARIOS) all.push(await measureScenario(server, databaseUrl, scenario));
      writeReadme(all);
    } finally {
      await server.stop();
    }
  } finally {
    await database.stop();
    for (const d of [pgDir, dir]) fs.rmSync(d, { recursive: true, force: true });
  }
}

await main();
