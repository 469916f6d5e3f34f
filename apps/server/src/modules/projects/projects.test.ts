import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  APP_VERSION,
  HOAI_PHASES,
  type ProjectBundle,
  type ProjectDto,
  type ProjectListResponse,
} from '@plankurier/shared';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { captureRealtime } from '../../../test/realtime-capture.ts';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestProject,
  folderOf,
  insertTestFile,
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

const captureUpdates = (officeId: string) => captureRealtime(server.deps.realtime, officeId);

describe('an office creates, lists, opens, renames and deletes projects', () => {
  test('a new project without a phase model starts with one general phase holding a plans and a documents folder', async () => {
    const office = await createTestOffice(server);
    const updates = captureUpdates(office.id);
    const res = await http.post(
      '/api/project',
      { number: '2026-014', name: 'Haus Müller', phaseTemplate: 'none' },
      office.token,
    );
    updates.restore();
    expect(res.statusCode).toBe(201);
    const project = res.json<ProjectDto>();
    expect(project).toMatchObject({ number: '2026-014', name: 'Haus Müller', state: 'active', openedAt: null });
    expect(project.phases).toHaveLength(1);
    expect(updates.seen).toContainEqual(
      expect.objectContaining({ projects: true, projectId: project._id, entity: 'project', id: project._id }),
    );

    const bundle = (await http.get(`/api/project/${project._id}`, office.token)).json<ProjectBundle>();
    expect(bundle.phases.map((p) => [p.shortcut, p.name])).toEqual([['ALLG', 'Allgemein']]);
    expect(bundle.docfolders.map((f) => [f.name, f.category, f.sortOrder])).toEqual([
      ['Pläne', 'plans', 0],
      ['Dokumente', 'documents', 1],
    ]);
    expect(bundle.phases[0]!.folders).toEqual(bundle.docfolders.map((f) => f._id));
    expect(bundle.participantfolders.map((f) => [f.name, f.sortOrder, f.participants])).toEqual([
      ['Bauherr', 0, []],
      ['Fachplaner', 1, []],
      ['Ausführende', 2, []],
    ]);
    expect(bundle).toMatchObject({
      archives: [],
      participants: [],
      subs: [],
      roles: [],
      docs: [],
      versions: [],
      files: [],
    });
  });

  test('a project with HOAI phases gets LP1 to LP9 in order, each with its two folders', async () => {
    const office = await createTestOffice(server);
    const { bundle } = await createTestProject(server.app, office.token, { phaseTemplate: 'hoai' });
    expect(bundle.phases.map((p) => p.shortcut)).toEqual(HOAI_PHASES.map((p) => p.shortcut));
    expect(bundle.phases.map((p) => p.sortOrder)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(bundle.docfolders).toHaveLength(18);
    expect(bundle.project.phases).toEqual(bundle.phases.map((p) => p._id));
  });

  test('the project number is required', async () => {
    const office = await createTestOffice(server);
    const res = await http.post('/api/project', { number: '  ', name: 'Ohne Nummer' }, office.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().msgCode).toBe('project.number_required');
  });

  test('the project number is unique per office ignoring case, but another office may use it', async () => {
    const office = await createTestOffice(server, 'P2');
    await createTestProject(server.app, office.token, { number: 'HM-01' });
    const again = await http.post('/api/project', { number: 'hm-01' }, office.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().msgCode).toBe('project.number_taken');

    const other = await createTestOffice(server);
    expect((await http.post('/api/project', { number: 'HM-01' }, other.token)).statusCode).toBe(201);
  });

  test('the free tier allows one project; a second is refused with the tier limit', async () => {
    const office = await createTestOffice(server);
    await createTestProject(server.app, office.token);
    const res = await http.post('/api/project', { number: 'ZWEI' }, office.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().msgCode).toBe('tier.limit_reached');
    expect(
      Number(
        (
          await server.deps.db
            .selectFrom('project')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('office_id', '=', office.id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(1);
  });

  test('the project list searches number and name ignoring case, pages, and tells an old client to update', async () => {
    const office = await createTestOffice(server, 'P2');
    await createTestProject(server.app, office.token, { number: '2026-001', name: 'Schule Nord' });
    await createTestProject(server.app, office.token, { number: '2026-002', name: 'Kita Süd' });
    await createTestProject(server.app, office.token, { number: 'X-100', name: 'Rathaus' });

    const all = (await http.get('/api/projects?limit=2&page=1', office.token)).json<ProjectListResponse>();
    expect(all).toMatchObject({
      count: 3,
      total: 3,
      page: 1,
      pages: 2,
      limit: 2,
      appVersion: APP_VERSION,
      appNeedsUpdate: false,
    });
    expect(all.projects.map((p) => p.number)).toEqual(['2026-001', '2026-002']);
    expect(all.projects[0]!.phases).toHaveLength(1);

    const byName = (await http.get('/api/projects?searchText=SCHULE', office.token)).json<ProjectListResponse>();
    expect(byName.projects.map((p) => p.number)).toEqual(['2026-001']);
    expect(byName).toMatchObject({ count: 1, total: 3 });
    const byNumber = (await http.get('/api/projects?searchText=x-1', office.token)).json<ProjectListResponse>();
    expect(byNumber.projects.map((p) => p.name)).toEqual(['Rathaus']);
    const percent = (await http.get('/api/projects?searchText=%25', office.token)).json<ProjectListResponse>();
    expect(percent.projects).toEqual([]);

    expect(
      (await http.get('/api/projects?appVersion=0.9.0', office.token)).json<ProjectListResponse>().appNeedsUpdate,
    ).toBe(true);
    expect(
      (await http.get(`/api/projects?appVersion=${APP_VERSION}`, office.token)).json<ProjectListResponse>()
        .appNeedsUpdate,
    ).toBe(false);
  });

  test('recently opened projects come first, never opened ones last', async () => {
    const office = await createTestOffice(server, 'P2');
    const first = await createTestProject(server.app, office.token, { number: 'R-1' });
    await createTestProject(server.app, office.token, { number: 'R-2' });
    await http.post('/api/project', { number: 'R-3' }, office.token);
    await http.get(`/api/project/${first.project._id}`, office.token);

    const recent = (await http.get('/api/projects?sort=recent&limit=3', office.token)).json<ProjectListResponse>();
    expect(recent.projects.map((p) => p.number)).toEqual(['R-1', 'R-2', 'R-3']);
    expect(recent.projects[0]!.openedAt).not.toBeNull();
    expect(recent.projects[2]!.openedAt).toBeNull();
  });

  test('another office sees none of these projects', async () => {
    const office = await createTestOffice(server);
    await createTestProject(server.app, office.token);
    const other = await createTestOffice(server);
    expect((await http.get('/api/projects', other.token)).json<ProjectListResponse>()).toMatchObject({
      projects: [],
      total: 0,
    });
  });

  test('a project is renamed and renumbered; an empty or taken number is refused', async () => {
    const office = await createTestOffice(server, 'P2');
    const { project } = await createTestProject(server.app, office.token, { number: 'ALT' });
    await createTestProject(server.app, office.token, { number: 'BELEGT' });

    const res = await http.put(`/api/project/${project._id}`, { number: 'NEU', name: 'Neuer Name' }, office.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<ProjectDto>()).toMatchObject({ _id: project._id, number: 'NEU', name: 'Neuer Name' });
    expect((await http.put(`/api/project/${project._id}`, { number: 'neu' }, office.token)).statusCode).toBe(200);

    const empty = await http.put(`/api/project/${project._id}`, { number: '' }, office.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msgCode).toBe('project.number_required');
    const taken = await http.put(`/api/project/${project._id}`, { number: 'belegt' }, office.token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msgCode).toBe('project.number_taken');
  });

  test('a project is deleted with everything in it, its stored files included', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id);
    const version = await prepareTestVersion(server.app, office.token, doc._id);
    const file = await insertTestFile(server.deps.db, version);
    const removed: string[] = [];
    const original = server.deps.storage.remove;
    server.deps.storage.remove = async (key) => {
      removed.push(key);
      return original(key);
    };
    const res = await http.delete(`/api/project/${project._id}`, office.token);
    server.deps.storage.remove = original;

    expect(res.statusCode).toBe(204);
    expect(removed).toEqual([file.storage_key]);
    expect(await snapshotProject(server.deps.db, project._id)).toEqual({
      project: [],
      phases: [],
      folders: [],
      docs: [],
      versions: [],
      files: [],
      timeline: [],
      participantFolders: [],
      participants: [],
      participantRoles: [],
      subscriptions: [],
    });
    expect((await http.get(`/api/project/${project._id}`, office.token)).statusCode).toBe(404);
  });

  test("another office's project answers 404 to open, update and delete, and nothing changes", async () => {
    const office = await createTestOffice(server);
    const { project } = await createTestProject(server.app, office.token);
    const before = await snapshotProject(server.deps.db, project._id);
    const intruder = await createTestOffice(server);

    for (const res of [
      await http.get(`/api/project/${project._id}`, intruder.token),
      await http.put(`/api/project/${project._id}`, { number: 'GEKAPERT' }, intruder.token),
      await http.delete(`/api/project/${project._id}`, intruder.token),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().msgCode).toBe('common.not_found');
    }
    expect(await snapshotProject(server.deps.db, project._id)).toEqual(before);
  });

  test('opening a project returns docs, versions and files joined, and marks it opened', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id, {
      number: 'A-101',
      name: 'Grundriss',
    });
    const version = await prepareTestVersion(server.app, office.token, doc._id, 'a');
    const pdf = await insertTestFile(server.deps.db, version, 'pdf', { delivered_at: new Date() });
    const dwg = await insertTestFile(server.deps.db, version, 'dwg');

    const opened = (await http.get(`/api/project/${project._id}`, office.token)).json<ProjectBundle>();
    expect(opened.project.openedAt).not.toBeNull();
    expect(opened.docfolders.find((f) => f._id === doc.folder)!.docs).toEqual([{ _id: doc._id, sortOrder: 0 }]);
    expect(opened.docs).toEqual([
      expect.objectContaining({
        _id: doc._id,
        number: 'A-101',
        currentVersion: null,
        nextVersion: version._id,
        oldVersions: [],
        state: { deliver: 'GRAY' },
      }),
    ]);
    expect(opened.versions).toEqual([
      expect.objectContaining({
        _id: version._id,
        doctype: 'plan',
        status: 'preparation',
        mode: 'upload',
        files: [pdf.id, dwg.id],
        deliveredFiles: [pdf.id],
      }),
    ]);
    // The upload flags belong to data docs only (spec §7): a plan's version leaves them out.
    expect(opened.versions[0]).not.toHaveProperty('pdfIsUploaded');
    expect(opened.files.find((f) => f._id === pdf.id)).toMatchObject({
      kind: 'pdf',
      size: 123_456,
      pageFormat: 'A1',
      pdfWidthMm: 841,
      version: version._id,
      doc: doc._id,
    });
    expect(opened.files.find((f) => f._id === pdf.id)).not.toHaveProperty('storageKey');
  });

  test("the project load orders each version's files PDF, DWG, DXF, add-ons by upload, and gives exact ISO times", async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id, {
      number: 'A-102',
      name: 'Schnitt',
    });
    const version = await prepareTestVersion(server.app, office.token, doc._id, 'a');
    const db = server.deps.db;
    // Inserted in the reverse order, with upload times that differ in their microseconds only.
    const laterAddon = await insertTestFile(db, version, 'addon');
    await db.updateTable('file').set({ filename: 'Legende.pdf' }).where('id', '=', laterAddon.id).execute();
    const dwg = await insertTestFile(db, version, 'dwg');
    const earlierAddon = await insertTestFile(db, version, 'addon');
    const pdf = await insertTestFile(db, version, 'pdf');
    const uploadedAt = {
      [laterAddon.id]: '2026-03-04 05:06:07.891235+00',
      [earlierAddon.id]: '2026-03-04 05:06:07.891234+00',
      [dwg.id]: '2026-03-05 00:00:00+00',
      [pdf.id]: '2026-03-06 10:20:30.5+00',
    };
    for (const [id, at] of Object.entries(uploadedAt))
      await db
        .updateTable('file')
        .set({ uploaded_at: sql`${at}::timestamptz` })
        .where('id', '=', id)
        .execute();
    await db
      .updateTable('version')
      .set({ release_date: sql`'1999-12-31 23:59:59.999999+00'::timestamptz`, outdated_at: null })
      .where('id', '=', version._id)
      .execute();

    const opened = (await http.get(`/api/project/${project._id}`, office.token)).json<ProjectBundle>();
    const loaded = opened.versions.find((v) => v._id === version._id)!;
    expect(loaded.files).toEqual([pdf.id, dwg.id, earlierAddon.id, laterAddon.id]);
    expect(loaded.releaseDate).toBe('1999-12-31T23:59:59.999Z');
    expect(loaded.outdatedAt).toBeNull();
    const uploaded = Object.fromEntries(opened.files.map((f) => [f._id, f.uploaded]));
    expect(uploaded).toEqual({
      [pdf.id]: '2026-03-06T10:20:30.500Z',
      [dwg.id]: '2026-03-05T00:00:00.000Z',
      [earlierAddon.id]: '2026-03-04T05:06:07.891Z',
      [laterAddon.id]: '2026-03-04T05:06:07.891Z',
    });
    // The same moments as the single reads give them.
    const single = await http.get(`/api/file/${pdf.id}`, office.token);
    expect(single.json<{ uploaded: string }>().uploaded).toBe(uploaded[pdf.id]);
  });
});
