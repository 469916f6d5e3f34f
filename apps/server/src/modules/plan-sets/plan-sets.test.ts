import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PlanSetCheckResponse, PlanSetDto, PlanSetReleaseResponse, PlanSetResponse } from '@plankurier/shared';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestProject,
  expectStatus,
  folderOf,
  insertTestFile,
  openTestProject,
  prepareTestVersion,
  releaseTestVersion,
  snapshotProject,
} from '../../../test/factories.ts';
import { addTestMember, addToProject } from '../../../test/team.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { tusClient, uploadAll } from '../../../test/tus-client.ts';
import { fixture, sha256Hex } from '../../../test/upload-fixtures.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

const files = (...names: string[]) => names.map((filename, i) => ({ key: `f${i}`, filename, size: 1000 + i }));

/** An office with a project whose plan A-101 is at index C and whose A-102 has no version yet. */
async function projectWithPlans(tier: 'FREE' | 'P1' = 'FREE') {
  const office = await createTestOffice(server, tier);
  const { project, bundle } = await createTestProject(server.app, office.token, { number: '2026-014' });
  const folder = folderOf(bundle);
  const a101 = await createTestDoc(server.app, office.token, folder._id, { number: 'A-101', name: 'Grundriss EG' });
  const c = await prepareTestVersion(server.app, office.token, a101._id, 'C');
  await insertTestFile(server.deps.db, c, 'pdf');
  await releaseTestVersion(server.app, office.token, c._id);
  const a102 = await createTestDoc(server.app, office.token, folder._id, { number: 'A-102', name: 'Grundriss OG' });
  return { office, project, bundle, folder, a101, a102 };
}

const setBody = (folderId: string, names: string[], extra: Record<string, unknown> = {}) => ({
  folderId,
  files: files(...names),
  requestKey: randomUUID(),
  comment: 'Planset 25.11.2026',
  ...extra,
});

describe('checking a set before anything is written', () => {
  test('the server reads the names, matches the plans and names what needs a decision', async () => {
    const { office, folder, a101, a102 } = await projectWithPlans();
    const res = await http.post(
      '/api/plan-sets/check',
      {
        folderId: folder._id,
        files: files(
          'A-101_Grundriss EG_D.pdf',
          '2026-014_LP5_A_101_D.dwg',
          'A-102_B.pdf',
          'A-140_Attika_A.pdf',
          'A-101_B.pdf',
        ),
      },
      office.token,
    );
    expect(res.statusCode).toBe(200);
    const { review, docLimit } = res.json<PlanSetCheckResponse>();
    expect(docLimit).toEqual({ max: 30, used: 2 });
    const byKey = (key: string) => review.files.find((f) => f.key === key)!;
    expect(byKey('f0')).toMatchObject({ docId: a101._id, index: 'D' });
    expect(byKey('f1')).toMatchObject({ docId: a101._id, index: 'D', groupKey: byKey('f0').groupKey });
    expect(byKey('f2')).toMatchObject({ docId: a102._id, index: 'B' });
    expect(byKey('f3')).toMatchObject({ docId: null, number: 'A-140', folderId: folder._id });
    // 'A-101_B.pdf': older than C, and a second index of A-101 in the set.
    const codes = review.groups.filter((g) => g.fileKeys.includes('f4')).flatMap((g) => g.problems.map((p) => p.code));
    expect(codes).toEqual(expect.arrayContaining(['two_indexes', 'index_older']));
    expect(review.newPlans).toBe(1);
  });

  test("the project's naming key decides how names are read", async () => {
    const { office, project, folder, a101 } = await projectWithPlans();
    const bad = await http.put(
      `/api/project/${project._id}/naming-key`,
      { pattern: '{name}_{index}', indexStyle: 'auto' },
      office.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msgCode).toBe('naming.pattern_no_number');
    expect((await http.get(`/api/project/${project._id}/naming-key`, office.token)).json()).toEqual({
      pattern: null,
      indexStyle: 'auto',
    });

    // A project that counts indexes in numbers: 'A-101-04' is A-101 at index 04.
    const saved = await http.put(
      `/api/project/${project._id}/naming-key`,
      { pattern: '{number}-{index}', indexStyle: 'numbers' },
      office.token,
    );
    expect(saved.statusCode).toBe(200);
    expect((await http.get(`/api/project/${project._id}/naming-key`, office.token)).json()).toEqual({
      pattern: '{number}-{index}',
      indexStyle: 'numbers',
    });
    const res = await http.post(
      '/api/plan-sets/check',
      { folderId: folder._id, files: files('A-101-04.pdf') },
      office.token,
    );
    expect(res.json<PlanSetCheckResponse>().review.files[0]).toMatchObject({ docId: a101._id, index: '04' });
  });
});

describe('writing a set', () => {
  test('one call prepares the versions and new plans; the uploads follow; the set is told once in the timeline', async () => {
    const { office, project, folder, a101, a102 } = await projectWithPlans();
    const names = [
      'A-101_Grundriss EG_D.pdf',
      'A-101_Grundriss EG_D.dwg',
      'A-102_Grundriss OG_A.pdf',
      'A-140_Detail Attika_A.pdf',
    ];
    const res = await http.post('/api/plan-sets', setBody(folder._id, names), office.token);
    expect(res.statusCode).toBe(201);
    const { planSet, docs, versions } = res.json<PlanSetResponse>();
    expect(planSet.files.map((f) => [f.filename, f.number, f.index, f.kind, f.uploaded])).toEqual([
      ['A-101_Grundriss EG_D.pdf', 'A-101', 'D', 'pdf', false],
      ['A-101_Grundriss EG_D.dwg', 'A-101', 'D', 'dwg', false],
      ['A-102_Grundriss OG_A.pdf', 'A-102', 'A', 'pdf', false],
      ['A-140_Detail Attika_A.pdf', 'A-140', 'A', 'pdf', false],
    ]);
    const a140 = docs.find((d) => d.number === 'A-140')!;
    expect(a140).toMatchObject({ folder: folder._id, name: 'Detail Attika', doctype: 'plan' });
    const prepared = versions.filter((v) => v.status === 'preparation');
    expect(prepared.map((v) => [docs.find((d) => d._id === v.doc)!.number, v.index, v.comment]).sort()).toEqual([
      ['A-101', 'D', 'Planset 25.11.2026'],
      ['A-102', 'A', 'Planset 25.11.2026'],
      ['A-140', 'A', 'Planset 25.11.2026'],
    ]);
    expect(versions.find((v) => v.doc === a101._id && v.status === 'preparation')!.number).toBe(2);
    expect(planSet.files[0]!.version).toBe(planSet.files[1]!.version);
    expect(planSet.files[2]!.doc).toBe(a102._id);

    // Not through yet: finishing waits for the files.
    const early = await http.post(`/api/plan-set/${planSet._id}/finish`, {}, office.token);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ msgCode: 'plan_set.incomplete', missing: 4 });

    // The uploads through the resumable path, as the web does: genuine files under the dropped names.
    const tus = tusClient(server.baseUrl, office.token);
    const content = { pdf: fixture('hello_world_rotated.pdf'), dwg: fixture('sample_2000.dwg') };
    for (const file of planSet.files) {
      const data = content[file.kind as 'pdf' | 'dwg'];
      const { last } = await uploadAll(tus, data, {
        versionId: file.version,
        filename: file.filename,
        kind: 'main',
        sha256: sha256Hex(data),
      });
      expect(last.status, last.body).toBe(204);
    }
    const after = (await http.get(`/api/plan-set/${planSet._id}`, office.token)).json<PlanSetDto>();
    expect(after.files.every((f) => f.uploaded)).toBe(true);

    const finished = await http.post(`/api/plan-set/${planSet._id}/finish`, {}, office.token);
    expect(finished.statusCode).toBe(200);
    expect(finished.json<PlanSetDto>().finishedAt).not.toBeNull();
    // Finishing again tells nothing twice.
    expect((await http.post(`/api/plan-set/${planSet._id}/finish`, {}, office.token)).statusCode).toBe(200);
    const events = await server.deps.db
      .selectFrom('timeline_event')
      .select(['kind', 'data'])
      .where('project_id', '=', project._id)
      .where('kind', 'in', ['planset.uploaded', 'file.uploaded', 'version.prepared', 'doc.created'])
      .execute();
    const count = (kind: string) => events.filter((e) => e.kind === kind).length;
    expect(count('planset.uploaded')).toBe(1);
    expect(events.find((e) => e.kind === 'planset.uploaded')!.data).toMatchObject({
      files: 4,
      plans: 3,
      missing: 0,
      folder: folder.name,
    });
    expect(count('file.uploaded')).toBe(4);
    expect(count('doc.created')).toBe(3); // by the test, A-140 by the set

    // 'Alle freigeben': the set's versions through the existing release of many.
    const release = await http.post('/api/versions/release', { versionIds: prepared.map((v) => v._id) }, office.token);
    expect(release.statusCode).toBe(200);
    expect((await http.get(`/api/project/${project._id}/plan-sets`, office.token)).json()).toEqual([]);
  }, 90_000); // four uploads through the resumable path, each checked by the file process

  test('the same request key again answers the first set and writes nothing more, also when both arrive at once', async () => {
    const { office, project, folder } = await projectWithPlans();
    const body = setBody(folder._id, ['A-101_D.pdf', 'A-150_A.pdf']);
    const [first, second] = await Promise.all([
      http.post('/api/plan-sets', body, office.token),
      http.post('/api/plan-sets', body, office.token),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json<PlanSetResponse>().planSet._id).toBe(first.json<PlanSetResponse>().planSet._id);
    const third = await http.post('/api/plan-sets', body, office.token);
    expect(third.json<PlanSetResponse>().planSet._id).toBe(first.json<PlanSetResponse>().planSet._id);
    const db = server.deps.db;
    expect(await db.selectFrom('plan_set').select('id').where('project_id', '=', project._id).execute()).toHaveLength(
      1,
    );
    expect(
      await db
        .selectFrom('doc')
        .select('id')
        .where('number', '=', 'A-150')
        .where('project_id', '=', project._id)
        .execute(),
    ).toHaveLength(1);
    expect(
      await db
        .selectFrom('version')
        .select('id')
        .where('project_id', '=', project._id)
        .where('status', '=', 'preparation')
        .execute(),
    ).toHaveLength(2);
    // Open for a reload until its files are there.
    const open = (await http.get(`/api/project/${project._id}/plan-sets`, office.token)).json<PlanSetDto[]>();
    expect(open.map((s) => s._id)).toEqual([first.json<PlanSetResponse>().planSet._id]);
  });

  test('an empty prepared version is reused and takes the set index; office edits decide', async () => {
    const { office, folder, a102 } = await projectWithPlans();
    const prepared = await prepareTestVersion(server.app, office.token, a102._id, 'A');
    const res = await http.post(
      '/api/plan-sets',
      setBody(folder._id, ['A-102_B.pdf', 'Übersicht.pdf'], {
        edits: { f1: { number: 'A-160', index: 'A', name: 'Übersichtsplan' } },
      }),
      office.token,
    );
    expect(res.statusCode).toBe(201);
    const { planSet, docs } = res.json<PlanSetResponse>();
    expect(planSet.files[0]).toMatchObject({ version: prepared._id, index: 'B' });
    expect(docs.find((d) => d.number === 'A-160')).toMatchObject({ name: 'Übersichtsplan' });
  });
});

describe('uploads of a set after a reload', () => {
  test('the same file sent again is a retry, while another PDF is still refused', async () => {
    const { office, folder } = await projectWithPlans();
    const res = await http.post('/api/plan-sets', setBody(folder._id, ['A-101_D.pdf']), office.token);
    const [file] = res.json<PlanSetResponse>().planSet.files;
    const tus = tusClient(server.baseUrl, office.token);
    const pdf = fixture('hello_world_rotated.pdf');
    const meta = { versionId: file!.version, filename: file!.filename, kind: 'main', sha256: sha256Hex(pdf) };
    // The page reloaded after its upload was created, before the browser kept the upload's address.
    expect((await tus.create(pdf.length, meta)).status).toBe(201);
    const other = fixture('issue6010_1.pdf');
    const second = await tus.create(other.length, { ...meta, sha256: sha256Hex(other) });
    expect(second.status).toBe(409);
    expect(second.json().msgCode).toBe('upload.pdf_exists');
    const { last } = await uploadAll(tus, pdf, meta);
    expect(last.status, last.body).toBe(204);
    expect(
      (await http.get(`/api/plan-set/${res.json<PlanSetResponse>().planSet._id}`, office.token)).json<PlanSetDto>()
        .files[0]!.uploaded,
    ).toBe(true);
  });
});

describe('refusals change nothing', () => {
  test('a set with something to decide is refused with the problems (409)', async () => {
    const { office, project, folder } = await projectWithPlans();
    const before = await snapshotProject(server.deps.db, project._id);
    const res = await http.post(
      '/api/plan-sets',
      setBody(folder._id, ['A-101_B.pdf', 'Gesamtansicht.pdf', 'A-170_A.pdf']),
      office.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      msgCode: 'plan_set.check_failed',
      problems: expect.arrayContaining([
        { fileKey: 'f0', code: 'index_older' },
        { fileKey: 'f1', code: 'no_number' },
      ]),
    });
    expect(await snapshotProject(server.deps.db, project._id)).toEqual(before);
    expect(
      await server.deps.db.selectFrom('plan_set').select('id').where('project_id', '=', project._id).execute(),
    ).toEqual([]);
  });

  test('a PDF whose title block contradicts its name is refused until the office chooses (issue 40.4)', async () => {
    const { office, project, folder } = await projectWithPlans();
    const before = await snapshotProject(server.deps.db, project._id);
    const pdf = {
      key: 'f0',
      filename: 'A-101_Grundriss EG_D.pdf',
      size: 1000,
      titleBlock: { number: 'A-101', index: 'E' },
    };
    const refused = await http.post('/api/plan-sets', { ...setBody(folder._id, []), files: [pdf] }, office.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      msgCode: 'plan_set.check_failed',
      problems: [{ fileKey: 'f0', code: 'reading_title_block_index' }],
    });
    expect(await snapshotProject(server.deps.db, project._id)).toEqual(before);

    const chosen = await http.post(
      '/api/plan-sets',
      { ...setBody(folder._id, []), files: [pdf], edits: { f0: { number: 'A-101', index: 'E' } } },
      office.token,
    );
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json<PlanSetResponse>().planSet.files.map((f) => [f.number, f.index])).toEqual([['A-101', 'E']]);
  });

  test('a title block that is no object is 400', async () => {
    const { office, folder } = await projectWithPlans();
    const res = await http.post(
      '/api/plan-sets/check',
      { folderId: folder._id, files: [{ key: 'f0', filename: 'A-101_D.pdf', size: 1, titleBlock: 'A-101' }] },
      office.token,
    );
    expect(res.statusCode).toBe(400);
  });

  test('new plans beyond the tier limit are refused before any upload, with the upgrade hint (403)', async () => {
    const { office, project, folder } = await projectWithPlans();
    // 2 plans now; 27 more make 29 of FREE's 30.
    for (let i = 0; i < 27; i++) await createTestDoc(server.app, office.token, folder._id, { number: `B-${i}` });
    const before = await snapshotProject(server.deps.db, project._id);
    const res = await http.post(
      '/api/plan-sets',
      setBody(folder._id, ['A-201_A.pdf', 'A-202_A.pdf', 'A-101_D.pdf']),
      office.token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ msgCode: 'tier.limit_reached', max: 30, needed: 2 });
    expect(await snapshotProject(server.deps.db, project._id)).toEqual(before);
    // One new plan still fits.
    expect(
      (await http.post('/api/plan-sets', setBody(folder._id, ['A-201_A.pdf', 'A-101_D.pdf']), office.token)).statusCode,
    ).toBe(201);
  });

  test("another office's folder, or a folder of another project in a row, is as missing (404)", async () => {
    const mine = await projectWithPlans();
    const other = await projectWithPlans();
    const foreign = await http.post('/api/plan-sets', setBody(other.folder._id, ['A-101_D.pdf']), mine.office.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msgCode).toBe('common.not_found');
    const check = await http.post(
      '/api/plan-sets/check',
      { folderId: other.folder._id, files: files('A-101_D.pdf') },
      mine.office.token,
    );
    expect(check.statusCode).toBe(404);
    const rowElsewhere = await http.post(
      '/api/plan-sets',
      setBody(mine.folder._id, ['A-190_A.pdf'], { edits: { f0: { folderId: other.folder._id } } }),
      mine.office.token,
    );
    expect(rowElsewhere.statusCode).toBe(404);
    const created = await http.post('/api/plan-sets', setBody(mine.folder._id, ['A-101_D.pdf']), mine.office.token);
    const setId = created.json<PlanSetResponse>().planSet._id;
    expect((await http.get(`/api/plan-set/${setId}`, other.office.token)).statusCode).toBe(404);
    expect((await http.post(`/api/plan-set/${setId}/finish`, {}, other.office.token)).statusCode).toBe(404);
    expect((await http.get(`/api/project/${mine.project._id}/naming-key`, other.office.token)).statusCode).toBe(404);
  });

  test('a member who is not on the project gets 404; once added, the set goes', async () => {
    const { office, project, folder } = await projectWithPlans('P1');
    const member = await addTestMember(server, office.token, 'member');
    const body = setBody(folder._id, ['A-101_D.pdf']);
    expect((await http.post('/api/plan-sets', body, member.token)).statusCode).toBe(404);
    expect((await http.get(`/api/project/${project._id}/plan-sets`, member.token)).statusCode).toBe(404);
    await addToProject(server, office.token, project._id, member.userId);
    const res = await http.post('/api/plan-sets', body, member.token);
    expectStatus(res, 201, 'set by the member');
    // The member's open sets are theirs, not the owner's.
    expect((await http.get(`/api/project/${project._id}/plan-sets`, member.token)).json()).toHaveLength(1);
    expect((await http.get(`/api/project/${project._id}/plan-sets`, office.token)).json()).toHaveLength(0);
  });

  test('bad input is 400 and writes nothing', async () => {
    const { office, folder } = await projectWithPlans();
    expect(
      (
        await http.post(
          '/api/plan-sets',
          { folderId: folder._id, files: [], requestKey: randomUUID(), comment: '' },
          office.token,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await http.post('/api/plan-sets', { ...setBody(folder._id, ['A-101_D.pdf']), requestKey: 'x' }, office.token))
        .statusCode,
    ).toBe(400);
    // Only files that are no plan file: nothing to upload.
    const nothing = await http.post('/api/plan-sets', setBody(folder._id, ['notes.txt']), office.token);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().msgCode).toBe('common.validation');
  });
});

describe("'Alle freigeben' of a set, after the page that made it is gone", () => {
  /** A set over two folders (A-101 in the drop folder, S-201 in 'Schnitte', a new A-140), uploaded and finished. */
  async function finishedSetOverTwoFolders() {
    const base = await projectWithPlans('P1');
    const schnitte = await http.post(
      '/api/folder',
      { phaseId: base.folder.phase, name: 'Schnitte', category: 'plans' },
      base.office.token,
    );
    expectStatus(schnitte, 201, 'second folder');
    const s201 = await createTestDoc(server.app, base.office.token, schnitte.json<{ _id: string }>()._id, {
      number: 'S-201',
      name: 'Schnitt A-A',
    });
    const created = await http.post(
      '/api/plan-sets',
      setBody(base.folder._id, ['A-101_D.pdf', 'S-201_A.pdf', 'S-201_A.dwg', 'A-140_A.pdf']),
      base.office.token,
    );
    expectStatus(created, 201, 'the set');
    const { planSet } = created.json<PlanSetResponse>();
    // The uploads as they end (their contents are tested above): one file row per planned file.
    for (const f of planSet.files) await insertTestFile(server.deps.db, { _id: f.version, doc: f.doc }, f.kind);
    expectStatus(await http.post(`/api/plan-set/${planSet._id}/finish`, {}, base.office.token), 200, 'finish');
    const member = await addTestMember(server, base.office.token, 'member', { firstName: 'Mia', lastName: 'Roth' });
    await addToProject(server, base.office.token, base.project._id, member.userId);
    const versionIds = [...new Set(planSet.files.map((f) => f.version))];
    return { ...base, planSet, member, versionIds, s201 };
  }

  const statuses = (versionIds: string[]) =>
    server.deps.db.selectFrom('version').select('status').where('id', 'in', versionIds).execute();
  const releaseEvents = (versionIds: string[]) =>
    server.deps.db
      .selectFrom('timeline_event')
      .select('version_id')
      .where('kind', '=', 'version.released')
      .where('version_id', 'in', versionIds)
      .execute();

  test('a finished set stays open for everyone on the project until released; its release takes every folder, once', async () => {
    const { office, project, planSet, member, versionIds } = await finishedSetOverTwoFolders();
    // A fresh load, by its maker and by a colleague in another session: the set is there, finished.
    let found: PlanSetDto[] = [];
    for (const token of [office.token, member.token]) {
      await openTestProject(server.app, token, project._id);
      found = (await http.get(`/api/project/${project._id}/plan-sets`, token)).json<PlanSetDto[]>();
      expect(found.map((s) => [s._id, s.finishedAt !== null])).toEqual([[planSet._id, true]]);
    }

    const res = await http.post(`/api/plan-set/${found[0]!._id}/release`, {}, member.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PlanSetReleaseResponse>();
    expect(body.released.map((v) => `${v.number} ${v.index}`).sort()).toEqual(['A-101 D', 'A-140 A', 'S-201 A']);
    expect(body.alreadyReleased).toEqual([]);
    expect(body.notReady).toEqual([]);
    expect(body.versions.filter((v) => versionIds.includes(v._id)).map((v) => v.status)).toEqual([
      'current',
      'current',
      'current',
    ]);
    expect((await statuses(versionIds)).map((v) => v.status)).toEqual(['current', 'current', 'current']);

    // A second click (or the maker a moment later): nothing is released twice, and it says so.
    const again = await http.post(`/api/plan-set/${planSet._id}/release`, {}, office.token);
    expect(again.statusCode).toBe(200);
    const second = again.json<PlanSetReleaseResponse>();
    expect(second.released).toEqual([]);
    expect(second.alreadyReleased.map((v) => [v.number, v.by]).sort()).toEqual([
      ['A-101', 'Mia Roth'],
      ['A-140', 'Mia Roth'],
      ['S-201', 'Mia Roth'],
    ]);
    expect(await releaseEvents(versionIds)).toHaveLength(3);
    // Released: no longer open for anyone.
    for (const token of [office.token, member.token])
      expect((await http.get(`/api/project/${project._id}/plan-sets`, token)).json()).toEqual([]);
  });

  test('two colleagues releasing at once release each version once', async () => {
    const { office, planSet, member, versionIds } = await finishedSetOverTwoFolders();
    const [a, b] = await Promise.all([
      http.post(`/api/plan-set/${planSet._id}/release`, {}, office.token),
      http.post(`/api/plan-set/${planSet._id}/release`, {}, member.token),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [first, second] = [a.json<PlanSetReleaseResponse>(), b.json<PlanSetReleaseResponse>()];
    expect(first.released.length + second.released.length).toBe(3);
    expect(first.alreadyReleased.length + second.alreadyReleased.length).toBe(3);
    expect(await releaseEvents(versionIds)).toHaveLength(3);
  });

  test('a version a colleague released on its own is skipped and named; one without its PDF waits and keeps the set open', async () => {
    const { office, project, planSet, member } = await finishedSetOverTwoFolders();
    const a101 = planSet.files.find((f) => f.number === 'A-101')!;
    await releaseTestVersion(server.app, member.token, a101.version);
    // A-140's PDF was deleted since: it cannot go yet.
    const a140 = planSet.files.find((f) => f.number === 'A-140')!;
    await server.deps.db.deleteFrom('file').where('version_id', '=', a140.version).execute();

    const res = await http.post(`/api/plan-set/${planSet._id}/release`, {}, office.token);
    expect(res.statusCode).toBe(200);
    const body = res.json<PlanSetReleaseResponse>();
    expect(body.released.map((v) => v.number)).toEqual(['S-201']);
    expect(body.alreadyReleased).toEqual([
      expect.objectContaining({ number: 'A-101', index: 'D', by: 'Mia Roth', version: a101.version }),
    ]);
    expect(body.notReady).toEqual([
      expect.objectContaining({ number: 'A-140', index: 'A', msgCode: 'version.files_missing' }),
    ]);
    const open = (await http.get(`/api/project/${project._id}/plan-sets`, member.token)).json<PlanSetDto[]>();
    expect(open.map((s) => s._id)).toEqual([planSet._id]);
  });

  test("another office's set is as missing (404) and nothing is released", async () => {
    const { planSet, versionIds } = await finishedSetOverTwoFolders();
    const other = await createTestOffice(server);
    const res = await http.post(`/api/plan-set/${planSet._id}/release`, {}, other.token);
    expect([res.statusCode, res.json().msgCode]).toEqual([404, 'common.not_found']);
    expect((await statuses(versionIds)).map((v) => v.status)).toEqual(['preparation', 'preparation', 'preparation']);
  });
});

describe('files dropped again whose content is there already', () => {
  const HASH_C = 'a'.repeat(64); // insertTestFile's hash: A-101's PDF at index C
  const sameAsC = (key: string, filename: string) => ({ key, filename, size: 123_456, sha256: HASH_C.toUpperCase() });

  test('the identical file of index C is "bereits vorhanden": left out, no index D proposed, nothing written for it', async () => {
    const { office, project, folder, a101 } = await projectWithPlans();
    // By its name alone it would become index D (the bug this guards against).
    const byName = await http.post(
      '/api/plan-sets/check',
      { folderId: folder._id, files: [{ key: 'f0', filename: 'A-101_Grundriss EG_C.pdf', size: 123_456 }] },
      office.token,
    );
    expect(byName.json<PlanSetCheckResponse>().review.groups[0]!.problems).toContainEqual(
      expect.objectContaining({ code: 'index_equal', suggestion: { action: 'set_index', value: 'D' } }),
    );

    const files = [sameAsC('f0', 'A-101_Grundriss EG_C.pdf'), { key: 'f1', filename: 'A-102_A.pdf', size: 999 }];
    const res = await http.post('/api/plan-sets/check', { folderId: folder._id, files }, office.token);
    expect(res.statusCode).toBe(200);
    const { review, stored } = res.json<PlanSetCheckResponse>();
    expect(stored).toEqual([{ sha256: HASH_C, docId: a101._id, number: 'A-101', index: 'C', status: 'current' }]);
    const f0 = review.files.find((f) => f.key === 'f0')!;
    expect(f0).toMatchObject({ skip: true, groupKey: null });
    expect(f0.problems).toEqual([
      { code: 'already_there', level: 'info', params: { number: 'A-101', index: 'C' }, suggestion: { action: 'skip' } },
    ]);
    expect(review.groups.map((g) => [g.number, g.index])).toEqual([['A-102', 'A']]);
    expect(review).toMatchObject({ blocking: 0, uploads: 1 });

    const created = await http.post('/api/plan-sets', setBody(folder._id, [], { files }), office.token);
    expect(created.statusCode).toBe(201);
    const { planSet } = created.json<PlanSetResponse>();
    expect(planSet.files.map((f) => f.filename)).toEqual(['A-102_A.pdf']);
    const prepared = await server.deps.db
      .selectFrom('version')
      .select('doc_id')
      .where('project_id', '=', project._id)
      .where('status', '=', 'preparation')
      .execute();
    expect(prepared.map((v) => v.doc_id)).not.toContain(a101._id);
  });

  test("a prepared version's file counts too; the office may keep such a file, which then goes by its name", async () => {
    const { office, folder, a102 } = await projectWithPlans();
    const b = await prepareTestVersion(server.app, office.token, a102._id, 'B');
    const stored = await insertTestFile(server.deps.db, b, 'dwg');
    await server.deps.db
      .updateTable('file')
      .set({ sha256: 'b'.repeat(64) })
      .where('id', '=', stored.id)
      .execute();
    const dwg = { key: 'f0', filename: 'A-102_B.dwg', size: 123_456, sha256: 'b'.repeat(64) };
    const res = await http.post('/api/plan-sets/check', { folderId: folder._id, files: [dwg] }, office.token);
    expect(res.json<PlanSetCheckResponse>().review.files[0]).toMatchObject({
      skip: true,
      problems: [expect.objectContaining({ code: 'already_there', params: { number: 'A-102', index: 'B' } })],
    });
    // Kept: the set's own rules apply (a DWG for a prepared version that has one already).
    const kept = await http.post(
      '/api/plan-sets',
      setBody(folder._id, [], { files: [dwg], edits: { f0: { skip: false } } }),
      office.token,
    );
    expect(kept.statusCode).toBe(409);
    expect(kept.json().problems).toEqual([{ fileKey: 'f0', code: 'format_in_prepared' }]);
  });

  test("another project's file with the same content is not this project's; a malformed hash is 400", async () => {
    const mine = await projectWithPlans();
    const theirs = await projectWithPlans();
    const other = await createTestDoc(server.app, theirs.office.token, theirs.folder._id, { number: 'A-150' });
    const version = await prepareTestVersion(server.app, theirs.office.token, other._id, 'A');
    const row = await insertTestFile(server.deps.db, version, 'pdf');
    await server.deps.db
      .updateTable('file')
      .set({ sha256: 'f'.repeat(64) })
      .where('id', '=', row.id)
      .execute();
    const res = await http.post(
      '/api/plan-sets/check',
      { folderId: mine.folder._id, files: [{ key: 'f0', filename: 'A-101_D.pdf', size: 1, sha256: 'f'.repeat(64) }] },
      mine.office.token,
    );
    expect(res.json<PlanSetCheckResponse>()).toMatchObject({ stored: [], review: { uploads: 1 } });
    const bad = await http.post(
      '/api/plan-sets/check',
      { folderId: mine.folder._id, files: [{ key: 'f0', filename: 'A-101_D.pdf', size: 1, sha256: 'xyz' }] },
      mine.office.token,
    );
    expect([bad.statusCode, bad.json().msgCode]).toEqual([400, 'common.validation']);
  });
});
