import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestOffice, createTestProject } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { ENGLISH_BLOCK, GERMAN_BLOCK, titleBlockSheet } from '../../../test/title-block-pdfs.ts';
import { fixture } from '../../../test/upload-fixtures.ts';
import { readTitleBlock } from './title-block.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'title-block-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function read(pdf: Buffer) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  return readTitleBlock(file, pdf.length);
}

describe('reading plan number and index from the title block', () => {
  test('A3 landscape, German title block: labels over values, a revision table above', async () => {
    const result = await read(await titleBlockSheet({ sheet: 'A3', block: GERMAN_BLOCK }));
    expect(result).toEqual({
      opened: true,
      reading: {
        number: 'A-101',
        index: 'C',
        name: 'Grundriss EG',
        labels: { number: 'Plan-Nr.', index: 'Index', name: 'Planbezeichnung' },
      },
    });
  });

  test('A3 turned by /Rotate 90 (how plotters deliver landscape sheets) reads the same', async () => {
    const result = await read(await titleBlockSheet({ sheet: 'A3', block: GERMAN_BLOCK, rotated: true }));
    expect(result.reading).toMatchObject({ number: 'A-101', index: 'C', name: 'Grundriss EG' });
  });

  test('A0, English title block, label and value on one line, ISO revision', async () => {
    const result = await read(await titleBlockSheet({ sheet: 'A0', block: ENGLISH_BLOCK }));
    expect(result.reading).toEqual({
      number: 'HPW-ARC-ZZ-00-DR-A-1001',
      index: 'P03',
      name: 'Ground Floor Plan',
      labels: { number: 'Drawing No.', index: 'Rev', name: 'Drawing Title' },
    });
  });

  test('A0 turned, with a revision table only: the latest index of the table counts', async () => {
    const block = {
      cells: GERMAN_BLOCK.cells.filter(([label]) => label !== 'Index'),
      revisions: [
        ['A', '01.08.2026', 'Erstausgabe'],
        ['B', '15.09.2026', 'Treppe'],
        ['C', '02.10.2026', 'Aufzug'],
        ['D', '20.11.2026', 'Fassade'],
      ] as [string, string, string][],
    };
    const result = await read(await titleBlockSheet({ sheet: 'A0', block, rotated: true }));
    expect(result.reading).toMatchObject({ number: 'A-101', index: 'D' });
  });

  test('labels elsewhere on the sheet do not win over the title block', async () => {
    const result = await read(
      await titleBlockSheet({
        sheet: 'A3',
        block: GERMAN_BLOCK,
        decoys: ['Index der Räume', 'Plan-Nr. siehe Planliste', 'Rev. 2 Schnittführung', 'Plan-Nr.', 'B-999'],
      }),
    );
    expect(result.reading).toMatchObject({ number: 'A-101', index: 'C' });
  });

  test('a sheet without a title block reads nothing; a file that is no PDF is said to be none', async () => {
    expect(await read(fixture('tracemonkey.pdf'))).toEqual({ opened: true, reading: null });
    expect(await read(Buffer.from('kein PDF, nur Text'))).toEqual({ opened: false, reading: null });
  });
});

describe('POST /api/project/:id/title-block', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const post = (projectId: string, token: string, payload: Buffer, type = 'application/pdf') =>
    server.app.inject({
      method: 'POST',
      url: `/api/project/${projectId}/title-block`,
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      payload,
    });

  test('answers the suggestion and keeps nothing', async () => {
    const office = await createTestOffice(server);
    const { project } = await createTestProject(server.app, office.token);
    const res = await post(project._id, office.token, await titleBlockSheet({ sheet: 'A3', block: GERMAN_BLOCK }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ reading: { number: 'A-101', index: 'C' } });
    const scratch = path.join(server.config.dataDir, 'title-blocks');
    expect(fs.existsSync(scratch) ? fs.readdirSync(scratch) : []).toEqual([]);
  });

  test("no PDF is 415; another office's project is 404", async () => {
    const office = await createTestOffice(server);
    const other = await createTestOffice(server);
    const { project } = await createTestProject(server.app, office.token);
    const notPdf = await post(project._id, office.token, Buffer.from('Hallo'));
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().msgCode).toBe('upload.not_a_pdf');
    const foreign = await post(project._id, other.token, await titleBlockSheet({ sheet: 'A3', block: GERMAN_BLOCK }));
    expect(foreign.statusCode).toBe(404);
  });
});
