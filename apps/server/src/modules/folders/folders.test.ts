import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DocFolderDto } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestProject,
  folderOf,
  openTestProject,
  snapshotProject,
} from '../../../test/factories.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

describe('an office keeps the doc folders of a phase', () => {
  test('a new folder goes last in its phase; its name is required', async () => {
    const office = await createTestOffice(server);
    const { bundle } = await createTestProject(server.app, office.token);
    const phase = bundle.phases[0]!;
    const res = await http.post(
      '/api/folder',
      { phaseId: phase._id, name: 'Details', category: 'plans' },
      office.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json<DocFolderDto>()).toMatchObject({
      phase: phase._id,
      name: 'Details',
      category: 'plans',
      sortOrder: 2,
      isCollapsed: false,
      docs: [],
    });
    const noName = await http.post('/api/folder', { phaseId: phase._id, name: '', category: 'plans' }, office.token);
    expect([noName.statusCode, noName.json().msgCode]).toEqual([400, 'folder.name_required']);
  });

  test('a folder is renamed and collapsed in the list and in the picker', async () => {
    const office = await createTestOffice(server);
    const { bundle } = await createTestProject(server.app, office.token);
    const folder = folderOf(bundle);
    const res = await http.put(`/api/folder/${folder._id}`, { name: 'Grundrisse', isCollapsed: true }, office.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<DocFolderDto>()).toMatchObject({
      name: 'Grundrisse',
      isCollapsed: true,
      isCollapsedInPicker: false,
    });
    const picker = await http.put(`/api/folder/${folder._id}`, { isCollapsedInPicker: true }, office.token);
    expect(picker.json<DocFolderDto>()).toMatchObject({
      name: 'Grundrisse',
      isCollapsed: true,
      isCollapsedInPicker: true,
    });
    const empty = await http.put(`/api/folder/${folder._id}`, { name: ' ' }, office.token);
    expect([empty.statusCode, empty.json().msgCode]).toEqual([400, 'folder.name_required']);
  });

  test('a folder with docs cannot be deleted; an empty one can', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const plans = folderOf(bundle, 'plans');
    const documents = folderOf(bundle, 'documents');
    await createTestDoc(server.app, office.token, plans._id);
    const refused = await http.delete(`/api/folder/${plans._id}`, office.token);
    expect([refused.statusCode, refused.json().msgCode]).toEqual([409, 'folder.not_empty']);
    expect((await http.delete(`/api/folder/${documents._id}`, office.token)).statusCode).toBe(204);
    expect((await openTestProject(server.app, office.token, project._id)).docfolders.map((f) => f._id)).toEqual([
      plans._id,
    ]);
  });

  test('folders are opened and closed in bulk', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token, { phaseTemplate: 'hoai' });
    const plans = bundle.docfolders.filter((f) => f.category === 'plans');
    const res = await http.put(
      '/api/folders',
      plans.map((f) => ({ _id: f._id, isCollapsed: true })),
      office.token,
    );
    expect(res.statusCode).toBe(200);
    const after = await openTestProject(server.app, office.token, project._id);
    expect(
      after.docfolders
        .filter((f) => f.isCollapsed)
        .map((f) => f._id)
        .sort(),
    ).toEqual(plans.map((f) => f._id).sort());
  });

  test('a bulk collapse with one foreign folder answers 404 and changes none of them', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const other = await createTestOffice(server);
    const foreign = await createTestProject(server.app, other.token);
    const before = await snapshotProject(server.deps.db, project._id);
    const foreignBefore = await snapshotProject(server.deps.db, foreign.project._id);

    const res = await http.put(
      '/api/folders',
      [
        ...bundle.docfolders.map((f) => ({ _id: f._id, isCollapsed: true })),
        { _id: foreign.bundle.docfolders[0]!._id, isCollapsed: true },
      ],
      office.token,
    );
    expect([res.statusCode, res.json().msgCode]).toEqual([404, 'common.not_found']);
    expect(await snapshotProject(server.deps.db, project._id)).toEqual(before);
    expect(await snapshotProject(server.deps.db, foreign.project._id)).toEqual(foreignBefore);
  });

  test('folders of a phase are reordered by naming all of them', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const phase = bundle.phases[0]!;
    const reversed = [...phase.folders].reverse();
    const res = await http.put('/api/folders/order', { phaseId: phase._id, folderIds: reversed }, office.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<DocFolderDto[]>().map((f) => [f._id, f.sortOrder])).toEqual([
      [reversed[0], 0],
      [reversed[1], 1],
    ]);
    expect((await openTestProject(server.app, office.token, project._id)).phases[0]!.folders).toEqual(reversed);
    const partial = await http.put(
      '/api/folders/order',
      { phaseId: phase._id, folderIds: [reversed[0]] },
      office.token,
    );
    expect([partial.statusCode, partial.json().msgCode]).toEqual([400, 'common.validation']);
  });

  test("another office's folders answer 404 to every folder call, and nothing changes", async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const folder = folderOf(bundle);
    const intruder = await createTestOffice(server);
    const own = await createTestProject(server.app, intruder.token);
    const before = await snapshotProject(server.deps.db, project._id);

    for (const res of [
      await http.post('/api/folder', { phaseId: bundle.phases[0]!._id, name: 'X', category: 'plans' }, intruder.token),
      await http.put(`/api/folder/${folder._id}`, { name: 'Gekapert', isCollapsed: true }, intruder.token),
      await http.delete(`/api/folder/${folder._id}`, intruder.token),
      await http.put('/api/folders', [{ _id: folder._id, isCollapsed: true }], intruder.token),
      await http.put(
        '/api/folders/order',
        { phaseId: bundle.phases[0]!._id, folderIds: bundle.phases[0]!.folders },
        intruder.token,
      ),
      await http.put(
        '/api/folders/order',
        { phaseId: own.bundle.phases[0]!._id, folderIds: [folder._id, ...own.bundle.phases[0]!.folders.slice(1)] },
        intruder.token,
      ),
    ]) {
      expect([res.statusCode, res.json().msgCode]).toEqual([404, 'common.not_found']);
    }
    expect(await snapshotProject(server.deps.db, project._id)).toEqual(before);
  });
});
