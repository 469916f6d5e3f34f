/**
 * An installation on several machines, as real processes: the Procfile's two `web` processes (A
 * and B, HTTP with job workers) and one `worker`, on one PostgreSQL, one S3 bucket (s3rver on
 * 127.0.0.1) and one SMTP relay, each with a DATA_DIR of its own (no shared disk). Processes are
 * killed with SIGKILL in the middle of an upload and an archive. The live-update session is a
 * socket.io client in Node, connected to A with the transport the web app tries first (WebSocket).
 */
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { io } from 'socket.io-client';
import type { ArchiveDto, DeliveryDto, PrintDto } from '@plankurier/shared';
import { loadConfig } from './config.ts';
import { createDatabase, type DatabaseHandle } from './db/index.ts';
import { startServer } from './server.ts';
import { signUpOffice } from '../test/api.ts';
import { createDeliveryAudience, deliveryBodyFor, type Audience } from '../test/delivery-audience.ts';
import {
  createTestDoc,
  createTestProject,
  folderOf,
  openTestProject,
  prepareTestVersion,
  releaseTestVersion,
} from '../test/factories.ts';
import { startTestS3, type TestS3 } from '../test/s3-server.ts';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.ts';
import { createTestDatabase } from '../test/test-server.ts';
import { answers, deliveryEnd, freePort, spawnServer } from '../test/child-server.ts';
import { sleep, until } from '../test/until.ts';
import { fixture, insertStoredFixture } from '../test/upload-fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MB = 1024 * 1024;
const PUBLIC_URL = 'https://plankurier.example';

/** The Procfile's command lines by process kind (`web: node …`). */
function procfile(): Record<'web' | 'worker', string[]> {
  const lines = fs.readFileSync(path.join(ROOT, 'Procfile'), 'utf8').split('\n');
  const entries = lines.filter((l) => /^\w+:/.test(l)).map((l) => l.split(/:\s*/, 2) as [string, string]);
  const commands = Object.fromEntries(entries.map(([kind, cmd]) => [kind, cmd.trim().split(/\s+/)]));
  if (!commands.web || !commands.worker) throw new Error('the Procfile needs web and worker');
  return commands as Record<'web' | 'worker', string[]>;
}

interface Proc {
  kind: 'web' | 'worker';
  child: ChildProcess;
  baseUrl?: string;
}

const children = new Set<ChildProcess>();
let s3: TestS3;
let smtp: SmtpSink;
let database: DatabaseHandle;
let sharedEnv: Record<string, string>;
let token: string;
let audience: Audience;
let archiveProjectId: string;
let bigPlanBytes: number;
let uploadVersionId: string;
const procs: { a?: Proc; b?: Proc; worker?: Proc } = {};

/** Starts one process of the Procfile; a web process is ready once /api/health/ready answers 200. */
async function startProcess(kind: 'web' | 'worker', port?: number): Promise<Proc> {
  const [command, ...args] = procfile()[kind];
  if (command !== 'node') throw new Error('the Procfile runs node');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `plankurier-${kind}-`));
  const baseUrl = port ? `http://127.0.0.1:${port}` : undefined;
  const env = {
    ...sharedEnv,
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}),
  };
  // A worker is ready once it is in the installation's process list.
  const ready = baseUrl
    ? answers(`${baseUrl}/api/health/ready`)
    : async (started: ChildProcess) =>
        (await database.db.selectFrom('server_process').select('pid').execute()).some((r) => r.pid === started.pid);
  const child = await spawnServer(args, env, ready, children);
  return { kind, child, baseUrl };
}

async function kill(proc: Proc): Promise<void> {
  const exited = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill('SIGKILL');
  await exited;
}

const call = async (proc: Proc, method: string, url: string, body?: unknown) => {
  const res = await fetch(`${proc.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: <T>() => JSON.parse(text) as T, text };
};

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const download = async (proc: Proc, url: string) => {
  const res = await fetch(new URL(url, proc.baseUrl));
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
};

beforeAll(async () => {
  s3 = await startTestS3();
  smtp = await startSmtpSink();
  const databaseUrl = await createTestDatabase();
  database = createDatabase(databaseUrl, { warn: () => undefined });
  sharedEnv = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    MAIL_FROM: 'Plankurier <noreply@plankurier.example>',
    DELIVERY_MAIL_TIMEOUT_SECONDS: '30',
    JOB_MAINTENANCE_SECONDS: '1',
    ...s3.env,
  };

  // The scene through an in-process server of the same installation, stopped before the processes start.
  const setupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-setup-'));
  const setup = await startServer(loadConfig({ ...sharedEnv, DATA_DIR: setupDir }, { webDist: undefined }), {
    listen: false,
  });
  try {
    const office = await signUpOffice(setup.app, smtp, { company: 'Büro Verteilt' });
    token = office.token;
    await setup.deps.db.updateTable('office').set({ tier: 'P2' }).where('id', '=', office.user.officeId!).execute();
    audience = await createDeliveryAudience(setup.app, setup.deps.db, token, 50);
    // A project whose archive takes a while: a real PDF and a large DWG, both in the bucket.
    const { project, bundle } = await createTestProject(setup.app, token);
    archiveProjectId = project._id;
    const pdfPlan = await createTestDoc(setup.app, token, folderOf(bundle)._id, { number: 'A-1', name: 'Ansicht Süd' });
    const pdfVersion = await prepareTestVersion(setup.app, token, pdfPlan._id);
    await insertStoredFixture(setup.deps, pdfVersion, 'pdf', 'tracemonkey.pdf');
    await releaseTestVersion(setup.app, token, pdfVersion._id);
    const bigPlan = await createTestDoc(setup.app, token, folderOf(bundle)._id, { number: 'A-2', name: 'Lageplan' });
    const bigVersion = await prepareTestVersion(setup.app, token, bigPlan._id);
    await insertStoredFixture(setup.deps, bigVersion, 'pdf', 'tracemonkey.pdf');
    bigPlanBytes = 150 * MB;
    const chunks = function* () {
      yield Buffer.from('AC1032\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1');
      for (let written = 12; written < bigPlanBytes; written += MB)
        yield randomBytes(Math.min(MB, bigPlanBytes - written));
    };
    const stored = await setup.deps.storage.write(Readable.from(chunks()));
    await setup.deps.db
      .insertInto('file')
      .values({
        project_id: project._id,
        doc_id: bigPlan._id,
        version_id: bigVersion._id,
        kind: 'dwg',
        filename: 'Lageplan.dwg',
        storage_key: stored.key,
        size: stored.size,
        sha256: stored.sha256,
        mime_type: 'application/acad',
      })
      .execute();
    await releaseTestVersion(setup.app, token, bigVersion._id);
    // A plan in preparation, for the upload that outlives its process (in another project: the archive stays as it is).
    const audienceProject = await openTestProject(setup.app, token, audience.projectId);
    const uploadPlan = await createTestDoc(setup.app, token, folderOf(audienceProject)._id, {
      number: 'A-3',
      name: 'Schnitt',
    });
    uploadVersionId = (await prepareTestVersion(setup.app, token, uploadPlan._id))._id;
  } finally {
    await setup.stop();
  }

  const [portA, portB] = [await freePort(), await freePort()];
  [procs.a, procs.b, procs.worker] = await Promise.all([
    startProcess('web', portA),
    startProcess('web', portB),
    startProcess('worker'),
  ]);
}, 300_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await database?.close();
  await smtp?.close();
  await s3?.close();
});

describe('two web processes and a worker on one database and one bucket', () => {
  // How fast is measured in bench/, not here: a loaded machine must not fail the test.
  test('a session connected to A hears a change made through B', async () => {
    const socket = io(procs.a!.baseUrl, {
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('authenticated', () => resolve());
        socket.once('connect_error', reject);
        socket.once('connect', () => socket.emit('authenticate', token));
      });
      const heard = new Promise<boolean>((resolve) =>
        socket.on('updateData', (payload: unknown) => {
          if (JSON.stringify(payload).includes(audience.projectId)) resolve(true);
        }),
      );
      const res = await call(procs.b!, 'PUT', `/api/project/${audience.projectId}`, { name: 'Haus Müller, neu' });
      expect(res.status).toBe(200);
      expect(await Promise.race([heard, sleep(20_000).then(() => false)])).toBe(true);
    } finally {
      socket.close();
    }
  });

  test('a delivery to 50 participants, sent by every process, reaches each recipient exactly once', async () => {
    const res = await call(procs.b!, 'POST', '/api/delivery/participants', deliveryBodyFor(audience));
    expect(res.status).toBe(202);
    const delivery = res.json<DeliveryDto>();
    const status = await deliveryEnd(database.db, delivery._id, 120_000);
    expect(status).toBe('DONE');
    const mails = smtp.messages.filter((m) => m.parsed.messageId?.startsWith(`<delivery-${delivery._id}.`));
    expect(mails).toHaveLength(50);
    for (const participant of audience.participants) {
      expect(mails.filter((m) => m.envelopeTo.includes(participant.email))).toHaveLength(1);
    }
    // The links carry the installation's PUBLIC_URL, whichever process sent them.
    expect(mails.every((m) => (m.parsed.text ?? '').includes(`${PUBLIC_URL}/`))).toBe(true);
  }, 180_000);

  test('a print made by a worker downloads through A and through B', async () => {
    const res = await call(procs.a!, 'POST', '/api/print', {
      type: 'PLANLIST',
      projectId: archiveProjectId,
      timeZone: 'Europe/Berlin',
    });
    expect(res.status).toBe(201);
    const print = res.json<PrintDto>();
    await until(async () => {
      const current = (await call(procs.b!, 'GET', `/api/print/${print._id}`)).json<PrintDto>();
      if (current.isFailed) throw new Error('the print failed');
      return current.isFinished;
    }, 120_000);
    const bodies: Buffer[] = [];
    for (const proc of [procs.a!, procs.b!]) {
      const link = await call(proc, 'POST', `/api/print/${print._id}/download-link`);
      expect(link.status).toBe(200);
      const file = await download(proc, link.json<{ url: string }>().url);
      expect(file.status).toBe(200);
      expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');
      bodies.push(file.body);
    }
    expect(sha256(bodies[0]!)).toBe(sha256(bodies[1]!));
  }, 180_000);

  test('an upload begun on A, which is killed halfway, resumes through B byte-identical', async () => {
    // A real 2018 drawing (read to its end when the upload finishes), then random bytes up to 30 MB.
    const drawing = fixture('sample_2018.dwg');
    const data = Buffer.concat([drawing, randomBytes(30 * MB - drawing.length)]);
    const versionId = uploadVersionId;
    const metadata = Object.entries({ versionId, filename: 'Schnitt.dwg', kind: 'main', sha256: sha256(data) })
      .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
      .join(',');
    const tus = { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}` };
    const created = await fetch(`${procs.a!.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { ...tus, 'Upload-Length': String(data.length), 'Upload-Metadata': metadata },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    // The whole file in one PATCH to A; A dies once 20 MB are on their way.
    let sent = 0;
    let killing: Promise<void> | undefined;
    const body = new ReadableStream<Uint8Array>({
      pull: async (ctrl) => {
        if (sent >= 20 * MB) {
          // Killed once the bucket holds a first part of it (B sees the offset), well before the end.
          killing ??= until(async () => {
            const head = await fetch(new URL(location, procs.b!.baseUrl), { method: 'HEAD', headers: tus });
            return Number(head.headers.get('upload-offset')) > 0;
          }, 60_000).then(() => kill(procs.a!));
          await killing;
          ctrl.error(new Error('gone'));
          return;
        }
        ctrl.enqueue(new Uint8Array(data.subarray(sent, sent + MB)));
        sent += MB;
      },
    });
    await fetch(new URL(location, procs.a!.baseUrl), {
      method: 'PATCH',
      headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body,
      duplex: 'half',
    } as RequestInit).catch(() => undefined);
    await killing;

    const head = await fetch(new URL(location, procs.b!.baseUrl), { method: 'HEAD', headers: tus });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(data.length);
    const last = await fetch(new URL(location, procs.b!.baseUrl), {
      method: 'PATCH',
      headers: { ...tus, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(data.subarray(offset)),
    });
    expect(last.status).toBe(204);
    const fileId = last.headers.get('upload-file-id')!;
    const row = await database.db
      .selectFrom('file')
      .select('sha256')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(row.sha256).toBe(sha256(data));
    const link = await call(procs.b!, 'POST', `/api/file/${fileId}/download-link`);
    const file = await download(procs.b!, link.json<{ url: string }>().url);
    expect(sha256(file.body)).toBe(sha256(data));

    procs.a = await startProcess('web', Number(new URL(procs.a!.baseUrl!).port));
  }, 240_000);

  test('the process making an archive is killed: no half archive is served, and it finishes after a restart', async () => {
    const res = await call(procs.b!, 'POST', '/api/archive', { projectId: archiveProjectId, pdfOnly: false });
    expect(res.status).toBe(202);
    const archive = res.json<ArchiveDto>();
    // Whichever process took the job notes itself beside it: that one is killed, mid-way — as soon as
    // it is seen at work (a quiet machine writes the 150 MB before a progress tick would show it).
    const runner = await until(async () => {
      const row = await database.db
        .selectFrom('running_job')
        .innerJoin('server_process', 'server_process.id', 'running_job.process_id')
        .select('server_process.pid')
        .where('running_job.queue', '=', 'project-archive')
        .executeTakeFirst();
      const current = await database.db
        .selectFrom('archive')
        .select('status')
        .where('id', '=', archive._id)
        .executeTakeFirstOrThrow();
      return row && current.status === 'RUNNING' && row.pid;
    }, 120_000);
    const victim = Object.values(procs).find((p) => p.child.pid === runner)!;
    await kill(victim);

    // Asked through a web process still running (the victim may be either).
    const survivor = victim === procs.b ? procs.a! : procs.b!;
    const listed = (await call(survivor, 'GET', `/api/project/${archiveProjectId}/archives`)).json<ArchiveDto[]>();
    expect(listed.find((a) => a._id === archive._id)?.status).toBe('RUNNING');
    expect((await call(survivor, 'POST', `/api/archive/${archive._id}/download-link`)).status).toBe(409);

    const restarted = await startProcess(
      victim.kind,
      victim.baseUrl ? Number(new URL(victim.baseUrl).port) : undefined,
    );
    if (victim === procs.a) procs.a = restarted;
    else if (victim === procs.b) procs.b = restarted;
    else procs.worker = restarted;

    const finished = await until(async () => {
      const row = await database.db
        .selectFrom('archive')
        .select(['status', 'size'])
        .where('id', '=', archive._id)
        .executeTakeFirstOrThrow();
      if (row.status === 'FAILED') throw new Error('the archive failed');
      return row.status === 'FINISHED' && row;
    }, 180_000);
    const zips: Buffer[] = [];
    for (const proc of [procs.a!, procs.b!]) {
      const link = await call(proc, 'POST', `/api/archive/${archive._id}/download-link`);
      expect(link.status).toBe(200);
      const zip = await download(proc, link.json<{ url: string }>().url);
      expect(zip.status).toBe(200);
      expect(zip.body.length).toBe(Number(finished.size));
      zips.push(zip.body);
    }
    expect(sha256(zips[0]!)).toBe(sha256(zips[1]!));
    const zipFile = path.join(os.tmpdir(), `plankurier-archive-${archive._id}.zip`);
    fs.writeFileSync(zipFile, zips[0]!);
    try {
      // A whole ZIP: every entry's CRC checks out, the large plan is in it at its size.
      execFileSync('unzip', ['-tq', zipFile]);
      const listing = execFileSync('unzip', ['-l', zipFile]).toString();
      expect(listing).toContain('A-2_Lageplan');
      expect(listing).toContain(String(bigPlanBytes));
    } finally {
      fs.rmSync(zipFile, { force: true });
    }
  }, 300_000);
});
