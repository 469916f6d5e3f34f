import { describe, expect, test } from 'vitest';
import { isDocNumberLocked } from './doc-number-lock';
import { version } from './fixtures';

describe('isDocNumberLocked', () => {
  test('free while no file of any version was sent', () => {
    expect(isDocNumberLocked([])).toBe(false);
    expect(isDocNumberLocked([version('v1', 'd1', 1), version('v2', 'd1', 2)])).toBe(false);
  });

  test('locked once a file of any version went out, also of an outdated one', () => {
    const sentOld = version('v1', 'd1', 1, { status: 'outdated', deliveredFiles: ['f1'] });
    expect(isDocNumberLocked([sentOld, version('v2', 'd1', 2)])).toBe(true);
  });
});
