import { afterAll, beforeAll, expect, test } from 'vitest';
import { Upload, type DetailedError } from 'tus-js-client';
import { signUpOffice } from '../../../test/api.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { createVersionRow, fixture, sha256Hex } from '../../../test/upload-fixtures.ts';

// The web uploads with tus-js-client: the same library, in Node, against the real server.
let server: TestServer;
let office: { id: string; token: string };

beforeAll(async () => {
  server = await startTestServer();
  const signedUp = await signUpOffice(server.app, server.smtp);
  office = { id: signedUp.user.officeId!, token: signedUp.token };
});
afterAll(async () => {
  await server.stop();
});

/** As the web uploads (start-upload.ts): retries on 409, 423 and 5xx, never on another 4xx. */
function upload(data: Buffer, metadata: Record<string, string>) {
  return new Promise<{ fileId: string | undefined; error?: undefined } | { error: DetailedError; fileId?: undefined }>(
    (resolve) => {
      const tus = new Upload(data, {
        endpoint: `${server.baseUrl}/api/uploads`,
        headers: { Authorization: `Bearer ${office.token}` },
        metadata,
        chunkSize: 256 * 1024,
        parallelUploads: 1,
        retryDelays: [0, 100, 300],
        onSuccess: ({ lastResponse }) => resolve({ fileId: lastResponse.getHeader('Upload-File-Id') }),
        onError: (error) => resolve({ error: error as DetailedError }),
      });
      tus.start();
    },
  );
}

test('tus-js-client uploads a PDF in chunks and reads the new file id from Upload-File-Id', async () => {
  const data = fixture('tracemonkey.pdf');
  const { versionId } = await createVersionRow(server.deps.db, office.id);
  const result = await upload(data, { versionId, filename: 'Grundriss.pdf', kind: 'main', sha256: sha256Hex(data) });
  expect(result.error).toBeUndefined();
  const row = await server.deps.db
    .selectFrom('file')
    .selectAll()
    .where('version_id', '=', versionId)
    .executeTakeFirstOrThrow();
  expect(result.fileId).toBe(row.id);

  const second = await upload(data, { versionId, filename: 'Noch einer.pdf', kind: 'main', sha256: sha256Hex(data) });
  expect(second.error?.originalResponse?.getStatus()).toBe(409);
  expect(JSON.parse(second.error?.originalResponse?.getBody() ?? '{}')).toEqual({
    msgCode: 'upload.pdf_exists',
    message: 'upload.pdf_exists',
  });
});

test('a PDF refused when its last byte arrived: tus-js-client reports the reason of the final PATCH, without retrying', async () => {
  const data = fixture('poppler-742-0-fuzzed.pdf');
  const { versionId } = await createVersionRow(server.deps.db, office.id);
  const result = await upload(data, { versionId, filename: 'Schnitt.pdf', kind: 'main', sha256: sha256Hex(data) });
  expect(result.error?.originalResponse?.getStatus()).toBe(422);
  expect(JSON.parse(result.error?.originalResponse?.getBody() ?? '{}')).toMatchObject({
    msgCode: 'upload.pdf_damaged',
  });
  expect(await server.deps.db.selectFrom('file').where('version_id', '=', versionId).selectAll().execute()).toEqual([]);
});
