import { describe, expect, test } from 'vitest';
import { tusErrorCode } from './tus-error';

describe('tusErrorCode', () => {
  test("reads the server's msgCode from the JSON body", () => {
    expect(tusErrorCode('{"msgCode":"upload.pdf_exists","message":"x"}', 409)).toBe('upload.pdf_exists');
  });

  test('falls back on the status, then on a generic upload failure', () => {
    expect(tusErrorCode('<html>', 413)).toBe('upload.too_large');
    expect(tusErrorCode('', 507)).toBe('storage.full');
    expect(tusErrorCode('{"msgCode":"nope"}', 500)).toBe('upload.failed');
    expect(tusErrorCode(undefined, undefined)).toBe('upload.failed');
  });
});
