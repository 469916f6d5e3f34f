import { describe, expect, test } from 'vitest';
import {
  allowedExtensions,
  kindFromFilename,
  showsAddonDropzone,
  showsMainDropzone,
  uploadProblem,
} from './upload-rules.ts';

const f = (name: string) => ({ name });

describe('one upload action', () => {
  test('takes one file at a time: more are "Too many files selected"', () => {
    expect(uploadProblem([f('a.pdf'), f('a.dwg')], { present: [] })).toBe('upload.too_many_files');
    expect(uploadProblem([], { present: [] })).toBeNull();
  });

  test('takes PDF, DWG and DXF by extension in any case; anything else is an unknown file type', () => {
    expect(uploadProblem([f('Grundriss EG.PDF')], { present: [] })).toBeNull();
    expect(uploadProblem([f('plan.dwg')], { present: [] })).toBeNull();
    expect(uploadProblem([f('plan.dxf')], { present: [] })).toBeNull();
    expect(uploadProblem([f('plan.exe')], { present: [] })).toBe('upload.unknown_filetype');
    expect(uploadProblem([f('plan')], { present: [] })).toBe('upload.unknown_filetype');
    expect(uploadProblem([f('plan.pdf.zip')], { present: [] })).toBe('upload.unknown_filetype');
  });

  test('refuses a type the version already has: one PDF, one DWG, one DXF', () => {
    expect(uploadProblem([f('b.pdf')], { present: ['pdf'] })).toBe('upload.pdf_exists');
    expect(uploadProblem([f('b.dwg')], { present: ['pdf', 'dwg'] })).toBe('upload.dwg_exists');
    expect(uploadProblem([f('b.dxf')], { present: ['dxf'] })).toBe('upload.dxf_exists');
    expect(uploadProblem([f('b.dwg')], { present: ['pdf', 'addon'] })).toBeNull();
  });

  test('add-ons are PDFs only, each with a new file name', () => {
    expect(uploadProblem([f('anlage.dwg')], { present: ['pdf'] }, { addon: true })).toBe('upload.addon_pdf_only');
    expect(uploadProblem([f('Anlage.pdf')], { present: ['pdf'], addonNames: ['anlage.PDF'] }, { addon: true })).toBe(
      'upload.addon_name_taken',
    );
    expect(
      uploadProblem([f('Anlage 2.pdf')], { present: ['pdf'], addonNames: ['anlage.pdf'] }, { addon: true }),
    ).toBeNull();
  });
});

describe('the kind a file name claims', () => {
  test('is read from the last extension, ignoring case and spaces', () => {
    expect(kindFromFilename(' A-101 Grundriss.Pdf ')).toBe('pdf');
    expect(kindFromFilename('x.DWG')).toBe('dwg');
    expect(kindFromFilename('x.dxf.bak')).toBeNull();
  });
});

describe('allowed extensions of the add-on zone', () => {
  test('a data doc takes .pdf, plus .dwg and .dxf while not yet uploaded', () => {
    expect(allowedExtensions('data', [])).toEqual(['.pdf', '.dwg', '.dxf']);
    expect(allowedExtensions('data', ['pdf', 'dwg'])).toEqual(['.pdf', '.dxf']);
    expect(allowedExtensions('data', ['dwg', 'dxf'])).toEqual(['.pdf']);
  });
  test('for a plan the result is empty', () => {
    expect(allowedExtensions('plan', [])).toEqual([]);
  });
});

describe('drop zones of a version in preparation', () => {
  test('the main zone stays until PDF, DWG and DXF are there, for plans and data docs', () => {
    expect(showsMainDropzone('plan', [])).toBe(true);
    expect(showsMainDropzone('plan', ['pdf'])).toBe(true);
    expect(showsMainDropzone('plan', ['pdf', 'dwg', 'dxf'])).toBe(false);
    expect(showsMainDropzone('data', ['pdf', 'dwg', 'addon'])).toBe(true);
  });
  test('the add-on zone shows for data docs with files', () => {
    expect(showsAddonDropzone('data', [])).toBe(false);
    expect(showsAddonDropzone('data', ['pdf'])).toBe(true);
    expect(showsAddonDropzone('plan', ['pdf'])).toBe(false);
  });
});
