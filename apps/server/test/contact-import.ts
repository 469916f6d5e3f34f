import { randomBytes } from 'node:crypto';
import type { ContactDto, ContactListResponse, ImportInfo } from '@plankurier/shared';
import { api } from './api.ts';
import type { TestServer } from './test-server.ts';
import { until } from './until.ts';

/** A multipart body with one file, as the browser sends it. */
export function multipart(filename: string, content: Buffer) {
  const boundary = `----plankurier${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/contacts with the file, as the import tab does. */
export function uploadContactFile(server: TestServer, token: string, filename: string, content: Buffer) {
  const body = multipart(filename, content);
  return server.app.inject({
    method: 'POST',
    url: '/api/contacts',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

export const importInfoOf = async (server: TestServer, token: string) =>
  (await api(server.app).get('/api/contacts/import', token)).json<{ importInfo: ImportInfo | null }>().importInfo;

/** Uploads the file and waits for the job to end; the import's final report. */
export async function importContactFile(
  server: TestServer,
  token: string,
  filename: string,
  content: Buffer,
): Promise<ImportInfo> {
  const res = await uploadContactFile(server, token, filename, content);
  if (res.statusCode !== 202) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  return until(async () => {
    const info = await importInfoOf(server, token);
    return info && !info.inProgress ? info : undefined;
  });
}

/** Every contact of the office (at most 50), in the list's order (last name). */
export const contactsOf = async (server: TestServer, token: string): Promise<ContactDto[]> =>
  (await api(server.app).get('/api/contacts?limit=50', token)).json<ContactListResponse>().contacts;
