import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DocDto, DocFolderDto } from '@plankurier/shared';
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
  snapshotProject,
} from '../../../test/factories.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

const timelineOf = (projectId: string) =>
  server.deps.db
    .selectFrom('timeline_event')
    .select(['kind', 'doc_id', 'actor_id', 'data', 'event_type'])
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .execute();

describe('an office creates, edits, moves and deletes plans and documents', () => {
  test('a new plan goes last in its folder and writes doc.created to the timeline', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const folder = folderOf(bundle);
    await createTestDoc(server.app, office.token, folder._id);
    const res = await http.post(
      '/api/doc',
      { folderId: folder._id, doctype: 'plan', number: 'A-102', name: 'Schnitt A-A' },
      office.token,
    );
    expect(res.statusCode).toBe(201);
    const doc = res.json<DocDto>();
    expect(doc).toMatchObject({
      folder: folder._id,
      doctype: 'plan',
      number: 'A-102',
      name: 'Schnitt A-A',
      sortOrder: 1,
      currentVersion: null,
      nextVersion: null,
      oldVersions: [],
    });
    expect((await timelineOf(project._id)).at(-1)).toEqual({
      kind: 'doc.created',
      event_type: 'DOC',
      doc_id: doc._id,
      actor_id: office.userId,
      data: { number: 'A-102', name: 'Schnitt A-A', doctype: 'plan' },
    });
  });

  test('the free tier allows 30 docs over all projects; the 31st is refused', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const folder = folderOf(bundle, 'documents');
    for (let i = 0; i < 30; i++) await createTestDoc(server.app, office.token, folder._id, { doctype: 'data' });
    const res = await http.post(
      '/api/doc',
      { folderId: folder._id, doctype: 'data', number: 'D-31', name: 'Zu viel' },
      office.token,
    );
    expect([res.statusCode, res.json().msgCode]).toEqual([403, 'tier.limit_reached']);
    expect((await openTestProject(server.app, office.token, project._id)).docs).toHaveLength(30);
  });

  test('a plan gets a new number and name', async () => {
    const office = await createTestOffice(server);
    const { bundle } = await createTestProject(server.app, office.token);
    const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id);
    const res = await http.put(`/api/doc/${doc._id}`, { number: 'A-200', name: 'Ansicht Nord' }, office.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<DocDto>()).toMatchObject({ _id: doc._id, number: 'A-200', name: 'Ansicht Nord' });
  });

  test('once a file of the plan was sent its number is locked (409 version.locked, nothing changes); the name stays editable', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id);
    const version = await prepareTestVersion(server.app, office.token, doc._id, 'A');
    await insertTestFile(server.deps.db, version, 'pdf');
    const beforeSending = await http.put(`/api/doc/${doc._id}`, { number: 'A-300' }, office.token);
    expect(beforeSending.json<DocDto>()).toMatchObject({ number: 'A-300' });

    await insertTestFile(server.deps.db, version, 'dwg', { delivered_at: new Date() });
    const before = await snapshotProject(server.deps.db, project._id);
    const locked = await http.put(`/api/doc/${doc._id}`, { number: 'A-301', name: 'Umbenannt' }, office.token);
    expect([locked.statusCode, locked.json().msgCode]).toEqual([409, 'version.locked']);
    expect(await snapshotProject(server.deps.db, project._id)).toEqual(before);

    const sameNumber = await http.put(`/api/doc/${doc._id}`, { number: 'A-300', name: 'Ansicht Süd' }, office.token);
    expect(sameNumber.statusCode).toBe(200);
    expect(sameNumber.json<DocDto>()).toMatchObject({ number: 'A-300', name: 'Ansicht Süd' });
    const nameOnly = await http.put(`/api/doc/${doc._id}`, { name: 'Ansicht Ost' }, office.token);
    expect(nameOnly.json<DocDto>()).toMatchObject({ number: 'A-300', name: 'Ansicht Ost' });
  });

  test('deleting a plan removes its versions and stored files and keeps its number and name in the timeline', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const folder = folderOf(bundle);
    const doc = await createTestDoc(server.app, office.token, folder._id, { number: 'A-300', name: 'Dach' });
    const second = await createTestDoc(server.app, office.token, folder._id);
    const version = await prepareTestVersion(server.app, office.token, doc._id);
    const file = await insertTestFile(server.deps.db, version);
    const removed: string[] = [];
    const original = server.deps.storage.remove;
    server.deps.storage.remove = async (key) => void removed.push(key);

    const res = await http.delete(`/api/doc/${doc._id}`, office.token);
    server.deps.storage.remove = original;
    expect(res.statusCode).toBe(204);
    expect(removed).toEqual([file.storage_key]);
    const after = await openTestProject(server.app, office.token, project._id);
    expect(after.docs.map((d) => [d._id, d.sortOrder])).toEqual([[second._id, 0]]);
    expect(after.versions).toEqual([]);
    expect(after.files).toEqual([]);
    expect((await timelineOf(project._id)).at(-1)).toMatchObject({
      kind: 'doc.deleted',
      doc_id: doc._id,
      data: { number: 'A-300', name: 'Dach' },
    });
  });

  test('docs are reordered within a folder and moved to another folder; both folders are renumbered', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const plans = folderOf(bundle, 'plans');
    const documents = folderOf(bundle, 'documents');
    const [a, b, c] = [
      await createTestDoc(server.app, office.token, plans._id),
      await createTestDoc(server.app, office.token, plans._id),
      await createTestDoc(server.app, office.token, plans._id),
    ];
    const d = await createTestDoc(server.app, office.token, documents._id, { doctype: 'data' });

    const reorder = await http.put(
      '/api/docs/order',
      { folderId: plans._id, docIds: [c!._id, a!._id, b!._id] },
      office.token,
    );
    expect(reorder.statusCode).toBe(200);
    expect(reorder.json<DocFolderDto[]>()[0]!.docs).toEqual([
      { _id: c!._id, sortOrder: 0 },
      { _id: a!._id, sortOrder: 1 },
      { _id: b!._id, sortOrder: 2 },
    ]);

    const move = await http.put('/api/docs/order', { folderId: documents._id, docIds: [a!._id, d._id] }, office.token);
    expect(move.statusCode).toBe(200);
    const after = await openTestProject(server.app, office.token, project._id);
    const folder = (id: string) => after.docfolders.find((f) => f._id === id)!.docs;
    expect(folder(documents._id)).toEqual([
      { _id: a!._id, sortOrder: 0 },
      { _id: d._id, sortOrder: 1 },
    ]);
    expect(folder(plans._id)).toEqual([
      { _id: c!._id, sortOrder: 0 },
      { _id: b!._id, sortOrder: 1 },
    ]);
    expect(after.docs.find((x) => x._id === a!._id)!.folder).toBe(documents._id);
  });

  test("another office's docs and folders answer 404 to every doc call, and nothing changes", async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id);
    const intruder = await createTestOffice(server);
    const own = await createTestProject(server.app, intruder.token);
    const before = await snapshotProject(server.deps.db, project._id);

    for (const res of [
      await http.post(
        '/api/doc',
        { folderId: folderOf(bundle)._id, doctype: 'plan', number: 'X', name: 'X' },
        intruder.token,
      ),
      await http.put(`/api/doc/${doc._id}`, { name: 'Gekapert' }, intruder.token),
      await http.delete(`/api/doc/${doc._id}`, intruder.token),
      await http.put('/api/docs/order', { folderId: folderOf(bundle)._id, docIds: [doc._id] }, intruder.token),
      await http.put('/api/docs/order', { folderId: folderOf(own.bundle)._id, docIds: [doc._id] }, intruder.token),
    ]) {
      expect([res.statusCode, res.json().msgCode]).toEqual([404, 'common.not_found']);
    }
    expect(await snapshotProject(server.deps.db, project._id)).toEqual(before);
  });

  test('a doc cannot be moved into a folder of another project of the same office', async () => {
    const office = await createTestOffice(server, 'P2');
    const first = await createTestProject(server.app, office.token);
    const second = await createTestProject(server.app, office.token);
    const doc = await createTestDoc(server.app, office.token, folderOf(first.bundle)._id);
    const res = await http.put(
      '/api/docs/order',
      { folderId: folderOf(second.bundle)._id, docIds: [doc._id] },
      office.token,
    );
    expect(res.statusCode).toBe(404);
    expect((await openTestProject(server.app, office.token, first.project._id)).docs.map((d) => d._id)).toEqual([
      doc._id,
    ]);
  });
});
