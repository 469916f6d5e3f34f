import { describe, expect, test } from 'vitest';
import { shouldRetryUpload, tusErrorCode } from './tus-error';

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

describe('shouldRetryUpload', () => {
  const body = (msgCode: string) => JSON.stringify({ msgCode, message: msgCode });

  test('retries a lost connection, a server error and a locked upload', () => {
    expect(shouldRetryUpload(undefined, undefined)).toBe(true);
    expect(shouldRetryUpload('', 0)).toBe(true);
    expect(shouldRetryUpload('<html>', 502)).toBe(true);
    expect(shouldRetryUpload('', 423)).toBe(true);
  });

  test('starts over after a checksum mismatch, but a refused file is shown at once', () => {
    expect(shouldRetryUpload(body('upload.checksum_mismatch'), 409)).toBe(true);
    expect(shouldRetryUpload(body('upload.pdf_exists'), 409)).toBe(false);
    expect(shouldRetryUpload(body('upload.pdf_damaged'), 422)).toBe(false);
    expect(shouldRetryUpload(body('upload.not_a_pdf'), 415)).toBe(false);
    expect(shouldRetryUpload(body('common.not_found'), 404)).toBe(false);
  });
});
