// npm run bench:plan-set — a set of 200 plan files (100 plans as a 10 MB PDF and a DWG, 1 GB) for a
// project of 100 plans, through the real server in its own process:
//  - the review table in Chromium (the built web app): from the files chosen to the table with
//    every row on screen (names only: the files are not read);
//  - the server's matching call (POST /api/plan-sets/check) with the 200 names;
//  - the whole set through the API — the set call, the uploads (three files at a time, each file's
//    SHA-256 then its tus upload in 50 MB chunks, as the web does), finishing and 'Alle freigeben' —
//    beside the same 200 uploads one after the other into versions prepared beforehand, in the same run.
// The plan-file-name reader alone: 1,000 names parsed and scored, in Node and in Chromium
// (BENCH_READER_ONLY=1: only this part, printed, README left as it is).
// Three runs (each with the next indexes); medians and every run into bench/README.md.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { readyLine } from './ready-line.ts';
import { writeReadmeSection } from './readme-section.ts';
import { median } from './median.ts';
import { readerInChromium, readerInNode } from './plan-reader.ts';

const RUNS = 3;
const PLANS = 100;
const PDF_BYTES = Number(process.env.BENCH_PDF_MB ?? 10.2) * 1024 * 1024;
const CHUNK_BYTES = 50 * 1024 * 1024;
const PARALLEL = 3;
const MB = 1024 * 1024;
const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-bench-planset-'));
// The embedded PostgreSQL runs as its own user and must reach its directory below this one.
fs.chmodSync(dir, 0o755);
const contentDir = path.join(dir, 'content');
fs.mkdirSync(contentDir);

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
const number = (i: number) => `A-${String(i + 1).padStart(3, '0')}`;

/**
 * A plan PDF of `size` bytes written by hand: a catalog, one A1 page with its title, and one large
 * stream (the drawing's weight) nothing on the page reads, then a correct cross-reference table. The
 * server opens it with pdf.js in a few ranges, as it does a real plotted plan with an intact table.
 */
async function writePlanPdf(file: string, title: string, size: number) {
  const out = fs.createWriteStream(file);
  let offset = 0;
  const offsets: number[] = [];
  const write = (data: string | Buffer) =>
    new Promise<void>((resolve, reject) => {
      offset += typeof data === 'string' ? Buffer.byteLength(data, 'latin1') : data.length;
      out.write(typeof data === 'string' ? Buffer.from(data, 'latin1') : data, (err) =>
        err ? reject(err) : resolve(),
      );
    });
  const object = async (body: string) => {
    offsets.push(offset);
    await write(`${offsets.length} 0 obj\n${body}\nendobj\n`);
  };
  await write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  await object('<< /Type /Catalog /Pages 2 0 R /PieceInfo << /Plankurier << /Private 5 0 R >> >> >>');
  await object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  await object(
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 2384 1684] /Contents 4 0 R /Resources << /Font << /F1 6 0 R >> >> >>',
  );
  const text = `BT /F1 24 Tf 1900 80 Td (${title}) Tj ET`;
  await object(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
  const payload = Math.max(0, size - offset - 600);
  offsets.push(offset);
  await write(`5 0 obj\n<< /Length ${payload} >>\nstream\n`);
  for (let written = 0; written < payload; written += 4 * MB)
    await write(randomBytes(Math.min(4 * MB, payload - written)));
  await write('\nendstream\nendobj\n');
  await object('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const xref = offset;
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  await write(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${rows}`);
  await write(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  await new Promise<void>((resolve) => out.end(resolve));
}

interface SetFile {
  /** The file on disk under the name the office's CAD gave it for this run. */
  path: string;
  name: string;
  plan: number;
  size: number;
}

/** The run's names for the same contents (hard links): the PDFs as 'A-001_Grundriss Ebene 1_D.pdf', the DWGs by the CAD's project convention. */
function filesNamed(runDir: string, index: string): SetFile[] {
  fs.mkdirSync(runDir, { recursive: true });
  const files: SetFile[] = [];
  for (let i = 0; i < PLANS; i++) {
    for (const [source, name] of [
      [`plan-${i}.pdf`, `${number(i)}_Grundriss Ebene ${i + 1}_${index}.pdf`],
      [`plan-${i}.dwg`, `2026-014_LP5_${number(i).replace('-', '_')}_${index}.dwg`],
    ] as const) {
      const target = path.join(runDir, name);
      fs.linkSync(path.join(contentDir, source), target);
      files.push({ path: target, name, plan: i, size: fs.statSync(target).size });
    }
  }
  return files;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 8 * MB })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

interface Api {
  port: number;
  token: string;
}

function request(
  api: Api,
  method: string,
  url: string,
  options: {
    json?: unknown;
    headers?: Record<string, string>;
    file?: { path: string; start: number; end: number };
  } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
    const length = body ? body.length : options.file ? options.file.end - options.file.start : 0;
    const req = http.request(
      {
        host: '127.0.0.1',
        port: api.port,
        method,
        path: url,
        headers: {
          Authorization: `Bearer ${api.token}`,
          'Content-Length': String(length),
          ...(body ? { 'Content-Type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    if (body) req.end(body);
    else if (options.file && length > 0)
      fs.createReadStream(options.file.path, {
        start: options.file.start,
        end: options.file.end - 1,
        highWaterMark: MB,
      }).pipe(req);
    else req.end();
  });
}

async function call<T>(api: Api, method: string, url: string, json?: unknown): Promise<T> {
  const res = await request(api, method, url, { json });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.body}`);
  return (res.body ? JSON.parse(res.body) : undefined) as T;
}

/** One file as the web uploads it: its SHA-256 first, then tus in 50 MB chunks. */
async function upload(api: Api, file: SetFile, versionId: string): Promise<void> {
  const sha256 = await sha256Of(file.path);
  const tus = { 'Tus-Resumable': '1.0.0' };
  const metadata = Object.entries({ versionId, filename: file.name, kind: 'main', sha256 })
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
  const created = await request(api, 'POST', '/api/uploads', {
    headers: { ...tus, 'Upload-Length': String(file.size), 'Upload-Metadata': metadata },
  });
  if (created.status !== 201) throw new Error(`tus create ${file.name}: ${created.status} ${created.body}`);
  let offset = 0;
  while (offset < file.size) {
    const end = Math.min(offset + CHUNK_BYTES, file.size);
    const res = await request(api, 'PATCH', created.headers.location!, {
      headers: { ...tus, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      file: { path: file.path, start: offset, end },
    });
    if (res.status !== 204) throw new Error(`tus PATCH ${file.name}: ${res.status} ${res.body}`);
    offset = Number(res.headers['upload-offset']);
  }
}

/** The same 200 uploads one after the other, into versions prepared beforehand (not timed). */
async function oneByOne(api: Api, docIds: string[], files: SetFile[], index: string): Promise<number> {
  const versions: string[] = [];
  for (const docId of docIds)
    versions.push((await call<{ _id: string }>(api, 'POST', '/api/version', { docId, index }))._id);
  spawnSync('sync');
  const start = process.hrtime.bigint();
  for (const file of files) await upload(api, file, versions[file.plan]!);
  const s = seconds(start);
  await call(api, 'POST', '/api/versions/release', { versionIds: versions });
  return s;
}

interface PlanSetAnswer {
  planSet: { _id: string; files: { key: string; version: string }[] };
}

/** The set through the API: the set call, uploads three files at a time, finishing, 'Alle freigeben'. */
async function asSet(api: Api, folderId: string, files: SetFile[]) {
  spawnSync('sync');
  const start = process.hrtime.bigint();
  const setStart = process.hrtime.bigint();
  const { planSet } = await call<PlanSetAnswer>(api, 'POST', '/api/plan-sets', {
    folderId,
    files: files.map((f, i) => ({ key: `f${i}`, filename: f.name, size: f.size })),
    requestKey: randomUUID(),
    comment: `Planset ${new Date().toLocaleDateString('de-DE')}`,
  });
  const setCallS = seconds(setStart);
  const queue = planSet.files.map((f) => ({ file: files[Number(f.key.slice(1))]!, version: f.version }));
  const uploadStart = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await upload(api, next.file, next.version);
    }),
  );
  const uploadS = seconds(uploadStart);
  await call(api, 'POST', `/api/plan-set/${planSet._id}/finish`, {});
  const releaseStart = process.hrtime.bigint();
  await call(api, 'POST', '/api/versions/release', { versionIds: [...new Set(planSet.files.map((f) => f.version))] });
  const releaseS = seconds(releaseStart);
  return { totalS: seconds(start), setCallS, uploadS, releaseS };
}

/** The server's matching of the 200 names (median of five calls). */
async function matching(api: Api, folderId: string, files: SetFile[]) {
  const times: number[] = [];
  let blocking = -1;
  for (let i = 0; i < 5; i++) {
    const start = process.hrtime.bigint();
    const answer = await call<{ review: { blocking: number; groups: unknown[] } }>(
      api,
      'POST',
      '/api/plan-sets/check',
      {
        folderId,
        files: files.map((f, k) => ({ key: `f${k}`, filename: f.name, size: f.size })),
      },
    );
    times.push(seconds(start) * 1000);
    blocking = answer.review.blocking;
    if (answer.review.groups.length !== PLANS) throw new Error(`matched ${answer.review.groups.length} plans`);
  }
  if (blocking !== 0) throw new Error(`the set has ${blocking} blocking problems`);
  return median(times);
}

/**
 * Chromium: the files chosen with 'Planset hochladen' (by path: nothing is copied into the page), the
 * time from the input's change event to the review's first render (a performance mark) and to its
 * table on screen with the first rows (the table is virtual: it holds all 200, it draws those in view).
 */
async function reviewInBrowser(
  page: import('@playwright/test').Page,
  projectId: string,
  files: SetFile[],
): Promise<{ markMs: number; rowsMs: number }> {
  await page.goto(`/project/${projectId}`);
  await page.getByText('LP5', { exact: true }).click();
  await page.getByRole('button', { name: 'Planset hochladen' }).waitFor();
  await page.evaluate(() => {
    const w = window as unknown as { dropAt: number; shownAt: number };
    performance.clearMarks('plan-set-review-ready');
    document.addEventListener('change', () => (w.dropAt = performance.now()), { capture: true, once: true });
    // The moment the first rows are in the document, taken in the page (not when Playwright polls).
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="plan-set-review-rows"] [data-file]')) {
        w.shownAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  await page.locator('input[type="file"]').setInputFiles(files.map((f) => f.path));
  const table = page.getByTestId('plan-set-review-rows');
  await table.locator('[data-file]').first().waitFor();
  const times = await page.evaluate(() => {
    const w = window as unknown as { dropAt: number; shownAt: number };
    const mark = performance.getEntriesByName('plan-set-review-ready')[0]!.startTime;
    return { markMs: mark - w.dropAt, rowsMs: w.shownAt - w.dropAt };
  });
  const rowCount = Number(await table.getAttribute('aria-rowcount')) - 1;
  if (rowCount !== files.length) throw new Error(`the review holds ${rowCount} rows`);
  await page.getByText(`${files.length} Dateien`, { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  return times;
}

async function startServer(): Promise<{ child: ChildProcess; ready: Record<string, unknown> & Api }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/plan-set-server.ts')], {
    cwd: root,
    env: { ...process.env, BENCH_DIR: path.join(dir, 'server') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { child, ready: JSON.parse(await readyLine(child)) as Record<string, unknown> & Api };
}

/** Only the reader, in Node and in a blank Chromium page. */
async function readerOnly() {
  const node = readerInNode();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const chromiumMs = await readerInChromium(await browser.newPage());
    console.log(
      `reader, 1,000 names: Node ${node.toFixed(1)} ms, Chromium ${chromiumMs.toFixed(1)} ms (goal < 100 ms)`,
    );
  } finally {
    await browser.close();
  }
}

async function main() {
  // The machine's load before the bench adds its own (server, uploads and Chromium fill both cores).
  const loadBefore = os.loadavg()[0]!;
  const readerNodeMs = readerInNode();
  console.log(`reader alone, 1,000 names in Node: ${readerNodeMs.toFixed(1)} ms`);
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    console.log('building the web app (npm run build) …');
    spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  console.log(`writing ${PLANS} PDFs of ${(PDF_BYTES / MB).toFixed(1)} MB and ${PLANS} DWGs …`);
  const dwg = fs.readFileSync(path.join(root, '../shared/fixtures/sample_2018.dwg'));
  for (let i = 0; i < PLANS; i++) {
    await writePlanPdf(path.join(contentDir, `plan-${i}.pdf`), `${number(i)} Grundriss Ebene ${i + 1}`, PDF_BYTES);
    fs.writeFileSync(path.join(contentDir, `plan-${i}.dwg`), dwg);
  }

  const { child, ready } = await startServer();
  const api: Api = { port: ready.port, token: ready.token };
  const folderId = ready.folderId as string;
  const projectId = ready.projectId as string;
  const docIds = ready.docIds as string[];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${api.port}`, locale: 'de-DE' });
  await context.addInitScript((token) => localStorage.setItem('plankurier.token', token), api.token);
  const page = await context.newPage();
  const readerChromiumMs = await readerInChromium(await browser.newPage());
  console.log(`reader alone, 1,000 names in Chromium: ${readerChromiumMs.toFixed(1)} ms`);

  const runs: {
    bytes: number;
    files: number;
    markMs: number;
    rowsMs: number;
    matchMs: number;
    oneByOneS: number;
    set: Awaited<ReturnType<typeof asSet>>;
  }[] = [];
  const letters = 'CDEFGHIJ';
  try {
    for (let run = 0; run < RUNS; run++) {
      const baselineIndex = letters[run * 2]!;
      const setIndex = letters[run * 2 + 1]!;
      const baselineFiles = filesNamed(path.join(dir, `run-${run}-one-by-one`), baselineIndex);
      const setFiles = filesNamed(path.join(dir, `run-${run}-set`), setIndex);
      const bytes = setFiles.reduce((n, f) => n + f.size, 0);
      console.log(`run ${run + 1}: ${setFiles.length} files, ${(bytes / MB).toFixed(0)} MB`);
      const oneByOneS = await oneByOne(api, docIds, baselineFiles, baselineIndex);
      console.log(`  one by one: ${oneByOneS.toFixed(2)} s`);
      const { markMs, rowsMs } = await reviewInBrowser(page, projectId, setFiles);
      console.log(
        `  review in Chromium: first render ${markMs.toFixed(0)} ms, table on screen ${rowsMs.toFixed(0)} ms`,
      );
      const matchMs = await matching(api, folderId, setFiles);
      console.log(`  matching call: ${matchMs.toFixed(0)} ms`);
      const set = await asSet(api, folderId, setFiles);
      console.log(`  as a set: ${set.totalS.toFixed(2)} s (${(set.totalS / oneByOneS).toFixed(2)}×)`);
      runs.push({ bytes, files: setFiles.length, markMs, rowsMs, matchMs, oneByOneS, set });
    }
  } finally {
    await browser.close();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const rows = median(runs.map((r) => r.rowsMs));
  const mark = median(runs.map((r) => r.markMs));
  const match = median(runs.map((r) => r.matchMs));
  const ratio = median(runs.map((r) => r.set.totalS / r.oneByOneS));
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const cpu = os.cpus();
  const body = `
\`npm run bench:plan-set\` starts the server in its own process (embedded PostgreSQL, local storage,
the built web app) with a project of 100 plans at index B and writes 100 plan PDFs of
${(PDF_BYTES / MB).toFixed(1)} MB (a page and one large stream, correct cross-reference table) and 100
AutoCAD 2018 drawings: ${runs[0]!.files} files, ${(runs[0]!.bytes / MB).toFixed(0)} MB, named as CAD exports them
('A-001_Grundriss Ebene 1_D.pdf', '2026-014_LP5_A_001_D.dwg'). Each of ${RUNS} runs takes the next indexes:

- **review in Chromium**: the 200 files chosen with 'Planset hochladen' (by path; the page reads
  nothing of them), from the input's change event to the review's first render (performance mark)
  and to the table on screen with its first rows (taken in the page by a MutationObserver; the
  table is virtual: it holds the 200 rows and draws those in view);
- **matching call**: \`POST /api/plan-sets/check\` with the 200 names (median of 5 calls);
- **as a set**: \`POST /api/plan-sets\` (100 prepared versions), the 200 uploads three files at a
  time (each: SHA-256, then tus in 50 MB chunks, as the web does), finishing the set and
  \`POST /api/versions/release\` of its 100 versions — beside **one by one**: the same 200 uploads one
  after the other into versions prepared beforehand (preparing and releasing those not timed).

Run on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpu.length} × ${cpu[0]?.model ?? 'CPU'},
load average ${loadBefore.toFixed(2)} before the bench started${loadBefore > 1 ? ' (other work shared the two cores: the upload figures of both paths suffer alike)' : ''} and ${load} at its end (its own work).

| run | review: first render | review: table on screen | matching call | one by one | as a set (set call + uploads + finish + release) | ratio |
| --- | -------------------- | ---------------- | ------------- | ---------- | ------------------------------------------------ | ----- |
${runs
  .map(
    (r, i) =>
      `| ${i + 1} | ${r.markMs.toFixed(0)} ms | ${r.rowsMs.toFixed(0)} ms | ${r.matchMs.toFixed(0)} ms | ${r.oneByOneS.toFixed(2)} s | ${r.set.totalS.toFixed(2)} s (${(r.set.setCallS * 1000).toFixed(0)} ms + ${r.set.uploadS.toFixed(2)} s + … + ${(r.set.releaseS * 1000).toFixed(0)} ms) | ${(r.set.totalS / r.oneByOneS).toFixed(2)}× |`,
  )
  .join('\n')}

| measure (median of ${RUNS} runs)                 | value       | goal                    |
| ----------------------------------------------- | ----------- | ----------------------- |
| review table on screen, from the choice          | ${rows.toFixed(0)} ms | < 1000 ms: ${met(rows < 1000)} |
| review's first render                           | ${mark.toFixed(0)} ms |                         |
| matching call (200 names, 100 plans)            | ${match.toFixed(0)} ms | < 500 ms: ${met(match < 500)} |
| as a set / one by one                           | ${ratio.toFixed(2)}× | < 1.5×: ${met(ratio < 1.5)} |
| reader alone: 1,000 names parsed and scored, Node | ${readerNodeMs.toFixed(1)} ms | < 100 ms: ${met(readerNodeMs < 100)} |
| reader alone: the same in Chromium              | ${readerChromiumMs.toFixed(1)} ms | < 100 ms: ${met(readerChromiumMs < 100)} |

The reader alone: \`parsePlanFilename\` on 1,000 names (the reader's tables in
\`packages/shared/src/plan-reader.table.ts\`, numbers varied) with the project's 100 plan numbers known,
median of 7 rounds, in this Node process and in a Chromium page (the shared package bundled by esbuild).
`;
  writeReadmeSection('bench:plan-set', body);
  spawnSync('npx', ['prettier', '--write', path.join(root, 'bench/README.md')], { cwd: root });
  console.log(body);
}

if (process.env.BENCH_READER_ONLY) await readerOnly();
else await main();
