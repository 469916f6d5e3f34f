import { describe, expect, test } from 'vitest';
import {
  allowedExtensions,
  extensionOf,
  fileFormat,
  kindFromFilename,
  mainKindFor,
  mimeTypeFor,
  orderedFormats,
  showsAddonDropzone,
  showsMainDropzone,
  uploadProblem,
} from './upload-rules.ts';

const f = (name: string) => ({ name });
const plan = { doctype: 'plan' as const, present: [] };
const data = { doctype: 'data' as const, present: [] };

describe('one upload action', () => {
  test('takes one file at a time: more are "Too many files selected"', () => {
    expect(uploadProblem([f('a.pdf'), f('a.dwg')], plan)).toBe('upload.too_many_files');
    expect(uploadProblem([], plan)).toBeNull();
  });

  test('a plan takes PDF, DWG and DXF by extension in any case; anything else is an unknown file type', () => {
    expect(uploadProblem([f('Grundriss EG.PDF')], plan)).toBeNull();
    expect(uploadProblem([f('plan.dwg')], plan)).toBeNull();
    expect(uploadProblem([f('plan.dxf')], plan)).toBeNull();
    expect(uploadProblem([f('plan.dxfb')], plan)).toBeNull();
    expect(uploadProblem([f('plan.exe')], plan)).toBe('upload.unknown_filetype');
    expect(uploadProblem([f('Protokoll.docx')], plan)).toBe('upload.unknown_filetype');
    expect(uploadProblem([f('plan')], plan)).toBe('upload.unknown_filetype');
    expect(uploadProblem([f('plan.pdf.zip')], plan)).toBe('upload.unknown_filetype');
  });

  test('a data doc takes any format (spec §1): a .docx or .xlsx protocol, a file without extension', () => {
    expect(uploadProblem([f('Protokoll Baubesprechung 12.docx')], data)).toBeNull();
    expect(uploadProblem([f('Terminplan.xlsx')], data)).toBeNull();
    expect(uploadProblem([f('LV Rohbau.x83')], data)).toBeNull();
    expect(uploadProblem([f('README')], data)).toBeNull();
    expect(uploadProblem([f('Protokoll.pdf')], data)).toBeNull();
  });

  test('refuses a type the version already has: one PDF, one DWG, one DXF, and one file per other extension', () => {
    expect(uploadProblem([f('b.pdf')], { ...plan, present: ['pdf'] })).toBe('upload.pdf_exists');
    expect(uploadProblem([f('b.dwg')], { ...plan, present: ['pdf', 'dwg'] })).toBe('upload.dwg_exists');
    expect(uploadProblem([f('b.dxf')], { ...plan, present: ['dxf'] })).toBe('upload.dxf_exists');
    expect(uploadProblem([f('b.dxfb')], { ...plan, present: ['dxf'] })).toBe('upload.dxf_exists');
    expect(uploadProblem([f('b.dwg')], { ...plan, present: ['pdf', 'addon'] })).toBeNull();
    const withDocx = { ...data, present: ['other' as const], otherExtensions: ['docx'] };
    expect(uploadProblem([f('Protokoll v2.DOCX')], withDocx)).toBe('upload.type_exists');
    expect(uploadProblem([f('Teilnehmer.xlsx')], withDocx)).toBeNull();
    expect(uploadProblem([f('Protokoll.pdf')], withDocx)).toBeNull();
  });

  test('add-ons are PDFs only, each with a new file name', () => {
    expect(uploadProblem([f('anlage.dwg')], { ...data, present: ['pdf'] }, { addon: true })).toBe(
      'upload.addon_pdf_only',
    );
    expect(uploadProblem([f('anlage.docx')], { ...data, present: ['pdf'] }, { addon: true })).toBe(
      'upload.addon_pdf_only',
    );
    expect(
      uploadProblem([f('Anlage.pdf')], { ...data, present: ['pdf'], addonNames: ['anlage.PDF'] }, { addon: true }),
    ).toBe('upload.addon_name_taken');
    expect(
      uploadProblem([f('Anlage 2.pdf')], { ...data, present: ['pdf'], addonNames: ['anlage.pdf'] }, { addon: true }),
    ).toBeNull();
  });
});

describe('the kind a file name claims', () => {
  test('is read from the last extension, ignoring case and spaces', () => {
    expect(kindFromFilename(' A-101 Grundriss.Pdf ')).toBe('pdf');
    expect(kindFromFilename('x.DWG')).toBe('dwg');
    expect(kindFromFilename('x.dxf.bak')).toBeNull();
    expect(kindFromFilename('Lageplan.DXFB')).toBe('dxf');
    expect(extensionOf('Protokoll 12.DOCX')).toBe('docx');
    expect(extensionOf('README')).toBe('');
  });

  test('a main upload becomes PDF, DWG, DXF, or in a data doc "other"', () => {
    expect(mainKindFor('plan', 'a.pdf')).toBe('pdf');
    expect(mainKindFor('plan', 'a.docx')).toBeNull();
    expect(mainKindFor('data', 'a.docx')).toBe('other');
    expect(mainKindFor('data', 'a.dxf')).toBe('dxf');
  });
});

describe('how other files are served and listed', () => {
  test('office formats get their content type; anything a browser would render goes out as bytes', () => {
    expect(mimeTypeFor('other', 'Protokoll.docx')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(mimeTypeFor('other', 'Liste.XLSX')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(mimeTypeFor('other', 'seite.html')).toBe('application/octet-stream');
    expect(mimeTypeFor('other', 'logo.svg')).toBe('application/octet-stream');
    expect(mimeTypeFor('addon', 'x.pdf')).toBe('application/pdf');
    expect(mimeTypeFor('dwg', 'x.dwg')).toBe('image/vnd.dwg');
  });

  test('formats: PDF (add-ons too), DWG, DXF first, then other extensions', () => {
    expect(fileFormat({ kind: 'other', filename: 'Protokoll.docx' })).toBe('docx');
    expect(fileFormat({ kind: 'other', filename: 'README' })).toBe('file');
    expect(
      orderedFormats([
        { kind: 'other', filename: 'b.xlsx' },
        { kind: 'dxf', filename: 'a.dxf' },
        { kind: 'addon', filename: 'x.pdf' },
        { kind: 'other', filename: 'a.docx' },
        { kind: 'pdf', filename: 'a.pdf' },
      ]),
    ).toEqual(['pdf', 'dxf', 'docx', 'xlsx']);
  });
});

describe('allowed extensions of a drop zone (spec §5, resolved by §1: data in any format)', () => {
  test('a plan offers the PDF, DWG and DXF it still lacks', () => {
    expect(allowedExtensions('plan', [])).toEqual(['.pdf', '.dwg', '.dxf', '.dxfb']);
    expect(allowedExtensions('plan', ['pdf', 'dwg'])).toEqual(['.dxf', '.dxfb']);
    expect(allowedExtensions('plan', ['pdf', 'dxf'])).toEqual(['.dwg']);
  });
  test('a data doc takes any file; add-on zones take PDFs', () => {
    expect(allowedExtensions('data', [])).toBeNull();
    expect(allowedExtensions('data', ['pdf', 'dwg', 'dxf', 'other'])).toBeNull();
    expect(allowedExtensions('data', ['pdf'], 'addon')).toEqual(['.pdf']);
  });
});

describe('drop zones of a version in preparation', () => {
  test('a plan keeps its main zone until PDF, DWG and DXF are there; a data doc always', () => {
    expect(showsMainDropzone('plan', [])).toBe(true);
    expect(showsMainDropzone('plan', ['pdf'])).toBe(true);
    expect(showsMainDropzone('plan', ['pdf', 'dwg', 'dxf'])).toBe(false);
    expect(showsMainDropzone('data', ['pdf', 'dwg', 'dxf', 'other'])).toBe(true);
  });
  test('the add-on zone shows for data docs with files', () => {
    expect(showsAddonDropzone('data', [])).toBe(false);
    expect(showsAddonDropzone('data', ['other'])).toBe(true);
    expect(showsAddonDropzone('plan', ['pdf'])).toBe(false);
  });
});
