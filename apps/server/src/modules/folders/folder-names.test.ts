import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DocFolderDto, ParticipantFolderDto } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import { createTestOffice, createTestProject, folderOf, openTestProject } from '../../../test/factories.ts';
import { up as uniqueFolderNames } from '../../db/migrations/0021_unique_folder_names.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

const taken = (res: { statusCode: number; json: () => { msgCode?: string } }) => [res.statusCode, res.json().msgCode];

describe('a doc folder name is unique in its phase, ignoring case', () => {
  test('a second folder of the same name is refused, whatever its case, spaces or kind; another phase may have it', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token, { phaseTemplate: 'hoai' });
    const [lp1, lp2] = bundle.phases;
    const first = await http.post(
      '/api/folder',
      { phaseId: lp1!._id, name: 'Grundrisse', category: 'plans' },
      office.token,
    );
    expect(first.statusCode).toBe(201);

    for (const body of [
      { name: 'Grundrisse', category: 'plans' },
      { name: '  GRUNDRISSE ', category: 'plans' },
      { name: 'grundrisse', category: 'documents' },
      // the phase's default folders count as well
      { name: 'pläne', category: 'documents' },
    ]) {
      expect(taken(await http.post('/api/folder', { phaseId: lp1!._id, ...body }, office.token))).toEqual([
        409,
        'folder.name_taken',
      ]);
    }
    const elsewhere = await http.post(
      '/api/folder',
      { phaseId: lp2!._id, name: 'Grundrisse', category: 'plans' },
      office.token,
    );
    expect(elsewhere.statusCode).toBe(201);
    const names = (await openTestProject(server.app, office.token, project._id)).docfolders
      .filter((f) => f.phase === lp1!._id)
      .map((f) => f.name);
    expect(names.filter((n) => n.toLowerCase() === 'grundrisse')).toEqual(['Grundrisse']);
  });

  test("a rename to another folder's name is refused; a folder keeps its own name in another case", async () => {
    const office = await createTestOffice(server);
    const { bundle } = await createTestProject(server.app, office.token);
    const plans = folderOf(bundle, 'plans');
    const documents = folderOf(bundle, 'documents');
    const refused = await http.put(`/api/folder/${documents._id}`, { name: plans.name.toUpperCase() }, office.token);
    expect(taken(refused)).toEqual([409, 'folder.name_taken']);
    const own = await http.put(`/api/folder/${plans._id}`, { name: plans.name.toUpperCase() }, office.token);
    expect(own.statusCode).toBe(200);
    expect(own.json<DocFolderDto>().name).toBe(plans.name.toUpperCase());
    // collapsing alone does not look at the name
    const collapsed = await http.put(`/api/folder/${documents._id}`, { isCollapsed: true }, office.token);
    expect(collapsed.statusCode).toBe(200);
  });

  test('two requests for the same new name at once: one folder, the other answer is the same 409', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const phaseId = bundle.phases[0]!._id;
    const answers = await Promise.all(
      ['Schnitte', 'SCHNITTE', 'schnitte'].map((name) =>
        http.post('/api/folder', { phaseId, name, category: 'plans' }, office.token),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().msgCode).toBe('folder.name_taken');
    const names = (await openTestProject(server.app, office.token, project._id)).docfolders.map((f) => f.name);
    expect(names.filter((n) => n.toLowerCase() === 'schnitte')).toHaveLength(1);
  });
});

describe('a participant folder name is unique in its project, ignoring case', () => {
  test('create and rename refuse a name the project has; another project may have it', async () => {
    const office = await createTestOffice(server, 'P1'); // FREE holds one project
    const { project, bundle } = await createTestProject(server.app, office.token);
    const other = await createTestProject(server.app, office.token);
    const [bauherr, fachplaner] = bundle.participantfolders;

    const created = await http.post(
      '/api/participant-folder',
      { projectId: project._id, name: 'Behörden' },
      office.token,
    );
    expect(created.statusCode).toBe(201);
    for (const name of ['behörden', ' BEHÖRDEN  ', bauherr!.name.toLowerCase()]) {
      const res = await http.post('/api/participant-folder', { projectId: project._id, name }, office.token);
      expect(taken(res)).toEqual([409, 'folder.name_taken']);
    }
    const rename = await http.put(`/api/participant-folder/${fachplaner!._id}`, { name: 'Bauherr' }, office.token);
    expect(taken(rename)).toEqual([409, 'folder.name_taken']);
    const own = await http.put(`/api/participant-folder/${fachplaner!._id}`, { name: 'FACHPLANER' }, office.token);
    expect([own.statusCode, own.json<ParticipantFolderDto>().name]).toEqual([200, 'FACHPLANER']);
    const elsewhere = await http.post(
      '/api/participant-folder',
      { projectId: other.project._id, name: 'Behörden' },
      office.token,
    );
    expect(elsewhere.statusCode).toBe(201);

    const names = (await openTestProject(server.app, office.token, project._id)).participantfolders.map((f) => f.name);
    expect(names).toEqual(['Bauherr', 'FACHPLANER', 'Ausführende', 'Behörden']);
  });
});

describe('folders named twice before the rule', () => {
  test('the migration keeps the first of a name and numbers the others, so its index can be built', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const db = server.deps.db;
    const phase = bundle.phases[0]!;
    await sql`drop index doc_folder_name_key`.execute(db);
    await sql`drop index participant_folder_name_key`.execute(db);
    const addFolder = (name: string, sortOrder: number) =>
      db
        .insertInto('doc_folder')
        .values({ project_id: project._id, phase_id: phase._id, name, category: 'plans', sort_order: sortOrder })
        .execute();
    // 'Pläne' (the default folder, first) twice more, one of them padded; 'Pläne (2)' exists already
    await addFolder('PLÄNE', 5);
    await addFolder(' Pläne ', 6);
    await addFolder('Pläne (2)', 7);
    await db
      .insertInto('participant_folder')
      .values([
        { project_id: project._id, name: 'bauherr', sort_order: 3 },
        { project_id: project._id, name: 'Bauherr', sort_order: 4 },
      ])
      .execute();

    await uniqueFolderNames(db as unknown as Kysely<unknown>); // migrations see the database untyped

    const after = await openTestProject(server.app, office.token, project._id);
    expect(after.docfolders.filter((f) => f.phase === phase._id).map((f) => f.name)).toEqual([
      'Pläne',
      'Dokumente',
      'PLÄNE (3)',
      'Pläne (4)',
      'Pläne (2)',
    ]);
    expect(after.participantfolders.map((f) => f.name)).toEqual([
      'Bauherr',
      'Fachplaner',
      'Ausführende',
      'bauherr (2)',
      'Bauherr (3)',
    ]);
    const again = await http.post(
      '/api/folder',
      { phaseId: phase._id, name: 'pläne (4)', category: 'plans' },
      office.token,
    );
    expect(taken(again)).toEqual([409, 'folder.name_taken']);
  });
});
