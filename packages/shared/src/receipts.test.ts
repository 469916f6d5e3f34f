import { describe, expect, test } from 'vitest';
import { ReceiptBody, receiptStatus, RECEIPT_NAME_MAX, RECEIPT_REMARK_MAX } from './receipts.ts';

describe('the receipt of a mail', () => {
  test('is confirmed once confirmed, waiting while asked for, nothing otherwise', () => {
    const base = { requested: false, confirmedAt: null, confirmedBy: null };
    expect(receiptStatus({ ...base, requested: true, confirmedAt: '2026-11-12T13:03:00Z', confirmedBy: '' })).toBe(
      'confirmed',
    );
    expect(receiptStatus({ ...base, confirmedAt: '2026-11-12T13:03:00Z', confirmedBy: 'M. Bauer' })).toBe('confirmed');
    expect(receiptStatus({ ...base, requested: true })).toBe('waiting');
    expect(receiptStatus(base)).toBeNull();
    expect(receiptStatus(null)).toBeNull();
    expect(receiptStatus(undefined)).toBeNull();
  });

  test('confirmation body: name and remark optional and trimmed, each within its limit', () => {
    expect(ReceiptBody.parse({})).toEqual({ name: '', remark: '' });
    expect(ReceiptBody.parse({ name: '  Max Bauer ', remark: ' ok ' })).toEqual({ name: 'Max Bauer', remark: 'ok' });
    expect(ReceiptBody.safeParse({ name: 'x'.repeat(RECEIPT_NAME_MAX + 1) }).success).toBe(false);
    expect(ReceiptBody.safeParse({ remark: 'x'.repeat(RECEIPT_REMARK_MAX + 1) }).success).toBe(false);
  });
});
