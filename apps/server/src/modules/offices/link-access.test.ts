import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ArchiveDto, PrintDto } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import { createTestDoc, createTestOffice, createTestProject, expectStatus, folderOf } from '../../../test/factories.ts';
import { releaseStoredVersion } from '../../../test/seed.ts';
import { addTestMember, addToProject, type TestMember } from '../../../test/team.ts';
import { archiveFinished, printFinished } from '../../../test/sweep/scene.ts';

/**
 * Five-minute download links (files, prints, archives, invoices) are checked when they are used:
 * whoever made one must still be allowed to see what it opens, not only when it was made.
 */

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

type Links = { file: string; print: string; archive: string };

/** An ENTERPRISE office with a project holding a released plan, a finished print and a finished archive. */
async function projectWithDownloads() {
  const office = await createTestOffice(server, 'P2');
  const { project, bundle } = await createTestProject(server.app, office.token);
  const plan = await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'L-101' });
  const version = await releaseStoredVersion(server, office.token, plan._id, { kinds: ['pdf'] });
  const { id: fileId } = await server.deps.db
    .selectFrom('file')
    .select('id')
    .where('version_id', '=', version._id)
    .executeTakeFirstOrThrow();
  const print = await http.post('/api/print', { type: 'PLANLIST', projectId: project._id }, office.token);
  expectStatus(print, 201, 'print');
  const printId = print.json<PrintDto>()._id;
  await printFinished(server, printId);
  const archive = await http.post('/api/archive', { projectId: project._id, pdfOnly: true }, office.token);
  expectStatus(archive, 202, 'archive');
  const archiveId = archive.json<ArchiveDto>()._id;
  await archiveFinished(server, archiveId);

  const linksOf = async (person: { token: string }): Promise<Links> => {
    const link = async (url: string) => {
      const res = await http.post(url, {}, person.token);
      expectStatus(res, 200, `link ${url}`);
      return res.json<{ url: string }>().url;
    };
    return {
      file: await link(`/api/file/${fileId}/download-link`),
      print: await link(`/api/print/${printId}/download-link`),
      archive: await link(`/api/archive/${archiveId}/download-link`),
    };
  };
  return { office, project, linksOf };
}

const answers = async (links: Links) => ({
  file: (await http.get(links.file)).statusCode,
  print: (await http.get(links.print)).statusCode,
  archive: (await http.get(links.archive)).statusCode,
});
const WORK = { file: 200, print: 200, archive: 200 };
const STOPPED = { file: 404, print: 404, archive: 404 };

const lowerTo = async (managerToken: string, person: TestMember, role: 'admin' | 'member') =>
  expectStatus(await http.put(`/api/office/members/${person.userId}`, { role }, managerToken), 200, 'new role');

describe('file, print and archive links of someone who loses the project', () => {
  test('a member taken off the project team: the links they made stop; a colleague’s still work', async () => {
    const { office, project, linksOf } = await projectWithDownloads();
    const leaving = await addTestMember(server, office.token);
    const staying = await addTestMember(server, office.token);
    await addToProject(server, office.token, project._id, leaving.userId);
    await addToProject(server, office.token, project._id, staying.userId);
    const leavingLinks = await linksOf(leaving);
    const stayingLinks = await linksOf(staying);
    expect(await answers(leavingLinks)).toEqual(WORK);

    const off = await http.delete(`/api/project/${project._id}/team/${leaving.userId}`, office.token);
    expect(off.statusCode).toBe(200);
    expect(await answers(leavingLinks)).toEqual(STOPPED);
    expect(await answers(stayingLinks)).toEqual(WORK);
  });

  test('an admin lowered to member who is not on the project: their links stop; one who is on it keeps them', async () => {
    const { office, project, linksOf } = await projectWithDownloads();
    const notOnProject = await addTestMember(server, office.token, 'admin');
    const onProject = await addTestMember(server, office.token, 'admin');
    await addToProject(server, office.token, project._id, onProject.userId);
    const lostLinks = await linksOf(notOnProject);
    const keptLinks = await linksOf(onProject);

    await lowerTo(office.token, notOnProject, 'member');
    await lowerTo(office.token, onProject, 'member');
    expect(await answers(lostLinks)).toEqual(STOPPED);
    expect(await answers(keptLinks)).toEqual(WORK);
  });
});

describe('invoice links of someone who is no longer an owner', () => {
  test('an owner lowered to admin: the invoice link they made stops; the remaining owner’s works', async () => {
    const office = await createTestOffice(server);
    const bought = await http.post('/api/billing/buy', { planCode: 'P1M', autoRenewBuy: true }, office.token);
    expectStatus(bought, 201, 'buying PRO');
    const invoiceId = bought.json<{ invoice: { _id: string } }>().invoice._id;
    const partner = await addTestMember(server, office.token, 'owner');
    const link = async (token: string) =>
      (await http.post(`/api/invoice/${invoiceId}/download-link`, {}, token)).json<{ url: string }>().url;
    const partnerLink = await link(partner.token);
    const ownerLink = await link(office.token);
    expect((await http.get(partnerLink)).statusCode).toBe(200);

    await lowerTo(office.token, partner, 'admin');
    expect((await http.get(partnerLink)).statusCode).toBe(404);
    expect((await http.get(ownerLink)).statusCode).toBe(200);
  });
});
