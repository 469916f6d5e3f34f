import { describe, expect, test } from 'vitest';
import { EMAIL_EVENT_HEIGHTS, emailEventHeight } from './event-height';

describe('emailEventHeight (spec §9)', () => {
  test('a collapsed event takes 40 + 20, whatever it holds', () => {
    expect(emailEventHeight({ expanded: false, docCount: 0, hasUserMessage: false })).toBe(60);
    expect(emailEventHeight({ expanded: false, docCount: 7, hasUserMessage: true })).toBe(60);
  });

  test('expanded: 40, plus 40 per plan and 20 for its downloads, plus 20', () => {
    expect(emailEventHeight({ expanded: true, docCount: 1, hasUserMessage: false })).toBe(120);
    expect(emailEventHeight({ expanded: true, docCount: 3, hasUserMessage: false })).toBe(240);
  });

  test('expanded with a cover message: 180 more; with a receipt 40 more', () => {
    expect(emailEventHeight({ expanded: true, docCount: 3, hasUserMessage: true })).toBe(420);
    expect(emailEventHeight({ expanded: true, docCount: 3, hasUserMessage: false, hasReceipt: true })).toBe(280);
  });

  test('the list gap between events is the 20 of the formula', () => {
    expect(EMAIL_EVENT_HEIGHTS.gap).toBe(20);
  });
});
