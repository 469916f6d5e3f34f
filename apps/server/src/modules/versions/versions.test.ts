import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ReleaseResponse, VersionDto } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestProject,
  folderOf,
  insertTestFile,
  openTestProject,
  prepareTestVersion,
  releaseTestVersion,
  snapshotProject,
} from '../../../test/factories.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

async function planWithFolder(doctype: 'plan' | 'data' = 'plan') {
  const office = await createTestOffice(server);
  const { project, bundle } = await createTestProject(server.app, office.token);
  const doc = await createTestDoc(
    server.app,
    office.token,
    folderOf(bundle, doctype === 'plan' ? 'plans' : 'documents')._id,
    { doctype },
  );
  return { office, project, bundle, doc };
}

const timelineKinds = async (projectId: string) =>
  (
    await server.deps.db
      .selectFrom('timeline_event')
      .select('kind')
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .execute()
  ).map((r) => r.kind);

describe('a plan goes through its versions', () => {
  test('prepare, upload, release, prepare the next, release: the previous is outdated, the older archived', async () => {
    const { office, project, doc } = await planWithFolder();

    const a = await prepareTestVersion(server.app, office.token, doc._id, 'A');
    expect(a).toMatchObject({
      doc: doc._id,
      number: 1,
      index: 'A',
      status: 'preparation',
      files: [],
      releaseDate: null,
    });
    await insertTestFile(server.deps.db, a, 'pdf');
    const released = await releaseTestVersion(server.app, office.token, a._id);
    const first = released.json<ReleaseResponse>();
    expect(first.docs[0]).toMatchObject({ _id: doc._id, currentVersion: a._id, nextVersion: null, oldVersions: [] });
    expect(first.versions[0]).toMatchObject({ _id: a._id, status: 'current', files: [expect.any(String)] });
    expect(first.versions[0]).not.toHaveProperty('pdfIsUploaded');
    expect(first.versions[0]!.releaseDate).not.toBeNull();

    const b = await prepareTestVersion(server.app, office.token, doc._id, 'B');
    expect(b.number).toBe(2);
    await insertTestFile(server.deps.db, b, 'pdf');
    await releaseTestVersion(server.app, office.token, b._id);
    const c = await prepareTestVersion(server.app, office.token, doc._id, 'C');
    await insertTestFile(server.deps.db, c, 'pdf');
    await insertTestFile(server.deps.db, c, 'dwg');
    await releaseTestVersion(server.app, office.token, c._id);

    const bundle = await openTestProject(server.app, office.token, project._id);
    const status = Object.fromEntries(bundle.versions.map((v) => [v.index, v.status]));
    expect(status).toEqual({ A: 'archived', B: 'outdated', C: 'current' });
    expect(bundle.versions.find((v) => v.index === 'B')!.outdatedAt).not.toBeNull();
    expect(bundle.versions.find((v) => v.index === 'C')!.outdatedAt).toBeNull();
    expect(bundle.docs[0]).toMatchObject({ currentVersion: c._id, nextVersion: null, oldVersions: [b._id, a._id] });
    expect(await timelineKinds(project._id)).toEqual([
      'doc.created',
      'version.prepared',
      'version.released',
      'version.prepared',
      'version.released',
      'version.prepared',
      'version.released',
    ]);
  });

  test('the index is required, and only one version may be in preparation', async () => {
    const { office, doc } = await planWithFolder();
    const empty = await http.post('/api/version', { docId: doc._id, index: ' ' }, office.token);
    expect([empty.statusCode, empty.json().msgCode]).toEqual([400, 'version.index_required']);
    await prepareTestVersion(server.app, office.token, doc._id, 'A');
    const second = await http.post('/api/version', { docId: doc._id, index: 'B' }, office.token);
    expect([second.statusCode, second.json().msgCode]).toEqual([409, 'version.preparation_exists']);
  });

  test('a plan is released only with its PDF; a data document with any file', async () => {
    const plan = await planWithFolder('plan');
    const version = await prepareTestVersion(server.app, plan.office.token, plan.doc._id);
    const none = await http.post(`/api/version/${version._id}/release`, {}, plan.office.token);
    expect([none.statusCode, none.json().msgCode]).toEqual([409, 'version.files_missing']);
    await insertTestFile(server.deps.db, version, 'dwg');
    const dwgOnly = await http.post(`/api/version/${version._id}/release`, {}, plan.office.token);
    expect([dwgOnly.statusCode, dwgOnly.json().msgCode]).toEqual([409, 'version.files_missing']);

    const data = await planWithFolder('data');
    const dataVersion = await prepareTestVersion(server.app, data.office.token, data.doc._id);
    await insertTestFile(server.deps.db, dataVersion, 'dxf');
    const res = await http.post(`/api/version/${dataVersion._id}/release`, {}, data.office.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<ReleaseResponse>().versions[0]).toMatchObject({
      doctype: 'data',
      pdfIsUploaded: false,
      dwgIsUploaded: false,
      dxfIsUploaded: true,
      status: 'current',
    });
  });

  test('a released version cannot be released again or deleted', async () => {
    const { office, doc } = await planWithFolder();
    const version = await prepareTestVersion(server.app, office.token, doc._id);
    await insertTestFile(server.deps.db, version);
    await releaseTestVersion(server.app, office.token, version._id);
    const again = await http.post(`/api/version/${version._id}/release`, {}, office.token);
    expect([again.statusCode, again.json().msgCode]).toEqual([409, 'version.already_released']);
    // 'Index A wurde bereits von Anna Architektin freigegeben'
    expect(again.json()).toMatchObject({ index: 'A', changedBy: 'Anna Architektin' });
    const del = await http.delete(`/api/version/${version._id}`, office.token);
    expect([del.statusCode, del.json().msgCode]).toEqual([409, 'version.not_in_preparation']);
  });

  test('two simultaneous releases of the same version: exactly one wins', async () => {
    const { office, project, doc } = await planWithFolder();
    const version = await prepareTestVersion(server.app, office.token, doc._id);
    await insertTestFile(server.deps.db, version);
    const results = await Promise.all([
      http.post(`/api/version/${version._id}/release`, {}, office.token),
      http.post(`/api/version/${version._id}/release`, {}, office.token),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await timelineKinds(project._id)).filter((k) => k === 'version.released')).toHaveLength(1);
  });

  test('many versions are released together, or none when one of them lacks its files', async () => {
    const { office, project, bundle } = await planWithFolder();
    const folder = folderOf(bundle);
    const docs = [
      await createTestDoc(server.app, office.token, folder._id),
      await createTestDoc(server.app, office.token, folder._id),
    ];
    const versions = [
      await prepareTestVersion(server.app, office.token, docs[0]!._id),
      await prepareTestVersion(server.app, office.token, docs[1]!._id),
    ];
    await insertTestFile(server.deps.db, versions[0]!);
    const before = await snapshotProject(server.deps.db, project._id);

    const refused = await http.post('/api/versions/release', { versionIds: versions.map((v) => v._id) }, office.token);
    expect([refused.statusCode, refused.json().msgCode]).toEqual([409, 'version.files_missing']);
    expect(await snapshotProject(server.deps.db, project._id)).toEqual(before);

    await insertTestFile(server.deps.db, versions[1]!);
    const res = await http.post('/api/versions/release', { versionIds: versions.map((v) => v._id) }, office.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<ReleaseResponse>().versions.map((v) => v.status)).toEqual(['current', 'current']);
  });

  test('index and comment change until a file was sent; then the index is locked, the downloads flag is not', async () => {
    const { office, doc } = await planWithFolder();
    const version = await prepareTestVersion(server.app, office.token, doc._id, 'A');
    const edited = await http.put(
      `/api/version/${version._id}`,
      { index: 'A1', comment: 'Brandschutz ergänzt' },
      office.token,
    );
    expect(edited.json<VersionDto>()).toMatchObject({ index: 'A1', comment: 'Brandschutz ergänzt' });
    const empty = await http.put(`/api/version/${version._id}`, { index: '' }, office.token);
    expect([empty.statusCode, empty.json().msgCode]).toEqual([400, 'version.index_required']);

    const file = await insertTestFile(server.deps.db, version, 'pdf', { delivered_at: new Date() });
    const locked = await http.put(`/api/version/${version._id}`, { index: 'B' }, office.token);
    expect([locked.statusCode, locked.json().msgCode]).toEqual([409, 'version.locked']);
    const flag = await http.put(
      `/api/version/${version._id}`,
      { downloadsEnabled: false, comment: 'nur Kommentar' },
      office.token,
    );
    expect(flag.statusCode).toBe(200);
    expect(flag.json<VersionDto>()).toMatchObject({
      index: 'A1',
      downloadsEnabled: false,
      comment: 'nur Kommentar',
      deliveredFiles: [file.id],
    });
  });

  test('a version in preparation is deleted with its stored files and the timeline notes it', async () => {
    const { office, project, doc } = await planWithFolder();
    const version = await prepareTestVersion(server.app, office.token, doc._id);
    const file = await insertTestFile(server.deps.db, version);
    const removed: string[] = [];
    const original = server.deps.storage.remove;
    server.deps.storage.remove = async (key) => void removed.push(key);
    const res = await http.delete(`/api/version/${version._id}`, office.token);
    server.deps.storage.remove = original;
    expect(res.statusCode).toBe(204);
    expect(removed).toEqual([file.storage_key]);
    const bundle = await openTestProject(server.app, office.token, project._id);
    expect(bundle.versions).toEqual([]);
    expect(bundle.docs[0]!.nextVersion).toBeNull();
    expect(await timelineKinds(project._id)).toEqual(['doc.created', 'version.prepared', 'version.deleted']);
    expect((await prepareTestVersion(server.app, office.token, doc._id)).number).toBe(1);
  });

  test("another office's doc and versions answer 404 to every version call, and nothing changes", async () => {
    const { office, project, doc } = await planWithFolder();
    const version = await prepareTestVersion(server.app, office.token, doc._id);
    await insertTestFile(server.deps.db, version);
    const intruder = await createTestOffice(server);
    const before = await snapshotProject(server.deps.db, project._id);

    for (const res of [
      await http.post('/api/version', { docId: doc._id, index: 'X' }, intruder.token),
      await http.put(`/api/version/${version._id}`, { index: 'X', downloadsEnabled: false }, intruder.token),
      await http.delete(`/api/version/${version._id}`, intruder.token),
      await http.post(`/api/version/${version._id}/release`, {}, intruder.token),
      await http.post('/api/versions/release', { versionIds: [version._id] }, intruder.token),
    ]) {
      expect([res.statusCode, res.json().msgCode]).toEqual([404, 'common.not_found']);
    }
    expect(await snapshotProject(server.deps.db, project._id)).toEqual(before);
  });
});
