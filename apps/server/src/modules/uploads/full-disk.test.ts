/**
 * Uploads meet really full disks: a small tmpfs mounted where the server stages uploads
 * (DATA_DIR/uploads) and another where it stores files (DATA_DIR/files), as an installation with
 * its own disk for either has them. Mounting needs root (as CI runs); without it each test fails
 * and says why in one line (no quiet skip).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { api, signUpOffice } from '../../../test/api.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { patchWholeChunk, tusClient } from '../../../test/tus-client.ts';
import { createVersionRow, fixture, sha256Hex } from '../../../test/upload-fixtures.ts';

const TMPFS_BYTES = 2 * 1024 * 1024;
const FILES_TMPFS_BYTES = 8 * 1024 * 1024;
const dataDir = path.join(os.tmpdir(), `plankurier-full-disk-${randomBytes(4).toString('hex')}`);
const uploadsDir = path.join(dataDir, 'uploads');
const filesDir = path.join(dataDir, 'files');
const mounted: string[] = [];

/** Mounts the two small disks; answers why it could not. */
function mountSmallDisks(): string | null {
  if (process.getuid?.() !== 0) return 'not running as root';
  try {
    for (const [dir, bytes] of [
      [uploadsDir, TMPFS_BYTES],
      [filesDir, FILES_TMPFS_BYTES],
    ] as const) {
      fs.mkdirSync(dir, { recursive: true });
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir], { stdio: 'pipe' });
      mounted.push(dir);
    }
    return null;
  } catch (err) {
    return `mount failed: ${String((err as { stderr?: Buffer }).stderr ?? err).trim()}`;
  }
}

let server: TestServer | undefined;
let cannotMount: string | null = null;

beforeAll(async () => {
  cannotMount = mountSmallDisks();
  if (cannotMount) return;
  server = await startTestServer({ dataDir });
});
afterAll(async () => {
  await server?.stop();
  for (const dir of mounted) execFileSync('umount', ['-l', dir]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Fills the disk of `dir` until about `bytesLeft` are free; returns the filler to remove. */
function fillLeaving(dir: string, bytesLeft: number): string {
  const { bavail, bsize } = fs.statfsSync(dir);
  const filler = path.join(dir, 'filler');
  fs.writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - bytesLeft)));
  return filler;
}

/** Without its small disk the test proves nothing: it fails and says why (no quiet skip). */
function requireSmallDisk() {
  if (cannotMount) throw new Error(`Full-disk test needs a tmpfs (${cannotMount}); run it as root.`);
}

/** A new office with a plan version to upload into, its tus client, and the PDF to upload. */
async function uploadScene() {
  const { db } = server!.deps;
  const signedUp = await signUpOffice(server!.app, server!.smtp);
  const { versionId } = await createVersionRow(db, signedUp.user.officeId!);
  const pdf = fixture('tracemonkey.pdf');
  return {
    db,
    token: signedUp.token,
    tus: tusClient(server!.baseUrl, signedUp.token),
    versionId,
    pdf,
    metadata: { versionId, filename: 'Grundriss EG.pdf', kind: 'main', sha256: sha256Hex(pdf) },
  };
}

test('a disk without room to create an upload: 507, and no record left to block the file type', async () => {
  requireSmallDisk();
  const { db, tus, versionId, pdf, metadata } = await uploadScene();
  const filler = path.join(uploadsDir, 'filler');
  fs.writeFileSync(filler, Buffer.alloc(TMPFS_BYTES));
  try {
    const refused = await tus.create(pdf.length, metadata);
    expect(refused.status).toBe(507);
    expect(refused.json().msgCode).toBe('storage.full');
    expect(await db.selectFrom('upload').select('id').where('version_id', '=', versionId).execute()).toEqual([]);
  } finally {
    fs.rmSync(filler);
  }
  expect((await tus.create(pdf.length, metadata)).status).toBe(201);
});

test('a full disk: 507 with nothing half-stored, then the same upload resumes once space is freed', async () => {
  requireSmallDisk();
  const { db, token, tus, versionId, pdf, metadata } = await uploadScene();
  const created = await tus.create(pdf.length, metadata);
  expect(created.status).toBe(201);
  const location = created.headers.get('location')!;
  const uploadId = location.split('/').pop()!;

  // Leave about a quarter of the file's size free on the small disk.
  const filler = fillLeaving(uploadsDir, pdf.length / 4);

  const full = await tus.patch(location, 0, pdf);
  expect(full.status).toBe(507);
  expect(full.json().msgCode).toBe('storage.full');
  // Nothing half-stored: no file row, nothing in storage; the upload's bytes so far wait to resume.
  expect(await db.selectFrom('file').select('id').where('version_id', '=', versionId).execute()).toEqual([]);
  expect(fs.existsSync(path.join(dataDir, 'files')) ? fs.readdirSync(path.join(dataDir, 'files')) : []).toEqual([]);
  const kept = await db.selectFrom('upload').select('state').where('id', '=', uploadId).executeTakeFirst();
  expect(kept?.state).toBe('uploading');
  const stopped = await tus.head(location);
  expect(stopped.status).toBe(200);
  const offset = Number(stopped.headers.get('upload-offset'));
  expect(offset).toBeLessThan(pdf.length);
  expect(sha256Hex(fs.readFileSync(path.join(uploadsDir, uploadId)))).toBe(sha256Hex(pdf.subarray(0, offset)));

  // Still full: the same answer again, and still resumable.
  const again = await tus.patch(location, offset, pdf.subarray(offset));
  expect(again.status).toBe(507);

  fs.rmSync(filler);
  const resumedAt = Number((await tus.head(location)).headers.get('upload-offset'));
  const done = await tus.patch(location, resumedAt, pdf.subarray(resumedAt));
  expect(done.status).toBe(204);
  const fileId = done.headers.get('upload-file-id')!;
  const client = api(server!.app);
  const { url } = (await client.post(`/api/file/${fileId}/download-link`, {}, token)).json<{ url: string }>();
  const download = await client.get(url);
  expect(download.statusCode).toBe(200);
  expect(sha256Hex(download.rawPayload)).toBe(metadata.sha256);
});

/** tus-js-client as the web drives it (start-upload.ts): a 507 is not retried but shown; start() again resumes. */
function webLikeUpload(data: Buffer, token: string, metadata: Record<string, string>) {
  const requests: string[] = [];
  const chunks: number[] = [];
  let settle: (outcome: { fileId?: string | null; status?: number; msgCode?: string }) => void = () => undefined;
  const tus = new Upload(data, {
    endpoint: `${server!.baseUrl}/api/uploads`,
    headers: { Authorization: `Bearer ${token}` },
    metadata,
    chunkSize: 256 * 1024,
    parallelUploads: 1,
    retryDelays: [0, 100],
    onShouldRetry: (err) => err.originalResponse?.getStatus() !== 507,
    onBeforeRequest: (req) => void requests.push(req.getMethod()),
    onChunkComplete: (chunkSize) => void chunks.push(chunkSize),
    onSuccess: ({ lastResponse }) => settle({ fileId: lastResponse.getHeader('Upload-File-Id') ?? null }),
    onError: (err) => {
      const response = 'originalResponse' in err ? err.originalResponse : null;
      const body = response?.getBody();
      settle({ status: response?.getStatus(), msgCode: body ? (JSON.parse(body) as { msgCode: string }).msgCode : '' });
    },
  });
  const run = () =>
    new Promise<{ fileId?: string | null; status?: number; msgCode?: string }>((resolve) => {
      settle = resolve;
      tus.start();
    });
  return { tus, run, requests, chunks };
}

test('the file store is full when the last byte arrived: 507, the upload stays, and "Fortsetzen" sends only the rest', async () => {
  requireSmallDisk();
  const { db, token, tus, versionId, pdf, metadata } = await uploadScene();
  const filler = fillLeaving(filesDir, pdf.length / 2);
  const upload = webLikeUpload(pdf, token, metadata);
  try {
    expect(await upload.run()).toEqual({ status: 507, msgCode: 'storage.full' });
    // Kept for resuming: the record, and every byte but the last, so that the client, which asks
    // where the upload stands, has a last PATCH to send that finishes it.
    const location = upload.tus.url!;
    const uploadId = location.split('/').pop()!;
    const head = await tus.head(location);
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBe(pdf.length - 1);
    expect(sha256Hex(fs.readFileSync(path.join(uploadsDir, uploadId)))).toBe(sha256Hex(pdf.subarray(0, -1)));
    const kept = await db.selectFrom('upload').select('state').where('id', '=', uploadId).executeTakeFirst();
    expect(kept?.state).toBe('uploading');
    expect(await db.selectFrom('file').select('id').where('version_id', '=', versionId).execute()).toEqual([]);

    // Still full: "Fortsetzen" meets the same answer, and the upload still waits.
    upload.chunks.length = 0;
    expect(await upload.run()).toEqual({ status: 507, msgCode: 'storage.full' });
    expect(Number((await tus.head(location)).headers.get('upload-offset'))).toBe(pdf.length - 1);
  } finally {
    fs.rmSync(filler);
  }

  upload.requests.length = 0;
  upload.chunks.length = 0;
  const done = await upload.run();
  expect(done.fileId).toMatch(/^[0-9a-f-]{36}$/);
  // The same upload went on: where does it stand, then the one byte it lacked; no new upload (POST).
  expect(upload.requests).toEqual(['HEAD', 'PATCH']);
  expect(upload.chunks).toEqual([1]);
  // The end-to-end SHA-256 check decided: the stored file is the client's, byte for byte.
  const client = api(server!.app);
  const { url } = (await client.post(`/api/file/${done.fileId}/download-link`, {}, token)).json<{ url: string }>();
  const download = await client.get(url);
  expect(sha256Hex(download.rawPayload)).toBe(metadata.sha256);
});

test('a large chunk refused for a full disk: every time the client reads the 507, never a broken connection', async () => {
  requireSmallDisk();
  const { db, token, tus, versionId } = await uploadScene();
  const data = randomBytes(24 * 1024 * 1024);
  const metadata = { versionId, filename: 'Lageplan gross.pdf', kind: 'main', sha256: sha256Hex(data) };
  const created = await tus.create(data.length, metadata);
  expect(created.status).toBe(201);
  const location = created.headers.get('location')!;
  const filler = fillLeaving(uploadsDir, 256 * 1024);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      const offset = Number((await tus.head(location)).headers.get('upload-offset'));
      expect(offset).toBeLessThan(data.length);
      expect(await patchWholeChunk(server!.baseUrl, location, token, offset, data.subarray(offset))).toEqual({
        status: 507,
        msgCode: 'storage.full',
      });
    }
  } finally {
    fs.rmSync(filler);
  }
  expect(await db.selectFrom('file').select('id').where('version_id', '=', versionId).execute()).toEqual([]);
});

test('/api/health names the disk that is low: the uploads disk is full while DATA_DIR has room', async () => {
  requireSmallDisk();
  const client = api(server!.app);
  server!.deps.config.minFreeDiskBytes = 1024 * 1024;
  const filler = fillLeaving(uploadsDir, 0);
  try {
    const health = await client.get('/api/health');
    expect(health.statusCode).toBe(200);
    const { status, disk } = health.json<{
      status: string;
      disk: { ok: boolean; low: string[]; places: { names: string[]; freeBytes: number; ok: boolean }[] };
    }>();
    expect(status).toBe('degraded');
    expect(disk).toMatchObject({ ok: false, low: ['uploads'] });
    // Each disk once, with what is written there: DATA_DIR's own, and the two small ones.
    const place = (name: string) => disk.places.find((p) => p.names.includes(name));
    expect(place('uploads')).toMatchObject({ names: ['uploads'], ok: false });
    expect(place('uploads')!.freeBytes).toBeLessThan(1024 * 1024);
    expect(place('files')).toMatchObject({ names: ['files'], ok: true });
    expect(place('data')).toMatchObject({ ok: true });
    expect(place('data')!.names).toEqual(expect.arrayContaining(['data', 'temp', 'archives']));
  } finally {
    fs.rmSync(filler);
  }
  expect((await client.get('/api/health')).json()).toMatchObject({ status: 'ok', disk: { ok: true, low: [] } });
});
