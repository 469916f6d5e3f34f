import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ParticipantDto, RoleDto } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { captureRealtime } from '../../../test/realtime-capture.ts';
import { api } from '../../../test/api.ts';
import {
  createTestOffice,
  createTestParticipant,
  createTestProject,
  createTestRole,
  openTestProject,
} from '../../../test/factories.ts';
import { addTestMember, addToProject } from '../../../test/team.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

const rolesOf = (officeId: string) =>
  server.deps.db.selectFrom('role').selectAll().where('office_id', '=', officeId).orderBy('id').execute();

describe('the office’s role list', () => {
  test('roles are created and listed by name; the office’s sessions hear of it', async () => {
    const office = await createTestOffice(server);
    const capture = captureRealtime(server.deps.realtime, office.id);
    const res = await http.post('/api/role', { name: ' Tragwerksplanung ' }, office.token);
    capture.restore();
    const { seen } = capture;
    expect(res.statusCode).toBe(201);
    const role = res.json<RoleDto>();
    expect(role).toEqual({ _id: role._id, rev: 1, name: 'Tragwerksplanung' });
    expect(seen).toContainEqual({ entity: 'role', id: role._id, roles: true });
    await createTestRole(server.app, office.token, 'Bauherr');
    await createTestRole(server.app, office.token, 'Ärztin');
    expect((await http.get('/api/roles', office.token)).json<RoleDto[]>().map((r) => r.name)).toEqual([
      'Ärztin',
      'Bauherr',
      'Tragwerksplanung',
    ]);
  });

  test('a role name is required', async () => {
    const office = await createTestOffice(server);
    for (const body of [{ name: '' }, { name: '   ' }, {}]) {
      const res = await http.post('/api/role', body, office.token);
      expect([res.statusCode, res.json().msgCode]).toEqual([400, 'role.name_required']);
    }
    const role = await createTestRole(server.app, office.token, 'Statik');
    const rename = await http.put(`/api/role/${role._id}`, { name: '' }, office.token);
    expect([rename.statusCode, rename.json().msgCode]).toEqual([400, 'role.name_required']);
    expect(await rolesOf(office.id)).toHaveLength(1);
  });

  test('a role name is unique in the office ignoring case; another office may use it too', async () => {
    const office = await createTestOffice(server);
    const statik = await createTestRole(server.app, office.token, 'Statik');
    const taken = await http.post('/api/role', { name: 'STATIK' }, office.token);
    expect([taken.statusCode, taken.json().msgCode]).toEqual([409, 'role.name_taken']);
    const elektro = await createTestRole(server.app, office.token, 'Elektro');
    const renameTaken = await http.put(`/api/role/${elektro._id}`, { name: 'statik' }, office.token);
    expect([renameTaken.statusCode, renameTaken.json().msgCode]).toEqual([409, 'role.name_taken']);
    // its own name in another case is a rename, not a clash
    expect((await http.put(`/api/role/${statik._id}`, { name: 'STATIK' }, office.token)).json<RoleDto>()).toEqual({
      _id: statik._id,
      rev: 2,
      name: 'STATIK',
    });
    const other = await createTestOffice(server);
    expect((await http.post('/api/role', { name: 'Statik' }, other.token)).statusCode).toBe(201);
  });

  test('deleting a role removes it from every participant that held it', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const participant = await createTestParticipant(server.app, office.token, bundle);
    const statik = await createTestRole(server.app, office.token, 'Statik');
    const bau = await createTestRole(server.app, office.token, 'Bauleitung');
    await http.put(`/api/participant/${participant._id}`, { roleIds: [statik._id, bau._id] }, office.token);
    const renamed = await http.put(`/api/role/${statik._id}`, { name: 'Tragwerk' }, office.token);
    expect(renamed.json<RoleDto>().name).toBe('Tragwerk');
    expect((await http.delete(`/api/role/${statik._id}`, office.token)).statusCode).toBe(204);
    const after = await openTestProject(server.app, office.token, project._id);
    expect(after.roles).toEqual([bau]);
    expect(after.participants.find((p: ParticipantDto) => p._id === participant._id)!.roles).toEqual([bau._id]);
    expect((await http.delete(`/api/role/${statik._id}`, office.token)).statusCode).toBe(404);
  });

  test("another office's roles answer 404 and stay as they are", async () => {
    const office = await createTestOffice(server);
    const role = await createTestRole(server.app, office.token, 'Statik');
    const intruder = await createTestOffice(server);
    const before = await rolesOf(office.id);
    for (const res of [
      await http.put(`/api/role/${role._id}`, { name: 'Gekapert' }, intruder.token),
      await http.delete(`/api/role/${role._id}`, intruder.token),
    ]) {
      expect([res.statusCode, res.json().msgCode]).toEqual([404, 'common.not_found']);
    }
    expect((await http.get('/api/roles', intruder.token)).json()).toEqual([]);
    expect(await rolesOf(office.id)).toEqual(before);
  });
});

describe('roles are the office’s: owners and admins change the list, members assign its roles', () => {
  test('a member (on a project or not) neither creates, renames nor deletes a role (403), and every project keeps it', async () => {
    const office = await createTestOffice(server, 'P1');
    const { project, bundle } = await createTestProject(server.app, office.token);
    const participant = await createTestParticipant(server.app, office.token, bundle);
    const statik = await createTestRole(server.app, office.token, 'Statik');
    await http.put(`/api/participant/${participant._id}`, { roleIds: [statik._id] }, office.token);
    const onProject = await addTestMember(server, office.token, 'member');
    await addToProject(server, office.token, project._id, onProject.userId);
    const notOnProject = await addTestMember(server, office.token, 'member');
    const before = await rolesOf(office.id);

    for (const member of [onProject, notOnProject]) {
      for (const res of [
        await http.post('/api/role', { name: 'Eigene Rolle' }, member.token),
        await http.put(`/api/role/${statik._id}`, { name: 'Umbenannt' }, member.token),
        await http.delete(`/api/role/${statik._id}`, member.token),
      ]) {
        expect([res.statusCode, res.json().msgCode]).toEqual([403, 'common.forbidden']);
      }
      expect((await http.get('/api/roles', member.token)).json<RoleDto[]>()).toEqual([statik]);
    }
    expect(await rolesOf(office.id)).toEqual(before);
    const after = await openTestProject(server.app, office.token, project._id);
    expect(after.participants.find((p: ParticipantDto) => p._id === participant._id)!.roles).toEqual([statik._id]);
  });

  test('a member on the project gives its participants the office’s existing roles and takes them away', async () => {
    const office = await createTestOffice(server, 'P1');
    const { project, bundle } = await createTestProject(server.app, office.token);
    const participant = await createTestParticipant(server.app, office.token, bundle);
    const statik = await createTestRole(server.app, office.token, 'Statik');
    const bau = await createTestRole(server.app, office.token, 'Bauleitung');
    const member = await addTestMember(server, office.token, 'member');
    await addToProject(server, office.token, project._id, member.userId);
    const given = await http.put(
      `/api/participant/${participant._id}`,
      { roleIds: [statik._id, bau._id] },
      member.token,
    );
    expect(given.statusCode).toBe(200);
    expect(
      (await http.put(`/api/participant/${participant._id}`, { roleIds: [bau._id] }, member.token)).statusCode,
    ).toBe(200);
    const after = await openTestProject(server.app, member.token, project._id);
    expect(after.participants.find((p: ParticipantDto) => p._id === participant._id)!.roles).toEqual([bau._id]);
  });

  test('an admin creates, renames and deletes roles', async () => {
    const office = await createTestOffice(server, 'P1');
    const admin = await addTestMember(server, office.token, 'admin');
    const role = await createTestRole(server.app, admin.token, 'Statik');
    expect((await http.put(`/api/role/${role._id}`, { name: 'Tragwerk' }, admin.token)).json<RoleDto>().name).toBe(
      'Tragwerk',
    );
    expect((await http.delete(`/api/role/${role._id}`, admin.token)).statusCode).toBe(204);
    expect(await rolesOf(office.id)).toEqual([]);
  });
});
