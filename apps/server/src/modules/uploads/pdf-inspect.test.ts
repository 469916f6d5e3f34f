import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, test, vi } from 'vitest';
import { inspectPdf } from './pdf-inspect.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../../shared/fixtures');
const inspect = (name: string) => {
  const file = path.join(FIXTURES, name);
  return inspectPdf(file, fs.statSync(file).size);
};

describe('inspectPdf', () => {
  test('an ordinary PDF: first page size in mm and the page count', async () => {
    expect(await inspect('tracemonkey.pdf')).toEqual({
      widthMm: 215.9,
      heightMm: 279.4,
      pages: 14,
      isEncrypted: false,
    });
  });

  test('a page with /Rotate 90 reports width and height swapped', async () => {
    expect(await inspect('hello_world_rotated.pdf')).toMatchObject({ widthMm: 279.4, heightMm: 215.9 });
  });

  test('encrypted PDFs are flagged, readable or not', async () => {
    expect(await inspect('issue6010_1.pdf')).toMatchObject({ isEncrypted: true, pages: 1 });
    expect(await inspect('empty_protected.pdf')).toMatchObject({ isEncrypted: true });
  });

  test('a damaged PDF is refused (null) without console noise', async () => {
    const log = vi.spyOn(console, 'log');
    const warn = vi.spyOn(console, 'warn');
    expect(await inspect('poppler-742-0-fuzzed.pdf')).toBeNull();
    expect(log).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
