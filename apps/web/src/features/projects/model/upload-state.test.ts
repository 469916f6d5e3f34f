import { describe, expect, test } from 'vitest';
import {
  addonNamesWithUploads,
  canceled,
  failed,
  finished,
  kindsWithUploads,
  otherExtensionsWithUploads,
  uploadPercent,
  withProgress,
  type UploadItem,
} from './upload-state';

const item = (over: Partial<UploadItem> = {}): UploadItem => ({
  id: 'u1',
  projectId: 'p1',
  versionId: 'v1',
  filename: 'Grundriss.pdf',
  kind: 'main',
  size: 1000,
  bytesSent: 0,
  step: 'hashing',
  state: 'UPLOADING',
  error: null,
  ...over,
});

describe('upload state', () => {
  test('percent of the bytes sent, floored, 0 for empty files', () => {
    expect(uploadPercent({ bytesSent: 499, size: 1000 })).toBe(49);
    expect(uploadPercent({ bytesSent: 0, size: 0 })).toBe(0);
  });

  test('progress only moves forward and stops at the size', () => {
    const p = withProgress(item(), 600);
    expect(p).toMatchObject({ bytesSent: 600, step: 'sending' });
    expect(withProgress(p, 400).bytesSent).toBe(600);
    expect(withProgress(p, 5000).bytesSent).toBe(1000);
  });

  test('UPLOADING ends as FINISHED, CANCELED or ERROR, and stays there', () => {
    expect(finished(item())).toMatchObject({ state: 'FINISHED', bytesSent: 1000 });
    expect(canceled(item()).state).toBe('CANCELED');
    expect(failed(item(), 'upload.failed')).toMatchObject({ state: 'ERROR', error: 'upload.failed' });
    expect(finished(canceled(item())).state).toBe('CANCELED');
    expect(withProgress(canceled(item()), 10).bytesSent).toBe(0);
  });

  test('a PDF on its way counts as present; canceled and failed uploads do not', () => {
    expect(kindsWithUploads(['dwg'], [item()])).toEqual(['dwg', 'pdf']);
    expect(kindsWithUploads([], [canceled(item()), failed(item({ filename: 'a.dxf' }), 'upload.failed')])).toEqual([]);
    expect(kindsWithUploads([], [item({ kind: 'addon' })])).toEqual(['addon']);
  });

  test("a data doc's other file on its way counts as present, with its extension (one file per type)", () => {
    const protocol = item({ filename: 'Protokoll 12.docx' });
    expect(kindsWithUploads([], [protocol])).toEqual(['other']);
    expect(
      otherExtensionsWithUploads(
        [
          { kind: 'other', filename: 'Liste.XLSX' },
          { kind: 'pdf', filename: 'Protokoll.pdf' },
        ],
        [protocol, item(), canceled(item({ filename: 'Alt.odt' }))],
      ),
    ).toEqual(['xlsx', 'docx']);
  });

  test('add-on names include add-ons still uploading', () => {
    expect(addonNamesWithUploads(['a.pdf'], [item({ kind: 'addon', filename: 'b.pdf' }), item()])).toEqual([
      'a.pdf',
      'b.pdf',
    ]);
  });
});
