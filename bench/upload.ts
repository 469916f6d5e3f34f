// npm run bench:upload — a 1 GB upload through the real HTTP path (tus in 50 MB chunks, as the web
// uploads), beside `cp` of the same file and beside a minimal Node server that only pipes a request
// body into a file, all in the same run, and the tus upload again with STORAGE=s3 against the test
// S3 server. Reports MB/s, the ratios, and the server's RSS growth.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { readyLine } from './ready-line.ts';
import { startTestS3 } from '../apps/server/test/s3-server.ts';
import { median, medianRun } from './median.ts';
import { writeReadmeSection } from './readme-section.ts';

const FILE_BYTES = Number(process.env.BENCH_MB ?? 1024) * 1024 * 1024;
const CHUNK_BYTES = 50 * 1024 * 1024;
// Item 5 of the speed issue: the median of five alternating runs (minimal server, then tus) counts.
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 5);
const S3_RUNS = Number(process.env.BENCH_UPLOAD_S3_RUNS ?? 3);
const MB = 1024 * 1024;
const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-bench-upload-'));
// The embedded PostgreSQL runs as its own user and must reach its directory below this one.
fs.chmodSync(dir, 0o755);
const source = path.join(dir, 'lageplan.dwg');

async function generate(): Promise<string> {
  const hash = createHash('sha256');
  const out = fs.createWriteStream(source);
  // A real AutoCAD 2018 drawing, then random data: the server's check reads its header structure
  // (beyond LibreDWG's 100 MB it reads nothing else) and accepts it.
  const header = fs.readFileSync(path.join(root, '../shared/fixtures/sample_2018.dwg'));
  let written = 0;
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => out.write(chunk, (err) => (err ? reject(err) : resolve())));
  hash.update(header);
  await write(header);
  written += header.length;
  while (written < FILE_BYTES) {
    const chunk = randomBytes(Math.min(16 * MB, FILE_BYTES - written));
    hash.update(chunk);
    await write(chunk);
    written += chunk.length;
  }
  await new Promise<void>((resolve) => out.end(resolve));
  return hash.digest('hex');
}

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
const mbPerS = (bytes: number, s: number) => bytes / MB / s;

/** Dirty pages of the previous step must not slow the next one down. */
const settle = () => spawnSync('sync');

function timeCp(): number {
  settle();
  const target = path.join(dir, 'cp-copy.dwg');
  const start = process.hrtime.bigint();
  const result = spawnSync('cp', [source, target]);
  const s = seconds(start);
  if (result.status !== 0) throw new Error(`cp failed: ${result.stderr.toString()}`);
  fs.rmSync(target);
  return s;
}

/** One HTTP request whose body is a byte range of the source file. */
function send(
  options: http.RequestOptions,
  start: number,
  end: number,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { ...options, headers: { ...options.headers, 'Content-Length': String(end - start) } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    if (end > start) fs.createReadStream(source, { start, end: end - 1, highWaterMark: MB }).pipe(req);
    else req.end();
  });
}

async function startChild(args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { child, line: await readyLine(child) };
}

async function stopChild(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const MINIMAL_SERVER = `
const http = require('node:http'); const fs = require('node:fs');
const server = http.createServer((req, res) => {
  const out = fs.createWriteStream(process.env.TARGET);
  req.pipe(out);
  out.on('finish', () => res.end('ok'));
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => process.exit(0));
`;

async function timeMinimalServer(): Promise<number> {
  settle();
  const target = path.join(dir, 'minimal-copy.dwg');
  const { child, line } = await startChild(['-e', MINIMAL_SERVER], { TARGET: target });
  const { port } = JSON.parse(line) as { port: number };
  const start = process.hrtime.bigint();
  const res = await send({ host: '127.0.0.1', port, method: 'PUT', path: '/' }, 0, FILE_BYTES);
  const s = seconds(start);
  if (res.status !== 200) throw new Error(`minimal server answered ${res.status}`);
  await stopChild(child);
  fs.rmSync(target);
  return s;
}

const rssOf = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};

async function timeTusUpload(
  sha256: string,
  s3Env?: Record<string, string>,
): Promise<{ s: number; rssBefore: number; rssPeak: number; fileId: string; finishS: number; transferRate: number }> {
  // BENCH_UPLOAD_PROFILE=<dir>: the server writes a CPU profile of each run there (open in Chrome's DevTools).
  const profile = process.env.BENCH_UPLOAD_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_UPLOAD_PROFILE}`]
    : [];
  const { child, line } = await startChild([...profile, '--import', 'tsx', path.join(root, 'bench/upload-server.ts')], {
    BENCH_DIR: path.join(dir, 'server'),
    ...(s3Env ? { BENCH_S3_ENV: JSON.stringify(s3Env) } : {}),
  });
  const { port, token, versionId } = JSON.parse(line) as { port: number; token: string; versionId: string };
  const pid = child.pid!;
  await new Promise((r) => setTimeout(r, 1000));
  settle();
  const rssBefore = rssOf(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(pid))), 50);

  const base = { host: '127.0.0.1', port, headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}` } };
  const metadata = Object.entries({ versionId, filename: 'Lageplan.dwg', kind: 'main', sha256 })
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
  const start = process.hrtime.bigint();
  const created = await send(
    {
      ...base,
      method: 'POST',
      path: '/api/uploads',
      headers: { ...base.headers, 'Upload-Length': String(FILE_BYTES), 'Upload-Metadata': metadata },
    },
    0,
    0,
  );
  if (created.status !== 201) throw new Error(`tus create answered ${created.status}: ${created.body}`);
  const location = created.headers.location!;
  let offset = 0;
  let fileId = '';
  const patchSeconds: number[] = [];
  while (offset < FILE_BYTES) {
    const end = Math.min(offset + CHUNK_BYTES, FILE_BYTES);
    const patchStart = process.hrtime.bigint();
    const res = await send(
      {
        ...base,
        method: 'PATCH',
        path: location,
        headers: {
          ...base.headers,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
      },
      offset,
      end,
    );
    if (res.status !== 204) throw new Error(`tus PATCH answered ${res.status}: ${res.body}`);
    patchSeconds.push(seconds(patchStart));
    offset = Number(res.headers['upload-offset']);
    fileId = String(res.headers['upload-file-id'] ?? '');
  }
  const s = seconds(start);
  clearInterval(sampler);
  // The last PATCH also does the finishing work; a middle one shows the pure transfer rate.
  const middle = [...patchSeconds.slice(0, -1)].sort((a, b) => a - b)[Math.floor((patchSeconds.length - 1) / 2)] ?? 0;
  const finishS = Math.max(
    0,
    (patchSeconds.at(-1) ?? 0) - (middle * (((FILE_BYTES - 1) % CHUNK_BYTES) + 1)) / CHUNK_BYTES,
  );
  const transferRate = CHUNK_BYTES / MB / middle;
  rssPeak = Math.max(rssPeak, rssOf(pid));
  if (!fileId) throw new Error('the final PATCH carried no Upload-File-Id');
  await stopChild(child);
  return { s, rssBefore, rssPeak, fileId, finishS, transferRate };
}

try {
  console.log(`generating ${FILE_BYTES / MB} MB in ${dir} …`);
  const sha256 = await generate();
  const cpS = timeCp();
  const loadNow = () => os.loadavg()[0]!.toFixed(1);
  const local: { minimalS: number; tus: Awaited<ReturnType<typeof timeTusUpload>>; load: string }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const loadBefore = loadNow();
    const minimalS = await timeMinimalServer();
    const tus = await timeTusUpload(sha256);
    local.push({ minimalS, tus, load: `${loadBefore} → ${loadNow()}` });
    console.log(
      `run ${run + 1}: minimal ${minimalS.toFixed(2)} s, tus ${tus.s.toFixed(2)} s, middle PATCH ${tus.transferRate.toFixed(0)} MB/s, finish ${tus.finishS.toFixed(2)} s, load ${local.at(-1)!.load}`,
    );
  }
  const minimalS = median(local.map((r) => r.minimalS));
  const tus = medianRun(local.map((r) => r.tus));
  // The same upload with STORAGE=s3 against the test S3 server (s3rver on loopback, its bucket on
  // this disk): median of S3_RUNS runs.
  const s3 = await startTestS3();
  const s3Runs: Awaited<ReturnType<typeof timeTusUpload>>[] = [];
  try {
    for (let run = 0; run < S3_RUNS; run++)
      s3Runs.push(await timeTusUpload(sha256, { ...s3.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' }));
  } finally {
    await s3.close();
  }
  const s3Median = medianRun(s3Runs);
  const s3Rate = mbPerS(FILE_BYTES, s3Median.s);
  const s3Growth = Math.max(...s3Runs.map((r) => (r.rssPeak - r.rssBefore) / MB));

  const cp = mbPerS(FILE_BYTES, cpS);
  const minimal = mbPerS(FILE_BYTES, minimalS);
  const plankurier = mbPerS(FILE_BYTES, tus.s);
  const rssGrowth = Math.max(...local.map((r) => (r.tus.rssPeak - r.tus.rssBefore) / MB));
  const ratioMinimal = plankurier / minimal;
  const ratioCp = plankurier / cp;
  const row = (name: string, s: number, rate: number) => `| ${name} | ${s.toFixed(2)} s | ${rate.toFixed(0)} MB/s |`;
  const section = [
    `Run on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} CPUs, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB RAM, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')} at the end.`,
    `One ${FILE_BYTES / MB} MB file (random data behind a DWG header), same run, same disk, over loopback; minimal server and tus upload alternating, ${RUNS} runs each, medians below.`,
    '',
    '| path | time | throughput |',
    '| --- | --- | --- |',
    row('`cp`', cpS, cp),
    row(`minimal Node server (one request, body piped into a file; median of ${RUNS} runs)`, minimalS, minimal),
    row(
      `Plankurier tus upload (${CHUNK_BYTES / MB} MB PATCHes, auth, Postgres lock, SHA-256 check, type check, storage, DB row; median of ${RUNS} runs)`,
      tus.s,
      plankurier,
    ),
    row(`the same with \`STORAGE=s3\` (test S3 server on loopback; median of ${S3_RUNS} runs)`, s3Median.s, s3Rate),
    '',
    `- Plankurier / minimal server: **${(ratioMinimal * 100).toFixed(0)} %** (goal ≥ 80 %)`,
    `- Plankurier / cp: ${(ratioCp * 100).toFixed(0)} %`,
    `- of that: a middle ${CHUNK_BYTES / MB} MB PATCH runs at ${tus.transferRate.toFixed(0)} MB/s; the finishing work on the last PATCH takes about ${tus.finishS.toFixed(2)} s`,
    `- server RSS before ${(tus.rssBefore / MB).toFixed(0)} MB, peak during the median upload ${(tus.rssPeak / MB).toFixed(0)} MB; growth at most **${rssGrowth.toFixed(1)} MB** over the ${RUNS} runs (goal < 100 MB; the server runs as its own process, RSS read from /proc/<pid>/status every 50 ms)`,
    `- with \`STORAGE=s3\`: runs of ${s3Runs.map((r) => `${r.s.toFixed(1)} s`).join(', ')} (${s3Runs.map((r) => `${mbPerS(FILE_BYTES, r.s).toFixed(0)} MB/s`).join(', ')}); a middle PATCH at ${s3Median.transferRate.toFixed(0)} MB/s, the finishing work on the last PATCH ${s3Median.finishS.toFixed(2)} s; RSS growth at most **${s3Growth.toFixed(1)} MB**`,
    '',
    '| run | load (1 min, start → end) | minimal server | tus upload | tus / minimal |',
    '| --- | --- | --- | --- | --- |',
    ...local.map(
      (r, i) =>
        `| ${i + 1} | ${r.load} | ${r.minimalS.toFixed(2)} s | ${r.tus.s.toFixed(2)} s | ${((r.minimalS / r.tus.s) * 100).toFixed(0)} % |`,
    ),
    '',
    'With `STORAGE=s3` each PATCH goes into the bucket as a multipart upload (8 MB parts, cut on the',
    "server's disk first as @tus/s3-store does, so a PATCH cut off anywhere resumes on any process);",
    'the last PATCH completes the multipart upload, and the finished object is the stored file (no',
    'copy). s3rver writes every part to its disk and copies them into one object on completion, so',
    'the figure is a lower bound on this machine rather than what a real object store gives.',
    '',
    'The tus time runs from the creation POST to the answer of the last PATCH, so it includes the',
    "server's finishing work: the end-to-end SHA-256 check against the client's hash, the content",
    'check and the move into storage with the file row in one transaction. The SHA-256 is computed',
    'while the PATCHes are written (each chunk hashed on the worker once it is in the file, an',
    'in-memory hash per upload that holds while the chunks arrive in order in one process), so the',
    'last PATCH reads only the first 4 KB for the type check instead of the whole file again. After a',
    'restart, or when another process took a PATCH, the hash is dropped and the finishing step reads',
    'and hashes the whole file (about 1 s per GB on this 2-CPU machine). tus 2.4 reads a body through',
    'four stream layers (web stream, back to Node, a proxy, a size limiter) and each layer costs per',
    "chunk; the server gathers the socket's 64 KB reads into 1 MB chunks before tus sees them",
    '(`apps/server/src/modules/uploads/web-request.ts`). Figures vary strongly between runs on a',
    'shared VM: repeat a run before drawing conclusions.',
  ].join('\n');
  console.log(section);
  writeReadmeSection('bench:upload', section);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
