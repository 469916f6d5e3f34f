// npm run bench:heavy-files — issue 36 §1's measurement: a second office's upload check and
// thumbnail of a small ordinary plan PDF and DXF, first on an idle server (baseline), then while a
// first office's attack files (the nested-form PDF and nested-block DXF of the heavy-files test)
// are being drawn. Prints both, the difference (goal: within 5 s of the baseline) and the peak
// resident memory of the file processes against their cap. The real server in this process on an
// embedded PostgreSQL, uploads through tus over HTTP as the web sends them.
//
// The limits are the server's (FILE_CHECK_SECONDS, PREVIEW_SECONDS, FILE_PROCESS_MEMORY_MB from the
// environment, else config.ts' defaults); BENCH_HEAVY_RUNS runs of each (default 3), medians count.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { residentBytes } from '../apps/server/src/pdf/process-watch.ts';
import { startServer } from '../apps/server/src/server.ts';
import { nestedBlocksDxf, nestedFormsPdf } from '../apps/server/test/heavy-files.ts';
import { startSmtpSink } from '../apps/server/test/smtp-sink.ts';
import { tusClient, uploadAll } from '../apps/server/test/tus-client.ts';
import { createVersionRow, fixture, sha256Hex } from '../apps/server/test/upload-fixtures.ts';
import { signUpBenchOffice } from './bench-server.ts';
import { median } from './median.ts';
import { writeReadmeSection } from './readme-section.ts';

const RUNS = Number(process.env.BENCH_HEAVY_RUNS ?? 3);
const limitsEnv = Object.fromEntries(
  ['FILE_CHECK_SECONDS', 'PREVIEW_SECONDS', 'FILE_PROCESS_MEMORY_MB'].flatMap((k) =>
    process.env[k] ? [[k, process.env[k]!]] : [],
  ),
);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-bench-heavy-'));
// The embedded PostgreSQL runs as its own user and must reach its directory below this one.
fs.chmodSync(dir, 0o755);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The file processes (pdf-process-main.mjs) among this process's children: pid → peak resident bytes. */
const peaks = new Map<number, number>();
const fileProcesses = () => {
  const pids: number[] = [];
  for (const task of fs.readdirSync('/proc/self/task')) {
    let children: string;
    try {
      children = fs.readFileSync(`/proc/self/task/${task}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const pid of children.trim().split(/\s+/).filter(Boolean).map(Number)) {
      try {
        if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('pdf-process-main')) pids.push(pid);
      } catch {
        // ended meanwhile
      }
    }
  }
  return pids;
};
const sampler = setInterval(() => {
  for (const pid of fileProcesses()) {
    const rss = residentBytes(pid);
    if (rss !== null) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, rss));
  }
}, 100);

const smtp = await startSmtpSink();
const config = loadConfig(
  {
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dir,
    MAIL_FROM: 'Plankurier <noreply@example.org>',
    SMTP_URL: smtp.url,
    ...limitsEnv,
  },
  { webDist: undefined },
);
const server = await startServer(config, { workers: true });
const address = server.app.server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

async function office() {
  const signedUp = await signUpBenchOffice(server);
  const tus = tusClient(baseUrl, signedUp.token);
  return {
    /** The upload's seconds up to the last PATCH's answer, which comes after the server's check of the file. */
    async upload(data: Buffer, filename: string) {
      const { versionId } = await createVersionRow(server.deps.db, signedUp.id);
      const start = process.hrtime.bigint();
      const { last } = await uploadAll(tus, data, { versionId, filename, kind: 'main', sha256: sha256Hex(data) });
      if (last.status !== 204) throw new Error(`upload of ${filename} answered ${last.status}: ${last.body}`);
      return { fileId: last.headers.get('upload-file-id')!, checkS: seconds(start), end: process.hrtime.bigint() };
    },
  };
}

/** Seconds from `since` (the end of its upload) until the file's preview is no longer pending, and how it ended. */
async function previewSettled(fileId: string, since: bigint) {
  for (;;) {
    const row = await server.deps.db
      .selectFrom('file')
      .select('preview_status')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    if (row.preview_status !== 'pending') return { s: seconds(since), status: row.preview_status };
    await sleep(100);
  }
}

const pdf = fixture('hello_world_rotated.pdf');
const dxf = fixture('polylines.dxf');

/** The second office's PDF and DXF, one after the other as one person uploads them. */
async function lightRun(light: Awaited<ReturnType<typeof office>>) {
  const a = await light.upload(pdf, 'A-101 Grundriss.pdf');
  const b = await light.upload(dxf, 'A-104 Lageplan.dxf');
  const [pa, pb] = await Promise.all([previewSettled(a.fileId, a.end), previewSettled(b.fileId, b.end)]);
  return {
    pdfCheckS: a.checkS,
    dxfCheckS: b.checkS,
    pdfThumbS: pa.s,
    dxfThumbS: pb.s,
    statuses: `${pa.status}/${pb.status}`,
  };
}

type Run = Awaited<ReturnType<typeof lightRun>> & { load: string; heavy?: string };
const baseline: Run[] = [];
const attacked: Run[] = [];
try {
  const attacker = await office();
  const light = await office();
  // Warm-up: the first call starts each file process and loads its modules (a running server has them).
  await lightRun(light);
  for (let run = 0; run < RUNS; run++) {
    const loadBefore = load();
    baseline.push({ ...(await lightRun(light)), load: `${loadBefore} → ${load()}` });
    console.log(`baseline ${run + 1}:`, baseline.at(-1));
  }
  for (let run = 0; run < RUNS; run++) {
    const loadBefore = load();
    const heavy = [
      await attacker.upload(nestedFormsPdf(), 'X-1 Verschachtelt.pdf'),
      await attacker.upload(nestedBlocksDxf(), 'X-2 Blöcke.dxf'),
    ];
    // The preview process is into the attack PDF when the other office uploads.
    await sleep(1000);
    const result = await lightRun(light);
    const heavyEnds = await Promise.all(heavy.map((h) => previewSettled(h.fileId, h.end)));
    attacked.push({ ...result, load: `${loadBefore} → ${load()}`, heavy: heavyEnds.map((h) => h.status).join('/') });
    console.log(`under attack ${run + 1}:`, attacked.at(-1));
  }
} finally {
  clearInterval(sampler);
  await server.stop();
  await smtp.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

const measures = ['pdfCheckS', 'dxfCheckS', 'pdfThumbS', 'dxfThumbS'] as const;
const names: Record<(typeof measures)[number], string> = {
  pdfCheckS: 'upload + check, PDF (1.3 KB)',
  dxfCheckS: 'upload + check, DXF (27 KB)',
  pdfThumbS: 'thumbnail after upload, PDF',
  dxfThumbS: 'thumbnail after upload, DXF',
};
const rows = measures.map((m) => {
  const base = median(baseline.map((r) => r[m]));
  const under = median(attacked.map((r) => r[m]));
  const diff = under - base;
  return `| ${names[m]} | ${base.toFixed(2)} s | ${under.toFixed(2)} s | ${diff >= 0 ? '+' : ''}${diff.toFixed(2)} s | ${diff <= 5 ? 'met' : '**missed**'} |`;
});
const capMb = config.fileProcesses.previews.memoryMb;
const peakMb = Math.max(0, ...peaks.values()) / 2 ** 20;
const section = [
  `Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${os.cpus().length} CPUs, load average ${load()} at the end (1 / 5 / 15 min).`,
  `Limits: checks ${config.fileProcesses.checks.timeLimitMs / 1000} s, previews ${config.fileProcesses.previews.timeLimitMs / 1000} s, ${capMb} MB per file process. Medians of ${RUNS} runs each; a warm-up run first.`,
  '',
  '| second office | baseline | while the attack files run | difference | goal: within 5 s |',
  '| --- | --- | --- | --- | --- |',
  ...rows,
  '',
  `- peak resident memory of a file process: **${peakMb.toFixed(0)} MB** against its cap of ${capMb} MB (${peaks.size} processes seen, /proc read every 100 ms; the server's own watch reads every 50 ms and kills at 85 % of the cap, so that what grows between two reads stays under it)`,
  `- attack files ended: ${attacked.map((r) => r.heavy).join(', ')}`,
  '',
  '| run | load (1 min, start → end) | PDF check | DXF check | PDF thumbnail | DXF thumbnail | thumbnails |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...[
    ...baseline.map((r, i) => ({ r, name: `baseline ${i + 1}` })),
    ...attacked.map((r, i) => ({ r, name: `attack ${i + 1}` })),
  ].map(
    ({ r, name }) =>
      `| ${name} | ${r.load} | ${r.pdfCheckS.toFixed(2)} s | ${r.dxfCheckS.toFixed(2)} s | ${r.pdfThumbS.toFixed(2)} s | ${r.dxfThumbS.toFixed(2)} s | ${r.statuses} |`,
  ),
  '',
  'The upload check runs in the PDF process, the thumbnails in the two preview processes; the attack files are the first',
  "office's and are drawn until they pass the time limit or memory cap. A worker holds one preview job per office and each",
  'office draws in one preview process at a time: a thumbnail of the second office that arrives while an attack file is',
  'being drawn is fetched at once and drawn in the other preview process.',
].join('\n');
console.log(section);
writeReadmeSection('bench:heavy-files', section);
process.exit(0);
