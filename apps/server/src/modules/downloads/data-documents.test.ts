import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DownloadLinkDto, ProjectBundle, RecipientPageDto } from '@plankurier/shared';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  folderOf,
  openTestProject,
  prepareTestVersion,
  releaseTestVersion,
} from '../../../test/factories.ts';
import { deliveryFinished, linkTokenInMail, startDelivery, subscribeTo } from '../../../test/seed.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { tusClient, uploadAll } from '../../../test/tus-client.ts';
import { sha256Hex } from '../../../test/upload-fixtures.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

test('a .docx meeting protocol (a data doc) uploads, is delivered to a PDF-only participant, downloads singly and in the ZIP', async () => {
  const office = await createTestOffice(server, 'P2');
  const { project, bundle } = await createTestProject(server.app, office.token, { name: 'Haus Müller' });
  const protocol = await createTestDoc(server.app, office.token, folderOf(bundle, 'documents')._id, {
    doctype: 'data',
    number: 'P-12',
    name: 'Protokoll Baubesprechung',
  });
  const version = await prepareTestVersion(server.app, office.token, protocol._id, '1');
  const docx = Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(30_000)]);
  const { last } = await uploadAll(tusClient(server.baseUrl, office.token), docx, {
    versionId: version._id,
    filename: 'Protokoll 12.docx',
    kind: 'main',
    sha256: sha256Hex(docx),
  });
  expect(last.status).toBe(204);
  await releaseTestVersion(server.app, office.token, version._id);

  // The participant wants PDFs only: the protocol is the document itself and goes to them anyway.
  const participant = await createTestParticipant(server.app, office.token, bundle, {
    contact: { firstName: 'Paula', lastName: 'Prüferin', company: 'Statik GmbH' },
  });
  const sub = await subscribeTo(server, office.token, protocol._id, participant._id, { getsPdf: true, getsTec: false });
  const before: ProjectBundle = await openTestProject(server.app, office.token, project._id);
  expect(before.subs.find((s) => s._id === sub._id)?.state.deliver).toBe('RED');

  const delivery = await startDelivery(server, office.token, project._id, [{ participant, subs: [sub._id] }]);
  expect(await deliveryFinished(server, delivery._id)).toBe('DONE');
  const recipient = await server.deps.db
    .selectFrom('delivery_recipient')
    .selectAll()
    .where('delivery_id', '=', delivery._id)
    .executeTakeFirstOrThrow();
  const mail = server.smtp.messages.find((m) => m.parsed.messageId === recipient.message_id)!;
  expect(mail.parsed.text).toMatch(/P-12 Protokoll Baubesprechung \| .* 1 \| .* \| DOCX/);
  const after: ProjectBundle = await openTestProject(server.app, office.token, project._id);
  expect(after.subs.find((s) => s._id === sub._id)?.state.deliver).toBe('GREEN');

  const link = linkTokenInMail(server, recipient.message_id);
  const page = (await http.get(`/api/d/${link}`)).json<RecipientPageDto>();
  expect(page.files).toMatchObject([{ kind: 'other', filename: 'Protokoll 12.docx', size: docx.length }]);
  const ticket = async (path: string) => (await http.post(path)).json<DownloadLinkDto>().url;
  const single = await fetch(`${server.baseUrl}${await ticket(`/api/d/${link}/files/${page.files[0]!._id}/link`)}`);
  expect(single.status).toBe(200);
  expect(single.headers.get('content-type')).toBe(DOCX_TYPE);
  expect(single.headers.get('content-disposition')).toContain('P-12_Protokoll Baubesprechung_1.docx');
  expect(Buffer.from(await single.arrayBuffer()).equals(docx)).toBe(true);
  const zip = Buffer.from(
    await (await fetch(`${server.baseUrl}${await ticket(`/api/d/${link}/zip/link`)}`)).arrayBuffer(),
  );
  expect(zip.includes(docx)).toBe(true);
  expect(zip.includes(Buffer.from('P-12_Protokoll Baubesprechung_1.docx'))).toBe(true);
});
