import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ContactListResponse, ImportInfo } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api, signUpOffice } from '../../../test/api.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

function multipart(filename: string, content: Buffer) {
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

async function upload(token: string, filename: string, content: Buffer) {
  const body = multipart(filename, content);
  return server.app.inject({
    method: 'POST',
    url: '/api/contacts',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

async function importFile(token: string, filename: string, content: Buffer): Promise<ImportInfo> {
  const res = await upload(token, filename, content);
  expect(res.statusCode).toBe(202);
  for (let i = 0; i < 100; i++) {
    const info = (await http.get('/api/contacts/import', token)).json<{ importInfo: ImportInfo }>().importInfo;
    if (!info.inProgress) return info;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not finish');
}

const office = async () => (await signUpOffice(server.app, server.smtp)).token;
const contactsOf = async (token: string) =>
  (await http.get('/api/contacts?limit=50', token)).json<ContactListResponse>().contacts;

describe('importing contacts from a file', () => {
  test('a UTF-8 CSV with a header row, quotes and a BOM', async () => {
    const token = await office();
    const csv =
      '\uFEFFVorname,Nachname,E-Mail,Firma\n"Jörg","Müller",joerg@mueller.de,"Müller, Söhne & Co"\nÄnne,Özdemir,aenne@example.org,\n';
    const info = await importFile(token, 'kontakte.csv', Buffer.from(csv, 'utf8'));
    expect(info).toMatchObject({
      status: 'FINISHED',
      inProgress: false,
      totalLines: 2,
      imported: 2,
      duplicates: 0,
      invalid: [],
    });
    const contacts = await contactsOf(token);
    expect(contacts.map((c) => [c.firstName, c.lastName, c.company])).toEqual([
      ['Jörg', 'Müller', 'Müller, Söhne & Co'],
      ['Änne', 'Özdemir', ''],
    ]);
  });

  test('a Windows-1252 file separated by semicolons, as Excel writes it in Germany, keeps its umlauts', async () => {
    const token = await office();
    const text = 'Vorname;Nachname;E-Mail;Firma\r\nJürgen;Weiß;juergen@weiss.de;Bauunternehmung Größl\r\n';
    const bytes = Buffer.from(text, 'latin1');
    expect(bytes.includes(0xfc)).toBe(true); // ü as one Windows-1252 byte
    const info = await importFile(token, 'excel.csv', bytes);
    expect(info).toMatchObject({ status: 'FINISHED', imported: 1 });
    expect((await contactsOf(token))[0]).toMatchObject({
      firstName: 'Jürgen',
      lastName: 'Weiß',
      company: 'Bauunternehmung Größl',
    });
  });

  test('a .txt with tabs and no header: first name, last name, e-mail', async () => {
    const token = await office();
    const info = await importFile(token, 'liste.txt', Buffer.from('Anna\tBerg\tanna@berg.de\nBen\tTal\tben@tal.de\n'));
    expect(info).toMatchObject({ imported: 2, totalLines: 2 });
    expect((await contactsOf(token)).map((c) => c.email)).toEqual(['anna@berg.de', 'ben@tal.de']);
  });

  test('duplicates within the file and against existing contacts, and invalid addresses, are reported by line', async () => {
    const token = await office();
    await http.post('/api/contact', { email: 'schon@da.de' }, token);
    const csv = [
      'Vorname,Nachname,Email',
      'A,Eins,a@eins.de',
      'B,Zwei,A@EINS.DE',
      'C,Drei,schon@da.de',
      'D,Vier,kaputt',
      'E,Fünf,',
      'F,Sechs,f@sechs.de',
    ].join('\n');
    const info = await importFile(token, 'mix.csv', Buffer.from(csv));
    expect(info).toMatchObject({ totalLines: 6, imported: 2, duplicates: 2, rejected: 2 });
    expect(info.invalid).toEqual([
      { line: 3, reason: 'duplicate_in_file', value: 'A@EINS.DE' },
      { line: 4, reason: 'duplicate_existing', value: 'schon@da.de' },
      { line: 5, reason: 'email_invalid', value: 'kaputt' },
      { line: 6, reason: 'email_missing' },
    ]);
  });

  test('cells that look like formulas are stored as text', async () => {
    const token = await office();
    await importFile(token, 'formel.csv', Buffer.from('=HYPERLINK("x"),@SUM(1),f@formel.de\n'));
    expect((await contactsOf(token))[0]).toMatchObject({ firstName: '=HYPERLINK("x")', lastName: '@SUM(1)' });
  });

  test('an empty file, a binary file, a line of 1 MB and a wrong file type are refused and import nothing', async () => {
    const token = await office();
    const empty = await upload(token, 'leer.csv', Buffer.alloc(0));
    expect(empty.statusCode).toBe(202);
    let info = (await http.get('/api/contacts/import', token)).json<{ importInfo: ImportInfo }>().importInfo;
    for (let i = 0; i < 50 && info.inProgress; i++) {
      await new Promise((r) => setTimeout(r, 100));
      info = (await http.get('/api/contacts/import', token)).json<{ importInfo: ImportInfo }>().importInfo;
    }
    expect(info).toMatchObject({ status: 'FAILED', failure: 'import.empty_file' });

    const binary = await upload(
      token,
      'bild.csv',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), randomBytes(4000)]),
    );
    expect([binary.statusCode, binary.json().msgCode]).toEqual([400, 'import.binary_file']);

    const longLine = await importFile(
      token,
      'lang.csv',
      Buffer.from(`a,b,c@d.de\nx,${'y'.repeat(1024 * 1024 + 10)},z@z.de\n`),
    );
    expect(longLine).toMatchObject({ status: 'FAILED', failure: 'import.line_too_long' });

    const wrongType = await upload(token, 'kontakte.xlsx', Buffer.from('a,b,c@d.de'));
    expect([wrongType.statusCode, wrongType.json().msgCode]).toEqual([400, 'import.file_type']);
    expect(await contactsOf(token)).toEqual([]);
  });

  test('a file over 50 MB is refused', async () => {
    const token = await office();
    const res = await upload(token, 'riesig.csv', Buffer.alloc(50 * 1024 * 1024 + 1, 'a'));
    expect([res.statusCode, res.json().msgCode]).toEqual([413, 'import.too_large']);
  });

  test('an import can be taken back, and the report reset', async () => {
    const token = await office();
    await http.post('/api/contact', { email: 'bleibt@da.de' }, token);
    const info = await importFile(token, 'weg.csv', Buffer.from('a,b,weg1@x.de\nc,d,weg2@x.de\n'));
    expect((await http.delete(`/api/contacts/import/${info._id}`, await office())).statusCode).toBe(404);
    expect((await http.delete(`/api/contacts/import/${info._id}`, token)).statusCode).toBe(204);
    expect((await contactsOf(token)).map((c) => c.email)).toEqual(['bleibt@da.de']);
    await importFile(token, 'noch.csv', Buffer.from('a,b,noch@x.de\n'));
    expect((await http.put('/api/contacts/import/reset', undefined, token)).statusCode).toBe(204);
    expect((await http.get('/api/contacts/import', token)).json()).toEqual({ importInfo: null });
  });
});
