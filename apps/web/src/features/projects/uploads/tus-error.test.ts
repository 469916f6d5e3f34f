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

  test('a full disk (507) is shown at once, never retried: each retry would send the chunk again', () => {
    expect(shouldRetryUpload(body('storage.full'), 507)).toBe(false);
    expect(shouldRetryUpload('', 507)).toBe(false);
  });

  test('an offset out of step (409) is retried: the client asks where the upload stands; other 4xx are not', () => {
    expect(shouldRetryUpload(body('upload.offset_conflict'), 409)).toBe(true);
    expect(shouldRetryUpload(body('common.validation'), 400)).toBe(false);
    expect(shouldRetryUpload(body('common.unauthorized'), 401)).toBe(false);
    expect(shouldRetryUpload(body('upload.too_large'), 413)).toBe(false);
    expect(shouldRetryUpload(body('common.not_found'), 410)).toBe(false);
  });

  test('starts over after a checksum mismatch, but a refused file is shown at once', () => {
    expect(shouldRetryUpload(body('upload.checksum_mismatch'), 409)).toBe(true);
    expect(shouldRetryUpload(body('upload.pdf_exists'), 409)).toBe(false);
    expect(shouldRetryUpload(body('upload.pdf_damaged'), 422)).toBe(false);
    expect(shouldRetryUpload(body('upload.not_a_pdf'), 415)).toBe(false);
    expect(shouldRetryUpload(body('common.not_found'), 404)).toBe(false);
  });
});
