import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { handWrittenPdf, withStartxrefOff } from '../../test/tricky-pdfs.ts';
import { fixture } from '../../test/upload-fixtures.ts';
import { loadPdfjs, openWithPdfjs, PDFJS_ERRORS_ONLY, PRINT_PERMISSION } from './pdfjs.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdfjs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function onDisk(data: Buffer) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, data);
  return { path: file, size: data.length };
}

const BUDGET = 300 * 1024;

test('a file is read in the ranges pdf.js asks for: an intact one opens within a budget smaller than the file', async () => {
  const pdf = fixture('tracemonkey.pdf'); // 1 MB
  const opening = await openWithPdfjs(await onDisk(pdf), BUDGET);
  expect(opening.status).toBe('open');
  if (opening.status === 'open') {
    expect(opening.doc.numPages).toBe(14);
    await opening.close();
  }
});

test('a repair that would read more than the budget is not attempted', async () => {
  const broken = withStartxrefOff(fixture('tracemonkey.pdf'));
  expect((await openWithPdfjs(await onDisk(broken), BUDGET)).status).toBe('over_budget');
  expect((await openWithPdfjs(await onDisk(broken), broken.length)).status).toBe('open');
});

test('a repair of a file of several megabytes reads it in one large range, within the budget', async () => {
  const image = 'x'.repeat(6 * 1024 * 1024);
  const large = handWrittenPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im0 4 0 R >> >> >>',
      `<< /Type /XObject /Subtype /Image /Width 1024 /Height 6144 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${image.length} >>\nstream\n${image}\nendstream`,
    ],
    '/Root 1 0 R',
  );
  const opening = await openWithPdfjs(await onDisk(withStartxrefOff(large)), 16 * 1024 * 1024);
  expect(opening.status).toBe('open');
  if (opening.status === 'open') await opening.close();
});

test("the constants kept beside pdf.js are pdf.js's own", async () => {
  const pdfjs = await loadPdfjs();
  expect(PRINT_PERMISSION).toBe(pdfjs.PermissionFlag.PRINT);
  expect(PDFJS_ERRORS_ONLY).toBe(pdfjs.VerbosityLevel.ERRORS);
});

test('the server and its job workers start without pdf.js: it would slow every JSON answer twentyfold', () => {
  const startProcess = path.join(import.meta.dirname, '..', 'start-process.ts');
  const probe = `await import(${JSON.stringify(startProcess)}); console.log(typeof globalThis.pdfjsWorker);`;
  const seen = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(seen.trim().split('\n').at(-1)).toBe('undefined');
});
