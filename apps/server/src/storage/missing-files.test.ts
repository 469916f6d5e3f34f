import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { ArchiveDto, PrintDto } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { api } from '../../test/api.ts';
import { captureLog, LOG_LEVEL } from '../../test/log-capture.ts';
import { deliveryFinished, linkTokenInMail, planWithReceivers, startDelivery } from '../../test/seed.ts';
import { until } from '../../test/until.ts';

const log = captureLog();
let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer({
    logLevel: 'error',
    logDestination: log.destination,
  });
  http = api(server.app);
});
afterAll(() => server.stop());

/** The stored object is lost from disk, as after a broken disk or a database restored without its files. */
const loseStoredObject = (storageKey: string) =>
  fs.rmSync(path.join(server.config.dataDir, 'files', storageKey), { force: false });

const storageKeyOfFile = async (fileId: string) =>
  (await server.deps.db.selectFrom('file').select('storage_key').where('id', '=', fileId).executeTakeFirstOrThrow())
    .storage_key;

/** 410 file.missing as JSON, no attachment, and an error in the log naming the lost object. */
function expectFileMissing(res: LightMyRequestResponse, storageKey: string) {
  expect([res.statusCode, res.json<{ msgCode: string }>().msgCode]).toEqual([410, 'file.missing']);
  expect(res.headers['content-type']).toContain('application/json');
  expect(res.headers['content-disposition']).toBeUndefined();
  expect(log.lines.some((l) => l.level === LOG_LEVEL.error && l.storageKey === storageKey)).toBe(true);
}

/** An office with one released plan (a stored PDF) and a participant who got it by mail. */
async function deliveredPlan() {
  const { office, project, people } = await planWithReceivers(server, 1);
  const delivery = await startDelivery(server, office.token, project._id, people);
  await deliveryFinished(server, delivery._id);
  const pdf = await server.deps.db
    .selectFrom('file')
    .select(['id', 'doc_id', 'storage_key'])
    .where('project_id', '=', project._id)
    .where('kind', '=', 'pdf')
    .executeTakeFirstOrThrow();
  const recipient = await server.deps.db
    .selectFrom('delivery_recipient')
    .select(['id', 'message_id'])
    .where('delivery_id', '=', delivery._id)
    .executeTakeFirstOrThrow();
  return { office, project, pdf, token: linkTokenInMail(server, recipient.message_id), recipientId: recipient.id };
}

/** The archive row once its job has brought it to `status`. */
const archiveIn = (id: string, status: 'FINISHED' | 'FAILED') =>
  until(async () => {
    const row = await server.deps.db.selectFrom('archive').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return row.status === status && row;
  });

const downloadsOf = (recipientId: string) =>
  server.deps.db.selectFrom('download').select('id').where('recipient_id', '=', recipientId).execute();

describe('a stored file that is missing answers 410 file.missing and is logged as an error', () => {
  test("the office's download: no link is handed out, and a link from before answers 410", async () => {
    const { office, pdf } = await deliveredPlan();
    const earlier = (await http.post(`/api/file/${pdf.id}/download-link`, {}, office.token)).json<{ url: string }>();
    loseStoredObject(pdf.storage_key);
    expectFileMissing(await http.post(`/api/file/${pdf.id}/download-link`, {}, office.token), pdf.storage_key);
    expectFileMissing(await http.get(earlier.url), pdf.storage_key);
  });

  test("the recipient's file and ZIP: refused before the page navigates, and nothing counts as downloaded", async () => {
    const { pdf, token, recipientId } = await deliveredPlan();
    const earlierFile = (await http.post(`/api/d/${token}/files/${pdf.id}/link`)).json<{ url: string }>();
    const earlierZip = (await http.post(`/api/d/${token}/zip/link`)).json<{ url: string }>();
    loseStoredObject(pdf.storage_key);
    expectFileMissing(await http.post(`/api/d/${token}/files/${pdf.id}/link`), pdf.storage_key);
    expectFileMissing(await http.post(`/api/d/${token}/zip/link`), pdf.storage_key);
    expectFileMissing(await http.get(earlierFile.url), pdf.storage_key);
    expectFileMissing(await http.get(earlierZip.url), pdf.storage_key);
    expect(await downloadsOf(recipientId)).toEqual([]);
  });

  test('a QR-stamped copy lost from storage is made again; without the original the download answers 410', async () => {
    const { office, pdf, token, recipientId } = await deliveredPlan();
    const qr = await http.put(
      `/api/doc/${pdf.doc_id}/qr`,
      { x: 20, y: 15, width: 25, hasBorder: false, embed: true },
      office.token,
    );
    expect(qr.statusCode).toBe(200);
    const stampedKey = async () =>
      (
        await server.deps.db
          .selectFrom('qr_stamped_file')
          .select('storage_key')
          .where('file_id', '=', pdf.id)
          .executeTakeFirst()
      )?.storage_key;
    const download = async () => {
      const { url } = (await http.post(`/api/file/${pdf.id}/download-link`, {}, office.token)).json<{ url: string }>();
      return http.get(url);
    };
    const first = await download();
    expect(first.statusCode).toBe(200);
    const lostCopy = (await stampedKey())!;
    loseStoredObject(lostCopy);
    const again = await download();
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await stampedKey()).not.toBe(lostCopy);

    loseStoredObject((await stampedKey())!);
    loseStoredObject(pdf.storage_key);
    expectFileMissing(await http.post(`/api/file/${pdf.id}/download-link`, {}, office.token), pdf.storage_key);
    const ticket = await http.post(`/api/d/${token}/files/${pdf.id}/link`);
    expectFileMissing(ticket, pdf.storage_key);
    expect(await downloadsOf(recipientId)).toEqual([]);
  });

  test('a print whose PDF is gone', async () => {
    const { office, project } = await deliveredPlan();
    const created = (
      await http.post('/api/print', { type: 'PLANLIST', projectId: project._id }, office.token)
    ).json<PrintDto>();
    await until(async () => (await http.get(`/api/print/${created._id}`, office.token)).json<PrintDto>().isFinished);
    const earlier = (await http.post(`/api/print/${created._id}/download-link`, {}, office.token)).json<{
      url: string;
    }>();
    const { storage_key } = await server.deps.db
      .selectFrom('print')
      .select('storage_key')
      .where('id', '=', created._id)
      .executeTakeFirstOrThrow();
    loseStoredObject(storage_key!);
    expectFileMissing(await http.post(`/api/print/${created._id}/download-link`, {}, office.token), storage_key!);
    expectFileMissing(await http.get(earlier.url), storage_key!);
  });

  test('a project archive whose ZIP is gone, and an archive made while a plan file is gone fails with file.missing', async () => {
    const { office, project, pdf } = await deliveredPlan();
    const archive = (
      await http.post('/api/archive', { projectId: project._id, pdfOnly: true }, office.token)
    ).json<ArchiveDto>();
    const finished = await archiveIn(archive._id, 'FINISHED');
    const earlier = (await http.post(`/api/archive/${archive._id}/download-link`, {}, office.token)).json<{
      url: string;
    }>();
    loseStoredObject(finished.storage_key!);
    expectFileMissing(
      await http.post(`/api/archive/${archive._id}/download-link`, {}, office.token),
      finished.storage_key!,
    );
    expectFileMissing(await http.get(earlier.url), finished.storage_key!);

    loseStoredObject(pdf.storage_key);
    const broken = (
      await http.post('/api/archive', { projectId: project._id, pdfOnly: false }, office.token)
    ).json<ArchiveDto>();
    const failed = await archiveIn(broken._id, 'FAILED');
    expect(failed.failure).toBe('file.missing');
  });
});

test('a file stored once and still there downloads as before', async () => {
  const { office, pdf } = await deliveredPlan();
  const { url } = (await http.post(`/api/file/${pdf.id}/download-link`, {}, office.token)).json<{ url: string }>();
  const res = await http.get(url);
  expect(res.statusCode).toBe(200);
  expect(res.rawPayload.length).toBe(
    fs.statSync(path.join(server.config.dataDir, 'files', await storageKeyOfFile(pdf.id))).size,
  );
});
