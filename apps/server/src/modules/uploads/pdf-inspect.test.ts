import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { pageFormat } from '@plankurier/shared';
import { fixture } from '../../../test/upload-fixtures.ts';
import {
  asPdf20,
  attachmentOnlyEncrypted,
  croppedSheet,
  encryptedPdf,
  handWrittenPdf,
  plainPdf,
  truncated,
  withGarbagePrefix,
  withIncrementalUpdate,
  withoutStartxref,
  withoutXrefAndTrailer,
  withStartxrefOff,
  withTrailingGarbage,
  withWrongXrefOffsets,
  type Cipher,
} from '../../../test/tricky-pdfs.ts';
import { inspectPdf } from './pdf-inspect.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-inspect-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const inspectBytes = (data: Buffer) => {
  const file = path.join(dir, `${++n}.pdf`);
  fs.writeFileSync(file, data);
  return inspectPdf(file, data.length);
};
const inspectFixture = (name: string) => inspectBytes(fixture(name));
const A4 = { widthMm: 210, heightMm: 297 };

describe('inspectPdf reads what viewers show', () => {
  test('an ordinary PDF: first page size in mm and the page count', async () => {
    expect(await inspectFixture('tracemonkey.pdf')).toEqual({
      ok: true,
      facts: { widthMm: 215.9, heightMm: 279.4, pages: 14, isEncrypted: false },
    });
  });

  test('a page with /Rotate 90 reports width and height swapped', async () => {
    expect(await inspectFixture('hello_world_rotated.pdf')).toMatchObject({
      facts: { widthMm: 279.4, heightMm: 215.9, pages: 5 },
    });
  });

  test.each([0, 90, 180, 270])(
    'an A1 sheet cropped out of a larger MediaBox, /Rotate %i: the CropBox is the size, A1 the format',
    async (rotate) => {
      const sheet = await croppedSheet({ media: [900, 650], crop: [30, 40, 841, 594], rotate });
      const result = await inspectBytes(sheet);
      const turned = rotate % 180 === 90;
      expect(result).toMatchObject({ ok: true, facts: { widthMm: turned ? 594 : 841, heightMm: turned ? 841 : 594 } });
      if (result.ok) expect(pageFormat(result.facts.widthMm!, result.facts.heightMm!)).toBe('A1');
    },
  );

  test('a huge page scaled by /UserUnit (PDF 1.6) reports its real size', async () => {
    const page = handWrittenPdf(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 14400 3600] /UserUnit 2 >>',
      ],
      '/Root 1 0 R',
    );
    expect(await inspectBytes(page)).toMatchObject({ ok: true, facts: { widthMm: 10160, heightMm: 2540 } });
  });
});

describe('inspectPdf accepts what pdf.js and poppler open', () => {
  test.each([
    ['object and cross-reference streams', () => plainPdf({ objectStreams: true })],
    ['PDF 2.0', async () => asPdf20(await plainPdf())],
    ['100 bytes before %PDF-', async () => withGarbagePrefix(await plainPdf(), 100)],
    ['5,000 bytes before %PDF-', async () => withGarbagePrefix(await plainPdf(), 5000)],
    [
      'garbage before %PDF- with object streams',
      async () => withGarbagePrefix(await plainPdf({ objectStreams: true }), 3000),
    ],
    ['trailing garbage', async () => withTrailingGarbage(await plainPdf())],
    ['cross-reference offsets all wrong', async () => withWrongXrefOffsets(await plainPdf())],
    ['no startxref', async () => withoutStartxref(await plainPdf())],
    ['startxref pointing elsewhere', async () => withStartxrefOff(await plainPdf())],
  ])('%s', async (_label, make) => {
    expect(await inspectBytes(await make())).toEqual({ ok: true, facts: { ...A4, pages: 2, isEncrypted: false } });
  });

  test('an incremental update: the later revision of a page wins', async () => {
    const updated = await withIncrementalUpdate(await plainPdf());
    expect(await inspectBytes(updated)).toMatchObject({ ok: true, facts: { widthMm: 420, heightMm: 297, pages: 2 } });
  });
});

describe('inspectPdf refuses, and says why', () => {
  test.each([
    ['a DWG named .pdf', () => fixture('sample_2000.dwg')],
    ['text named .pdf', () => Buffer.from('Protokoll der Baubesprechung\n'.repeat(40))],
    ['an empty file', () => Buffer.alloc(0)],
  ])('%s is not a PDF', async (_label, make) => {
    expect(await inspectBytes(make())).toEqual({ ok: false, refusal: 'upload.not_a_pdf' });
  });

  test.each([
    ['truncated to 60 %', async () => truncated(await plainPdf(), 0.6)],
    ['truncated inside its object streams', async () => truncated(await plainPdf({ objectStreams: true }), 0.9)],
    ['without cross-reference table and trailer', async () => withoutXrefAndTrailer(await plainPdf())],
    ['fuzzed (poppler-742-0-fuzzed.pdf)', async () => fixture('poppler-742-0-fuzzed.pdf')],
    ['only a header', async () => Buffer.from('%PDF-1.4\n%%EOF\n')],
  ])('a PDF %s is damaged, without console noise', async (_label, make) => {
    const log = vi.spyOn(console, 'log');
    const warn = vi.spyOn(console, 'warn');
    expect(await inspectBytes(await make())).toEqual({ ok: false, refusal: 'upload.pdf_damaged' });
    expect(log).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('inspectPdf flags only what needs a password or may not be printed', () => {
  test.each<[Cipher]>([['rc4-40'], ['rc4-128'], ['aes-128'], ['aes-256']])(
    '%s with an empty user password, printing allowed: opens everywhere, not flagged',
    async (cipher) => {
      const result = await inspectBytes(await encryptedPdf({ cipher, print: true }));
      expect(result).toEqual({ ok: true, facts: { ...A4, pages: 1, isEncrypted: false } });
    },
  );

  test.each<[Cipher]>([['rc4-40'], ['aes-128'], ['aes-256']])('%s that may not be printed: flagged', async (cipher) => {
    const result = await inspectBytes(await encryptedPdf({ cipher, print: false }));
    expect(result).toEqual({ ok: true, facts: { ...A4, pages: 1, isEncrypted: true } });
  });

  test.each<[Cipher]>([['rc4-128'], ['aes-256']])(
    '%s with a user password: kept, flagged, size still read',
    async (cipher) => {
      const result = await inspectBytes(await encryptedPdf({ cipher, userPassword: 'geheim', print: true }));
      expect(result).toMatchObject({ ok: true, facts: { ...A4, isEncrypted: true } });
    },
  );

  test('the fixtures: an owner password only (printing allowed) is not flagged; a user password is', async () => {
    expect(await inspectFixture('empty_protected.pdf')).toMatchObject({ ok: true, facts: { isEncrypted: false } });
    expect(await inspectFixture('issue6010_1.pdf')).toMatchObject({ ok: true, facts: { isEncrypted: true, pages: 1 } });
  });

  test.each([
    ['asked for when the attachment opens', attachmentOnlyEncrypted()],
    ['with printing bits cleared', attachmentOnlyEncrypted({ p: -8 })],
  ])('only an attachment is encrypted, its password %s: not flagged, page read', async (_label, pdf) => {
    expect(await inspectBytes(pdf)).toEqual({ ok: true, facts: { ...A4, pages: 1, isEncrypted: false } });
  });

  test('only an attachment is encrypted, but its password is asked on opening (/AuthEvent /DocOpen): flagged, as viewers ask for it', async () => {
    expect(await inspectBytes(attachmentOnlyEncrypted({ authEvent: 'DocOpen' }))).toEqual({
      ok: true,
      facts: { ...A4, pages: 1, isEncrypted: true },
    });
  });
});
