import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { readContactFile, type ContactEntry } from './parse-contact-file.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-parse-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let counter = 0;
async function read(content: string | Buffer) {
  const file = path.join(dir, `f${++counter}.csv`);
  fs.writeFileSync(file, content);
  const reading = await readContactFile(file);
  const entries: ContactEntry[] = [];
  for await (const entry of reading.entries) entries.push(entry);
  return { ...reading, entries };
}

describe('reading a contact file', () => {
  test('the progress counts the lines after the header, not the header', async () => {
    const lines = Array.from({ length: 5 }, (_, i) => `Anna${i};Berg;anna${i}@berg.de`);
    const reading = await read(['Vorname;Nachname;E-Mail', ...lines].join('\r\n') + '\r\n');
    expect([reading.expectedLines, reading.linesBeforeData]).toEqual([5, 1]);
    expect(reading.entries).toHaveLength(5);
  });

  test('a header line above a plain list is not a contact', async () => {
    const reading = await read('Vorname Nachname E-Mail\nAnna Berg anna@berg.de\n');
    expect(reading.details).toMatchObject({ format: 'text', headerLine: 1 });
    expect(reading.entries).toEqual([
      {
        line: 2,
        contact: { firstName: 'Anna', lastName: 'Berg', email: 'anna@berg.de', company: '', phone: '', locale: null },
      },
    ]);
  });

  test('a plain list without any address is refused as a whole', async () => {
    await expect(read('Anna Berg\nBen Tal\n')).rejects.toMatchObject({ msgCode: 'import.email_column_missing' });
  });

  test('an Excel "sep=;" line is not a contact', async () => {
    const reading = await read('sep=;\r\nVorname;Nachname;E-Mail\r\nAnna;Berg;anna@berg.de\r\n');
    expect(reading.details).toMatchObject({ delimiter: ';', headerLine: 2 });
    expect(reading.entries).toHaveLength(1);
  });

  test('a large file streams: 100,000 lines in their order, without a line lost', async () => {
    const count = 100_000;
    const body = Array.from({ length: count }, (_, i) => `Jürgen ${i};Weiß;j${i}@weiss.de;"Größl\nBau"`).join('\n');
    const reading = await read(Buffer.from(`Vorname;Nachname;E-Mail;Firma\n${body}\n`, 'latin1'));
    expect(reading.details.encoding).toBe('windows-1252');
    expect(reading.entries).toHaveLength(count);
    expect(reading.entries.at(-1)).toMatchObject({
      line: 2 + (count - 1) * 2,
      contact: { firstName: `Jürgen ${count - 1}`, company: 'Größl\nBau' },
    });
  });
});
