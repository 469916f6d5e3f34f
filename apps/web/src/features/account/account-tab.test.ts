import { describe, expect, test } from 'vitest';
import { accountTabFrom, visibleAccountTabs } from './account-tab';

describe('accountTabFrom', () => {
  test('reads a known tab from the path', () => {
    expect(accountTabFrom('user_plan')).toBe('user_plan');
    expect(accountTabFrom('change_email')).toBe('change_email');
    expect(accountTabFrom('members', { officeId: 'o1' })).toBe('members');
  });

  test('falls back to the user data tab', () => {
    expect(accountTabFrom(undefined)).toBe('user_data');
    expect(accountTabFrom('billing')).toBe('user_data');
  });

  test('without an office the office tabs fall back to the user data tab', () => {
    expect(accountTabFrom('members', { officeId: null })).toBe('user_data');
    expect(accountTabFrom('user_plan', { officeId: null })).toBe('user_data');
  });
});

describe('visibleAccountTabs', () => {
  test("a person in an office sees the office's tabs before their own", () => {
    expect(visibleAccountTabs({ officeId: 'o1' })).toEqual([
      'user_plan',
      'office',
      'members',
      'user_data',
      'user_settings',
      'change_password',
      'change_email',
      'sessions',
    ]);
  });

  test('a person without an office sees only their own tabs', () => {
    expect(visibleAccountTabs({ officeId: null })).toEqual([
      'user_data',
      'user_settings',
      'change_password',
      'change_email',
      'sessions',
    ]);
  });
});
