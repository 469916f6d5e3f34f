import { describe, expect, test } from 'vitest';
import { assertPasswordAcceptable, isCommonPassword } from './password-policy.ts';

const problemOf = (password: string, context = {}) => {
  try {
    assertPasswordAcceptable(password, context);
    return null;
  } catch (err) {
    return (err as { msgCode: string }).msgCode;
  }
};

describe('common passwords', () => {
  test.each(['123456', 'password', 'passwort', 'qwertz', 'hallo123', 'abc123', 'aaaaaa', '123123'])(
    '%s is common',
    (password) => expect(isCommonPassword(password)).toBe(true),
  );

  test.each(['P@ssw0rd', 'drowssap', 'Passwort1', 'password2026'])('%s is a common one in disguise', (password) =>
    expect(isCommonPassword(password)).toBe(true),
  );

  test.each(['kx8vq2', 'geheim123', 'Sonnenuhr-Kastanie', 'frisches-pw', 'noch-eins-1'])(
    '%s is not common',
    (password) => expect(isCommonPassword(password)).toBe(false),
  );
});

describe('the rules of a new password, in order', () => {
  test('required and six characters first', () => {
    expect(problemOf('')).toBe('auth.password_required');
    expect(problemOf('12345')).toBe('auth.password_too_short');
  });

  test('then nothing of the account, then not common', () => {
    expect(problemOf('annaberg', { email: 'annaberg@example.org' })).toBe('auth.password_like_account');
    expect(problemOf('Buero Berg 1', { companies: ['Büro Berg'] })).toBe('auth.password_like_account');
    expect(problemOf('123456', { email: 'anna@example.org' })).toBe('auth.password_too_common');
  });

  test('a good password passes', () => {
    expect(problemOf('Sonnenuhr-Kastanie', { email: 'anna@example.org', companies: ['Büro Berg'] })).toBeNull();
  });
});
