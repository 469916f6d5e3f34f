import { describe, expect, test } from 'vitest';
import {
  confirmationProblemKey,
  emailProblemKey,
  newPasswordProblemKey,
  optionalEmailProblemKey,
  requiredPasswordProblemKey,
} from './field-problems';

describe('emailProblemKey', () => {
  test('requires an address of the form name@domain.tld', () => {
    expect(emailProblemKey('')).toBe('form.emailRequired');
    expect(emailProblemKey('  ')).toBe('form.emailRequired');
    expect(emailProblemKey('anna@')).toBe('form.emailInvalid');
    expect(emailProblemKey(' anna@buero.de ')).toBeNull();
  });

  test('optional addresses may stay empty', () => {
    expect(optionalEmailProblemKey('')).toBeNull();
    expect(optionalEmailProblemKey('kopie')).toBe('form.emailInvalid');
  });
});

describe('passwords', () => {
  test('a new password needs at least 6 characters', () => {
    expect(newPasswordProblemKey('')).toBe('msg.auth.password_required');
    expect(newPasswordProblemKey('12345')).toBe('msg.auth.password_too_short');
    expect(newPasswordProblemKey('123456')).toBeNull();
  });

  test('the confirmation must match', () => {
    expect(confirmationProblemKey('geheim1', 'geheim2')).toBe('msg.auth.password_mismatch');
    expect(confirmationProblemKey('geheim1', 'geheim1')).toBeNull();
  });

  test('sign-in only requires some password', () => {
    expect(requiredPasswordProblemKey('')).toBe('msg.auth.password_required');
    expect(requiredPasswordProblemKey('x')).toBeNull();
  });
});
