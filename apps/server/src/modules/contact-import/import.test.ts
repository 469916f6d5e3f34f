import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ImportUndoPreview } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api, signUpOffice } from '../../../test/api.ts';
import { createTestProject, expectStatus } from '../../../test/factories.ts';
import { contactsOf, importContactFile, importInfoOf, uploadContactFile } from '../../../test/contact-import.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

const office = async () => (await signUpOffice(server.app, server.smtp)).token;
const importFile = (token: string, filename: string, content: Buffer) =>
  importContactFile(server, token, filename, content);
const upload = (token: string, filename: string, content: Buffer) =>
  uploadContactFile(server, token, filename, content);

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
    const contacts = await contactsOf(server, token);
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
    expect((await contactsOf(server, token))[0]).toMatchObject({
      firstName: 'Jürgen',
      lastName: 'Weiß',
      company: 'Bauunternehmung Größl',
    });
  });

  test('a .txt with tabs and no header: first name, last name, e-mail', async () => {
    const token = await office();
    const info = await importFile(token, 'liste.txt', Buffer.from('Anna\tBerg\tanna@berg.de\nBen\tTal\tben@tal.de\n'));
    expect(info).toMatchObject({ imported: 2, totalLines: 2 });
    expect((await contactsOf(server, token)).map((c) => c.email)).toEqual(['anna@berg.de', 'ben@tal.de']);
  });

  test('the spec’s .txt: "first name last name e-mail" separated by spaces', async () => {
    const token = await office();
    const info = await importFile(
      token,
      'kontakte.txt',
      Buffer.from('Anna Berg anna@berg.de\nJonas  Keller  j.keller@statik-keller.de\nMüller, Jörg joerg@mueller.de\n'),
    );
    expect(info).toMatchObject({ status: 'FINISHED', imported: 3, rejected: 0, invalid: [] });
    expect((await contactsOf(server, token)).map((c) => [c.firstName, c.lastName, c.email])).toEqual([
      ['Anna', 'Berg', 'anna@berg.de'],
      ['Jonas', 'Keller', 'j.keller@statik-keller.de'],
      ['Jörg', 'Müller', 'joerg@mueller.de'],
    ]);
  });

  test('duplicates within the file and against existing contacts, and invalid addresses, are reported by line and name', async () => {
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
      { line: 3, reason: 'duplicate_in_file', value: 'a@eins.de', name: 'B Zwei' },
      { line: 4, reason: 'duplicate_existing', value: 'schon@da.de', name: 'C Drei' },
      { line: 5, reason: 'email_invalid', value: 'kaputt', name: 'D Vier' },
      { line: 6, reason: 'email_missing', name: 'E Fünf' },
    ]);
  });

  test('a line break inside a quoted field is one line: the report names the line the contact starts on', async () => {
    const token = await office();
    const csv = [
      'Vorname;Nachname;E-Mail;Notiz',
      'Anna;Berg;anna@berg.de;"Rückruf\r\nDienstag\r\n9 Uhr"',
      'Ben;Tal;ben-at-tal.de;"zwei\r\nZeilen"',
      'Cem;Ufuk;;',
    ].join('\r\n');
    const info = await importFile(token, 'notizen.csv', Buffer.from(csv));
    expect(info.invalid).toEqual([
      { line: 5, reason: 'email_invalid', value: 'ben-at-tal.de', name: 'Ben Tal' },
      { line: 7, reason: 'email_missing', name: 'Cem Ufuk' },
    ]);
  });

  test('a header without an e-mail column takes the column whose values are addresses', async () => {
    const token = await office();
    const csv =
      'Kunde;Ansprechpartner;Kontakt;Rufnummer\nBerg Architekten;Anna Berg;anna@berg.de;089 1\nTal Bau;Ben Tal;ben@tal.de;\n';
    const info = await importFile(token, 'kunden.csv', Buffer.from(csv));
    expect(info).toMatchObject({ status: 'FINISHED', imported: 2, totalLines: 2, invalid: [] });
    expect((await contactsOf(server, token)).map((c) => [c.firstName, c.lastName, c.email, c.company])).toEqual([
      ['Anna', 'Berg', 'anna@berg.de', 'Berg Architekten'],
      ['Ben', 'Tal', 'ben@tal.de', 'Tal Bau'],
    ]);
  });

  test('a file without any e-mail column is refused: "E-Mail-Spalte nicht gefunden", nothing imported', async () => {
    const token = await office();
    const info = await importFile(
      token,
      'ohne-mail.csv',
      Buffer.from('Vorname;Nachname;Firma\nAnna;Berg;Berg Architekten\nBen;Tal;Tal Bau\n'),
    );
    expect(info).toMatchObject({ status: 'FAILED', failure: 'import.email_column_missing', imported: 0 });
    expect(await contactsOf(server, token)).toEqual([]);
  });

  test('a file none of whose lines has a valid address imports nothing and says so in its counts', async () => {
    const token = await office();
    const info = await importFile(token, 'kaputt.csv', Buffer.from('Vorname;Nachname;E-Mail\nAnna;Berg;\nBen;Tal;\n'));
    expect(info).toMatchObject({ status: 'FINISHED', imported: 0, rejected: 2, totalLines: 2 });
  });

  test('cells that look like formulas are stored as text', async () => {
    const token = await office();
    await importFile(token, 'formel.csv', Buffer.from('=HYPERLINK("x"),@SUM(1),f@formel.de\n'));
    expect((await contactsOf(server, token))[0]).toMatchObject({ firstName: '=HYPERLINK("x")', lastName: '@SUM(1)' });
  });

  test('an empty file, a binary file, a line of 1 MB, an unclosed quote and wrong file types are refused and import nothing', async () => {
    const token = await office();
    const empty = await upload(token, 'leer.csv', Buffer.alloc(0));
    expect([empty.statusCode, empty.json().msgCode]).toEqual([400, 'import.empty_file']);

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
    expect(longLine.details?.failureLine).toBe(2);

    const unclosed = await importFile(token, 'quote.csv', Buffer.from('a;b;a@b.de\nc;"d;c@d.de\ne;f;e@f.de\n'));
    expect(unclosed).toMatchObject({ status: 'FAILED', failure: 'import.unclosed_quote' });
    expect(unclosed.details?.failureLine).toBe(2);

    const spreadsheet = await upload(token, 'kontakte.xlsx', Buffer.from('a,b,c@d.de'));
    expect([spreadsheet.statusCode, spreadsheet.json().msgCode]).toEqual([400, 'import.spreadsheet']);
    const pdf = await upload(token, 'kontakte.pdf', Buffer.from('a,b,c@d.de'));
    expect([pdf.statusCode, pdf.json().msgCode]).toEqual([400, 'import.file_type']);
    expect(await contactsOf(server, token)).toEqual([]);
  });

  test('a file over 50 MB is refused', async () => {
    const token = await office();
    const res = await upload(token, 'riesig.csv', Buffer.alloc(50 * 1024 * 1024 + 1, 'a'));
    expect([res.statusCode, res.json().msgCode]).toEqual([413, 'import.too_large']);
  });
});

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

describe('a file without any contact line is refused at once', () => {
  // One office for the refusals (each must leave it without an import and contacts), one for the rest.
  let token: string;
  let taking: string;
  beforeAll(async () => {
    token = await office();
    taking = await office();
  });

  test.each([
    ['an empty file', 'leer.csv', Buffer.alloc(0)],
    ['a UTF-8 byte order mark alone', 'nur-bom.csv', Buffer.from([0xef, 0xbb, 0xbf])],
    ['a UTF-16 byte order mark alone', 'nur-bom.txt', Buffer.from([0xff, 0xfe])],
    ['blank lines only', 'leerzeilen.txt', Buffer.from('\n\r\n   \n\t\n')],
    ['a header row only', 'kopfzeile.csv', Buffer.from('Vorname;Nachname;E-Mail\r\n')],
    ['a header row without an e-mail column only', 'kopfzeile.csv', Buffer.from('Vorname;Nachname;Firma\n')],
    ['a header row with a BOM, empty records and blank lines', 'kopf.csv', Buffer.from('\uFEFFVorname,E-Mail\n,\n\n')],
    ["Excel's sep= line and a header", 'excel.csv', Buffer.from('sep=;\r\nVorname;Nachname;E-Mail\r\n;;\r\n')],
    ['a UTF-16 header row (Excel\'s "Unicode text")', 'unicode.txt', utf16le('Vorname\tNachname\tE-Mail\r\n')],
    ['a Windows-1252 header row', 'excel.csv', Buffer.from('Vorname;Straße;E-Mail-Adresse\r\n', 'latin1')],
    ['the header of a plain list', 'liste.txt', Buffer.from('Vorname Nachname E-Mail\n\n')],
    ['blank lines in a vCard file', 'leer.vcf', Buffer.from('\r\n\r\n')],
  ])('%s: 400 import.empty_file, nothing created', async (_what, filename, content) => {
    const res = await upload(token, filename, content);
    expect([res.statusCode, res.json().msgCode]).toEqual([400, 'import.empty_file']);
    expect(await importInfoOf(server, token)).toBeNull();
    expect(await contactsOf(server, token)).toEqual([]);
  });

  test.each([
    ['one data row after the header', 'eine.csv', Buffer.from('Vorname;Nachname;E-Mail\nAnna;Berg;anna@berg.de\n')],
    ['one line without a header', 'eine.txt', Buffer.from('Ben Tal ben@tal.de')],
    [
      'one row after a megabyte of blank lines',
      'spaet.csv',
      Buffer.from(`${'\n'.repeat(1024 * 1024)}cem@berg.de;Cem\n`),
    ],
    ['one UTF-16 row', 'unicode.txt', utf16le('Vorname\tE-Mail\r\nDora\tdora@berg.de\r\n')],
  ])('%s is taken (202) and imported', async (_what, filename, content) => {
    const info = await importFile(taking, filename, content);
    expect(info).toMatchObject({ status: 'FINISHED', imported: 1 });
  });
});

describe('taking an import back', () => {
  test('removes its contacts and resets the report; another office’s import is not found', async () => {
    const token = await office();
    await http.post('/api/contact', { email: 'bleibt@da.de' }, token);
    const info = await importFile(token, 'weg.csv', Buffer.from('a,b,weg1@x.de\nc,d,weg2@x.de\n'));
    expect((await http.delete(`/api/contacts/import/${info._id}`, await office())).statusCode).toBe(404);
    expect((await http.get(`/api/contacts/import/${info._id}/undo-preview`, await office())).statusCode).toBe(404);
    const undone = await http.delete(`/api/contacts/import/${info._id}`, token);
    expect([undone.statusCode, undone.json()]).toEqual([200, { removed: 2, kept: 0 }]);
    expect((await contactsOf(server, token)).map((c) => c.email)).toEqual(['bleibt@da.de']);
    await importFile(token, 'noch.csv', Buffer.from('a,b,noch@x.de\n'));
    expect((await http.put('/api/contacts/import/reset', undefined, token)).statusCode).toBe(204);
    expect(await importInfoOf(server, token)).toBeNull();
  });

  test('keeps contacts that became participants or were edited since, and says so by name beforehand', async () => {
    const token = await office();
    const info = await importFile(
      token,
      'team.csv',
      Buffer.from(
        'Vorname;Nachname;E-Mail\nAnna;Berg;anna@berg.de\nBen;Tal;ben@tal.de\nCem;Ufuk;cem@ufuk.de\nDora;Vogt;dora@vogt.de\n',
      ),
    );
    const byEmail = new Map((await contactsOf(server, token)).map((c) => [c.email, c]));
    const { project, bundle } = await createTestProject(server.app, token, { number: '2026-07', name: 'Haus Müller' });
    expectStatus(
      await http.post(
        '/api/participant',
        {
          projectId: project._id,
          contactId: byEmail.get('anna@berg.de')!._id,
          folderId: bundle.participantfolders[0]!._id,
        },
        token,
      ),
      201,
      'participant',
    );
    expectStatus(
      await http.put(`/api/contact/${byEmail.get('ben@tal.de')!._id}`, { phone: '089 1' }, token),
      200,
      'edit',
    );

    const preview = await http.get(`/api/contacts/import/${info._id}/undo-preview`, token);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<ImportUndoPreview>()).toEqual({
      remove: { count: 2, names: ['Cem Ufuk', 'Dora Vogt'] },
      keep: {
        count: 2,
        contacts: [
          {
            _id: byEmail.get('anna@berg.de')!._id,
            name: 'Anna Berg',
            email: 'anna@berg.de',
            reason: 'participant',
            projects: ['2026-07 Haus Müller'],
          },
          { _id: byEmail.get('ben@tal.de')!._id, name: 'Ben Tal', email: 'ben@tal.de', reason: 'edited', projects: [] },
        ],
      },
    });

    const undone = await http.delete(`/api/contacts/import/${info._id}`, token);
    expect(undone.json()).toEqual({ removed: 2, kept: 2 });
    expect((await contactsOf(server, token)).map((c) => c.email)).toEqual(['anna@berg.de', 'ben@tal.de']);
    const bundleAfter = (await http.get(`/api/project/${project._id}`, token)).json<{ participants: unknown[] }>();
    expect(bundleAfter.participants).toHaveLength(1);
  });
});
