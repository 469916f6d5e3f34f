import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import type { FileDto } from '@plankurier/shared';
import { api, signUpOffice } from '../../../test/api.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { tusClient, uploadAll } from '../../../test/tus-client.ts';
import { createVersionRow, fixture, sha256Hex } from '../../../test/upload-fixtures.ts';

let server: TestServer;
let office: { id: string; token: string };

beforeAll(async () => {
  server = await startTestServer();
  const signedUp = await signUpOffice(server.app, server.smtp);
  office = { id: signedUp.user.officeId!, token: signedUp.token };
});
afterAll(async () => {
  await server.stop();
});

async function uploadedFile(name: string, filename = name) {
  const data = fixture(name);
  const { versionId } = await createVersionRow(server.deps.db, office.id);
  const { last } = await uploadAll(tusClient(server.baseUrl, office.token), data, {
    versionId,
    filename,
    kind: 'main',
    sha256: sha256Hex(data),
  });
  expect(last.status).toBe(204);
  return { fileId: last.headers.get('upload-file-id')!, versionId, data };
}

const downloadUrl = async (fileId: string, token = office.token) => {
  const res = await api(server.app).post(`/api/file/${fileId}/download-link`, {}, token);
  expect(res.statusCode).toBe(200);
  return `${server.baseUrl}${res.json<{ url: string }>().url}`;
};

describe('a file of a version', () => {
  test('is read as FileDto with its page format; another office gets 404', async () => {
    const { fileId, data } = await uploadedFile('tracemonkey.pdf');
    const res = await api(server.app).get(`/api/file/${fileId}`, office.token);
    expect(res.json<FileDto>()).toMatchObject({
      _id: fileId,
      kind: 'pdf',
      size: data.length,
      sha256: sha256Hex(data),
      pageFormat: 'Letter',
      pdfPages: 14,
    });
    const other = await signUpOffice(server.app, server.smtp);
    expect((await api(server.app).get(`/api/file/${fileId}`, other.token)).statusCode).toBe(404);
    expect((await api(server.app).post(`/api/file/${fileId}/download-link`, {}, other.token)).statusCode).toBe(404);
    expect((await api(server.app).delete(`/api/file/${fileId}`, other.token)).statusCode).toBe(404);
  });

  test('downloads through a short-lived link, as an attachment with the umlaut name and safe headers', async () => {
    const { fileId, data } = await uploadedFile('hello_world_rotated.pdf', 'Grundriss Küche.pdf');
    const url = await downloadUrl(fileId);
    expect(url).toMatch(new RegExp(`/api/file/${fileId}/download\\?token=[A-Za-z0-9_-]{43}$`));
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Grundriss Kueche.pdf"; filename*=UTF-8''Grundriss%20K%C3%BCche.pdf`,
    );
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe(String(data.length));
    expect(res.headers.get('etag')).toBe(`"${sha256Hex(data)}"`);
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
    const stored = await server.deps.db.selectFrom('download_token').select('token_hash').execute();
    expect(stored.every((t) => t.token_hash.length === 32)).toBe(true);
  });

  test('answers a Range request with 206 and exactly those bytes, and 416 beyond the end', async () => {
    const { fileId, data } = await uploadedFile('tracemonkey.pdf');
    const url = await downloadUrl(fileId);
    const part = await fetch(url, { headers: { Range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${data.length}`);
    expect(part.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(1000, 2000))).toBe(true);

    const suffix = await fetch(url, { headers: { Range: 'bytes=-10' } });
    expect(Buffer.from(await suffix.arrayBuffer()).equals(data.subarray(data.length - 10))).toBe(true);

    const beyond = await fetch(url, { headers: { Range: `bytes=${data.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${data.length}`);
  });

  test('a wrong or expired token opens nothing; no token at all is 401', async () => {
    const { fileId } = await uploadedFile('hello_world_rotated.pdf');
    const url = await downloadUrl(fileId);
    expect((await fetch(url.replace(/token=.*/, `token=${'x'.repeat(43)}`))).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/file/${fileId}/download`)).status).toBe(401);
    const { fileId: otherFile } = await uploadedFile('sample_2000.dwg');
    expect((await fetch(url.replace(fileId, otherFile))).status).toBe(404);
    await server.deps.db
      .updateTable('download_token')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .execute();
    expect((await fetch(url)).status).toBe(404);
  });

  test('is deleted only while its version is in preparation: event recorded, object removed', async () => {
    const { fileId, versionId } = await uploadedFile('polylines.dxf');
    const row = await server.deps.db
      .selectFrom('file')
      .select('storage_key')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    const objectPath = path.join(server.config.dataDir, 'files', row.storage_key);
    expect(fs.existsSync(objectPath)).toBe(true);

    await server.deps.db.updateTable('version').set({ status: 'current' }).where('id', '=', versionId).execute();
    const refused = await api(server.app).delete(`/api/file/${fileId}`, office.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msgCode).toBe('version.not_in_preparation');
    expect(fs.existsSync(objectPath)).toBe(true);

    await server.deps.db.updateTable('version').set({ status: 'preparation' }).where('id', '=', versionId).execute();
    expect((await api(server.app).delete(`/api/file/${fileId}`, office.token)).statusCode).toBe(204);
    expect(await server.deps.db.selectFrom('file').selectAll().where('id', '=', fileId).execute()).toEqual([]);
    expect(fs.existsSync(objectPath)).toBe(false);
    const events = await server.deps.db
      .selectFrom('timeline_event')
      .select('kind')
      .where('file_id', '=', fileId)
      .orderBy('created_at')
      .execute();
    expect(events.map((e) => e.kind)).toEqual(['file.uploaded', 'file.deleted']);
  });
});
