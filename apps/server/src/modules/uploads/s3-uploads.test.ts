/**
 * Resumable uploads with STORAGE=s3: two server processes of one installation (same database,
 * same bucket on a real S3 protocol server), PATCHes going to either of them.
 */
import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, signUpOffice } from '../../../test/api.ts';
import { openUploadsDirectory, startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { withStartxrefOff } from '../../../test/tricky-pdfs.ts';
import { tusClient, uploadAll, type TusClient } from '../../../test/tus-client.ts';
import { until } from '../../../test/until.ts';
import { createVersionRow, fixture, sha256Hex } from '../../../test/upload-fixtures.ts';
import { loadConfig } from '../../config.ts';
import { isS3Storage } from '../../storage/s3.ts';

let s3: TestS3;
let a: TestServer;
let b: TestServer;
let office: { id: string; token: string };
let viaA: TusClient;
let viaB: TusClient;

beforeAll(async () => {
  s3 = await startTestS3();
  const { storage, s3: settings } = loadConfig({ NODE_ENV: 'test', ...s3.env });
  a = await startTestServer({ storage, s3: settings });
  // Before B runs: its workers would take the sign-up mail's job and send it to its own SMTP sink.
  const signedUp = await signUpOffice(a.app, a.smtp);
  b = await startTestServer({ storage, s3: settings, databaseUrl: a.databaseUrl });
  office = { id: signedUp.user.officeId!, token: signedUp.token };
  viaA = tusClient(a.baseUrl, office.token);
  viaB = tusClient(b.baseUrl, office.token);
}, 120_000);
afterAll(async () => {
  await b?.stop();
  await a?.stop();
  await s3?.close();
});

const MB = 1024 * 1024;
/**
 * A drawing that is read to its end (cad-inspect.ts) of exactly `size` bytes, larger than S3 parts:
 * an ASCII DXF of LINE entities at random places, filled up with comments.
 */
function dxf(size: number): Buffer {
  const head = '  0\nSECTION\n  2\nENTITIES\n';
  const tail = '  0\nENDSEC\n  0\nEOF\n';
  const random = randomBytes(4000 * 4);
  const lines = Array.from({ length: 4000 }, (_, i) => {
    const at = (k: number) => random.readUInt16LE(i * 4 + k * 2);
    return `  0\nLINE\n  8\nA-WALL\n 10\n${at(0)}.25\n 20\n${at(1)}.5\n 11\n${at(1)}.75\n 21\n${at(0)}.125\n`;
  }).join('');
  const parts = [head];
  let length = head.length + tail.length;
  while (length + lines.length + 100 <= size) {
    parts.push(lines);
    length += lines.length;
  }
  while (length < size) {
    const rest = size - length - 5; // a comment line takes '999', two line feeds and its text
    const filler = rest > 60_010 ? 60_000 : rest;
    parts.push(`999\n${'x'.repeat(filler)}\n`);
    length += filler + 5;
  }
  return Buffer.from(parts.join('') + tail, 'latin1');
}
const meta = (versionId: string, data: Buffer) => ({
  versionId,
  filename: 'Lageplan.dxf',
  kind: 'main',
  sha256: sha256Hex(data),
});

async function bucketKeys(): Promise<string[]> {
  if (!isS3Storage(a.deps.storage)) throw new Error('not on S3');
  const listed = await a.deps.storage.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (listed.Contents ?? []).map((o) => o.Key!);
}
/**
 * Every finished plan gets its thumbnail and scene (a PDF also its sheet) drawn by a job after the
 * upload, into the bucket: a test that compares the bucket before and after must first let the
 * earlier tests' drawings land, or one lands in between (as a 20 MB DXF's does on a busy machine).
 */
const previewsDrawn = () =>
  until(async () => {
    const drawing = await a.deps.db
      .selectFrom('file')
      .select('id')
      .where((eb) => eb.or([eb('preview_status', '=', 'pending'), eb('sheet_status', '=', 'pending')]))
      .execute();
    return drawing.length === 0;
  }, 90_000);
const openMultipartUploads = () =>
  fs.existsSync(openUploadsDirectory(s3)) ? fs.readdirSync(openUploadsDirectory(s3)) : [];

async function download(server: TestServer, fileId: string, range?: string) {
  const link = await api(server.app).post(`/api/file/${fileId}/download-link`, {}, office.token);
  expect(link.statusCode).toBe(200);
  const res = await fetch(new URL(link.json<{ url: string }>().url, server.baseUrl), {
    headers: range ? { range } : {},
  });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

describe('uploads staged in the bucket', () => {
  test('PATCHes to two processes make one file, checked by SHA-256 and stored where it was staged', async () => {
    const data = dxf(20 * MB + 4321);
    const { versionId } = await createVersionRow(a.deps.db, office.id);
    const created = await viaA.create(data.length, meta(versionId, data));
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const first = await viaA.patch(location, 0, data.subarray(0, 9 * MB));
    expect(first.status).toBe(204);
    expect(Number(first.headers.get('upload-offset'))).toBe(9 * MB);
    // The rest goes to the other process, which never saw the first bytes.
    const head = await viaB.head(location);
    expect(Number(head.headers.get('upload-offset'))).toBe(9 * MB);
    const last = await viaB.patch(location, 9 * MB, data.subarray(9 * MB));
    expect(last.status).toBe(204);
    const fileId = last.headers.get('upload-file-id')!;
    expect(fileId).toBeTruthy();

    const row = await a.deps.db.selectFrom('file').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow();
    expect(row.sha256).toBe(sha256Hex(data));
    expect(row.storage_key).toBe(location.split('/').pop());
    // Nothing of the staging is left: no tus metadata, no tail part, no open multipart upload.
    expect(await bucketKeys()).toEqual(expect.arrayContaining([row.storage_key]));
    expect((await bucketKeys()).filter((k) => k.startsWith(row.storage_key) && k !== row.storage_key)).toEqual([]);
    expect(openMultipartUploads()).toEqual([]);

    for (const server of [a, b]) {
      const whole = await download(server, fileId);
      expect(whole.status).toBe(200);
      expect(sha256Hex(whole.body)).toBe(sha256Hex(data));
      const slice = await download(server, fileId, 'bytes=8388600-8388700');
      expect(slice.status).toBe(206);
      expect(slice.body).toEqual(data.subarray(8388600, 8388701));
    }
  });

  test('a PATCH cut off on one process resumes on the other from the offset it reports, byte-identical', async () => {
    const data = dxf(19 * MB);
    const { versionId } = await createVersionRow(a.deps.db, office.id);
    const created = await viaA.create(data.length, meta(versionId, data));
    const location = created.headers.get('location')!;

    // 11 MB reach process A, then the connection drops.
    const controller = new AbortController();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull: async (ctrl) => {
        if (sent >= 11 * MB) {
          await new Promise((r) => setTimeout(r, 300));
          controller.abort();
          return;
        }
        ctrl.enqueue(new Uint8Array(data.subarray(sent, sent + MB)));
        sent += MB;
      },
    });
    await fetch(new URL(location, a.baseUrl), {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        Authorization: `Bearer ${office.token}`,
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body,
      signal: controller.signal,
      duplex: 'half',
    } as RequestInit).catch(() => undefined);

    // Process B answers what the bucket holds: whole parts only (8 MB), never a half-written one.
    let offset = -1;
    for (let i = 0; i < 50; i++) {
      const head = await viaB.head(location);
      expect(head.status).toBe(200);
      offset = Number(head.headers.get('upload-offset'));
      if (offset >= 8 * MB) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(offset).toBeGreaterThanOrEqual(8 * MB);
    expect(offset).toBeLessThanOrEqual(11 * MB);
    const last = await viaB.patch(location, offset, data.subarray(offset));
    expect(last.status).toBe(204);
    const fileId = last.headers.get('upload-file-id')!;
    const whole = await download(a, fileId);
    expect(sha256Hex(whole.body)).toBe(sha256Hex(data));
  });

  test('an upload whose bytes do not match its SHA-256 is refused and leaves nothing in the bucket', async () => {
    await previewsDrawn();
    const before = await bucketKeys();
    const data = dxf(9 * MB);
    const { versionId } = await createVersionRow(a.deps.db, office.id);
    const created = await viaA.create(data.length, { ...meta(versionId, data), sha256: sha256Hex('other') });
    const location = created.headers.get('location')!;
    const last = await viaB.patch(location, 0, data);
    expect(last.status).toBe(409);
    expect(last.json().msgCode).toBe('upload.checksum_mismatch');
    expect((await bucketKeys()).sort()).toEqual(before.sort());
    expect(openMultipartUploads()).toEqual([]);
  }, 120_000);

  test('a PDF is inspected where it was staged: its pages from the bucket, a broken one repaired, a non-PDF refused', async () => {
    const before = await bucketKeys();
    const pdf = (filename: string, data: Buffer, versionId: string) => ({
      versionId,
      filename,
      kind: 'main',
      sha256: sha256Hex(data),
    });
    const factsOf = async (data: Buffer) => {
      const { versionId } = await createVersionRow(a.deps.db, office.id);
      const { last } = await uploadAll(viaA, data, pdf('Grundriss.pdf', data, versionId), 2 * MB);
      expect(last.status).toBe(204);
      const row = await a.deps.db
        .selectFrom('file')
        .select(['pdf_width_mm', 'pdf_height_mm', 'pdf_pages', 'is_encrypted'])
        .where('id', '=', last.headers.get('upload-file-id')!)
        .executeTakeFirstOrThrow();
      return [Number(row.pdf_width_mm), Number(row.pdf_height_mm), row.pdf_pages, row.is_encrypted];
    };
    const letter = fixture('tracemonkey.pdf');
    expect(await factsOf(letter)).toEqual([215.9, 279.4, 14, false]);
    expect(await factsOf(withStartxrefOff(letter))).toEqual([215.9, 279.4, 14, false]);

    const notPdf = randomBytes(64 * 1024);
    const { versionId } = await createVersionRow(a.deps.db, office.id);
    const { last } = await uploadAll(viaB, notPdf, pdf('plan.pdf', notPdf, versionId));
    expect([last.status, last.json().msgCode]).toEqual([415, 'upload.not_a_pdf']);
    // The plans' thumbnails and sheets are drawn meanwhile and stored beside them: wait for those jobs.
    await previewsDrawn();
    const stored = await a.deps.db
      .selectFrom('file')
      .select(['storage_key', 'thumbnail_key', 'scene_key', 'sheet_key'])
      .execute();
    expect((await bucketKeys()).filter((k) => !before.includes(k)).sort()).toEqual(
      stored
        .flatMap((f) => [f.storage_key, f.thumbnail_key, f.scene_key, f.sheet_key])
        .filter((k): k is string => k !== null && !before.includes(k))
        .sort(),
    );
    expect(openMultipartUploads()).toEqual([]);
  }, 120_000);

  test('a cancelled upload (tus DELETE) leaves nothing in the bucket', async () => {
    await previewsDrawn();
    const before = await bucketKeys();
    const data = dxf(6 * MB);
    const { versionId } = await createVersionRow(a.deps.db, office.id);
    const created = await viaA.create(data.length, meta(versionId, data));
    const location = created.headers.get('location')!;
    expect((await viaA.patch(location, 0, data.subarray(0, 2 * MB))).status).toBe(204);
    expect((await viaB.remove(location)).status).toBe(204);
    await expect.poll(async () => (await bucketKeys()).sort()).toEqual(before.sort());
    expect(openMultipartUploads()).toEqual([]);
  });
});
