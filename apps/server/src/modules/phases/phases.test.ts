import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PhaseDto } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestProject,
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

describe('an office keeps the phases of a project', () => {
  test('a new phase goes last and starts with a plans and a documents folder', async () => {
    const office = await createTestOffice(server);
    const { project } = await createTestProject(server.app, office.token);
    const res = await http.post(
      '/api/phase',
      { projectId: project._id, shortcut: 'LP5', name: 'Ausführungsplanung' },
      office.token,
    );
    expect(res.statusCode).toBe(201);
    const phase = res.json<PhaseDto>();
    expect(phase).toMatchObject({ project: project._id, shortcut: 'LP5', name: 'Ausführungsplanung', sortOrder: 1 });
    const bundle = await openTestProject(server.app, office.token, project._id);
    expect(bundle.docfolders.filter((f) => f.phase === phase._id).map((f) => f.name)).toEqual(['Pläne', 'Dokumente']);
    expect(phase.folders).toHaveLength(2);
  });

  test('name and shortcut are required, and a shortcut may exist only once in the project ignoring case', async () => {
    const office = await createTestOffice(server);
    const { project } = await createTestProject(server.app, office.token);
    const noName = await http.post('/api/phase', { projectId: project._id, shortcut: 'X', name: ' ' }, office.token);
    expect([noName.statusCode, noName.json().msgCode]).toEqual([400, 'phase.name_required']);
    const noShortcut = await http.post(
      '/api/phase',
      { projectId: project._id, shortcut: '', name: 'Name' },
      office.token,
    );
    expect([noShortcut.statusCode, noShortcut.json().msgCode]).toEqual([400, 'phase.shortcut_required']);
    const taken = await http.post(
      '/api/phase',
      { projectId: project._id, shortcut: 'allg', name: 'Zweite' },
      office.token,
    );
    expect([taken.statusCode, taken.json().msgCode]).toEqual([409, 'phase.shortcut_taken']);
  });

  test('a phase is renamed; its shortcut cannot take another phase’s', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const second = (
      await http.post('/api/phase', { projectId: project._id, shortcut: 'LP2', name: 'Vorplanung' }, office.token)
    ).json<PhaseDto>();
    const renamed = await http.put(`/api/phase/${second._id}`, { name: 'Vorentwurf', shortcut: 'lp2' }, office.token);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<PhaseDto>()).toMatchObject({ name: 'Vorentwurf', shortcut: 'lp2', folders: second.folders });
    const taken = await http.put(`/api/phase/${second._id}`, { shortcut: 'ALLG' }, office.token);
    expect([taken.statusCode, taken.json().msgCode]).toEqual([409, 'phase.shortcut_taken']);
    const empty = await http.put(`/api/phase/${bundle.phases[0]!._id}`, { name: '' }, office.token);
    expect([empty.statusCode, empty.json().msgCode]).toEqual([400, 'phase.name_required']);
    const noShortcut = await http.put(`/api/phase/${bundle.phases[0]!._id}`, { shortcut: ' ' }, office.token);
    expect([noShortcut.statusCode, noShortcut.json().msgCode]).toEqual([400, 'phase.shortcut_required']);
  });

  test('a phase that still holds plans cannot be deleted; an empty one goes with its folders', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token, { phaseTemplate: 'hoai' });
    const [lp1, lp2] = bundle.phases;
    await createTestDoc(server.app, office.token, lp1!.folders[0]!);

    const refused = await http.delete(`/api/phase/${lp1!._id}`, office.token);
    expect([refused.statusCode, refused.json().msgCode]).toEqual([409, 'phase.not_empty']);

    expect((await http.delete(`/api/phase/${lp2!._id}`, office.token)).statusCode).toBe(204);
    const after = await openTestProject(server.app, office.token, project._id);
    expect(after.phases.map((p) => p.shortcut)).toEqual(['LP1', 'LP3', 'LP4', 'LP5', 'LP6', 'LP7', 'LP8', 'LP9']);
    expect(after.phases.map((p) => p.sortOrder)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(after.docfolders.some((f) => f.phase === lp2!._id)).toBe(false);
  });

  test('phases are reordered by naming all of them; sortOrder follows the new order', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token, { phaseTemplate: 'hoai' });
    const ids = bundle.phases.map((p) => p._id);
    const reordered = [ids[8]!, ...ids.slice(0, 8)];
    const res = await http.put('/api/phases/order', { projectId: project._id, phaseIds: reordered }, office.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<PhaseDto[]>().map((p) => [p._id, p.sortOrder])).toEqual(reordered.map((id, i) => [id, i]));
    expect((await openTestProject(server.app, office.token, project._id)).project.phases).toEqual(reordered);

    const missing = await http.put(
      '/api/phases/order',
      { projectId: project._id, phaseIds: reordered.slice(1) },
      office.token,
    );
    expect([missing.statusCode, missing.json().msgCode]).toEqual([400, 'common.validation']);
  });

  test("another office's phase and project answer 404 to every phase call, and nothing changes", async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const phase = bundle.phases[0]!;
    const intruder = await createTestOffice(server);
    const own = await createTestProject(server.app, intruder.token);
    const before = await snapshotProject(server.deps.db, project._id);

    for (const res of [
      await http.post('/api/phase', { projectId: project._id, shortcut: 'X', name: 'X' }, intruder.token),
      await http.put(`/api/phase/${phase._id}`, { name: 'Gekapert' }, intruder.token),
      await http.delete(`/api/phase/${phase._id}`, intruder.token),
      await http.put('/api/phases/order', { projectId: project._id, phaseIds: [phase._id] }, intruder.token),
      await http.put('/api/phases/order', { projectId: own.project._id, phaseIds: [phase._id] }, intruder.token),
    ]) {
      expect([res.statusCode, res.json().msgCode]).toEqual([404, 'common.not_found']);
    }
    expect(await snapshotProject(server.deps.db, project._id)).toEqual(before);
  });
});
