import { describe, expect, test } from 'vitest';
import { accountTabFrom } from './account-tab';

describe('accountTabFrom', () => {
  test('reads a known tab from the path', () => {
    expect(accountTabFrom('user_plan')).toBe('user_plan');
    expect(accountTabFrom('change_email')).toBe('change_email');
  });

  test('falls back to the user data tab', () => {
    expect(accountTabFrom(undefined)).toBe('user_data');
    expect(accountTabFrom('billing')).toBe('user_data');
  });
});
