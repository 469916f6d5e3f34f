import { afterAll, beforeAll, expect, test } from 'vitest';
import { api } from '../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestProject,
  folderOf,
  prepareTestVersion,
} from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { tusClient, uploadAll } from '../../test/tus-client.ts';
import { createVersionRow, fixture, insertStoredFixture, sha256Hex } from '../../test/upload-fixtures.ts';

/**
 * Issue 36: a check killed at its process's time limit is the file's fault, told as a 422 with a
 * msgCode and nothing kept — never a 500, never a retry. A limit of 1 ms here: every check passes it.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    fileProcesses: {
      checks: { timeLimitMs: 1, memoryMb: 1024 },
      previews: { timeLimitMs: 60_000, memoryMb: 1024 },
    },
  });
});
afterAll(() => server.stop());

test('an upload whose check passes the limit is refused: 422 upload.too_complex, no file kept', async () => {
  const office = await createTestOffice(server);
  const { versionId } = await createVersionRow(server.deps.db, office.id);
  const data = fixture('tracemonkey.pdf');
  const tus = tusClient(server.baseUrl, office.token);
  const { last } = await uploadAll(tus, data, {
    versionId,
    filename: 'A-1 Plan.pdf',
    kind: 'main',
    sha256: sha256Hex(data),
  });
  expect(last.status).toBe(422);
  expect(JSON.parse(last.body) as unknown).toMatchObject({ msgCode: 'upload.too_complex' });
  const files = await server.deps.db.selectFrom('file').select('id').where('version_id', '=', versionId).execute();
  expect(files).toEqual([]);
});

test('reading a title block past the limit: 422 upload.too_complex', async () => {
  const office = await createTestOffice(server);
  const { project } = await createTestProject(server.app, office.token);
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/project/${project._id}/title-block`,
    headers: { authorization: `Bearer ${office.token}`, 'content-type': 'application/pdf' },
    payload: fixture('tracemonkey.pdf'),
  });
  expect([res.statusCode, res.json<{ msgCode: string }>().msgCode]).toEqual([422, 'upload.too_complex']);
});

test('saving a QR placement whose check passes the limit: 422 qr.too_complex, nothing saved', async () => {
  const office = await createTestOffice(server, 'P2');
  const { bundle } = await createTestProject(server.app, office.token);
  const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'A-1', name: 'Plan' });
  const version = await prepareTestVersion(server.app, office.token, doc._id, 'A');
  await insertStoredFixture(server.deps, version, 'pdf', 'hello_world_rotated.pdf');
  const res = await api(server.app).put(
    `/api/doc/${doc._id}/qr`,
    { x: 20, y: 15, width: 25, hasBorder: false, embed: true },
    office.token,
  );
  expect([res.statusCode, res.json<{ msgCode: string }>().msgCode]).toEqual([422, 'qr.too_complex']);
  const row = await server.deps.db.selectFrom('doc').select('qr').where('id', '=', doc._id).executeTakeFirstOrThrow();
  expect(row.qr).toBeNull();
});
