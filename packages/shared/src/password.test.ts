import { describe, expect, test } from 'vitest';
import { PASSWORD_MIN_LENGTH, confirmationProblem, passwordProblem } from './password.ts';

describe('passwordProblem', () => {
  test('a password needs at least 6 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
  });

  test('a password of exactly 6 characters is accepted', () => {
    expect(passwordProblem('abc123')).toBeNull();
  });

  test('a password of 5 characters is too short', () => {
    expect(passwordProblem('abc12')).toBe('auth.password_too_short');
  });

  test('a single-character password is too short', () => {
    expect(passwordProblem('a')).toBe('auth.password_too_short');
  });

  test('a long password is accepted', () => {
    expect(passwordProblem('a very long passphrase with spaces 1234567890')).toBeNull();
  });

  test('an empty password is reported as missing, not as too short', () => {
    expect(passwordProblem('')).toBe('auth.password_required');
  });

  test('a missing password (undefined or null) is reported as required', () => {
    expect(passwordProblem(undefined)).toBe('auth.password_required');
    expect(passwordProblem(null)).toBe('auth.password_required');
  });

  test('umlauts count as one character each towards the minimum length', () => {
    expect(passwordProblem('äöüßÄÖ')).toBeNull();
    expect(passwordProblem('äöüßÄ')).toBe('auth.password_too_short');
  });
});

describe('confirmationProblem', () => {
  test('a confirmation equal to the password is accepted', () => {
    expect(confirmationProblem('geheim123', 'geheim123')).toBeNull();
  });

  test("a different confirmation is reported as the mismatch shown as 'Passwort Wiederholung falsch'", () => {
    expect(confirmationProblem('geheim123', 'geheim124')).toBe('auth.password_mismatch');
  });

  test('the confirmation is compared case-sensitively', () => {
    expect(confirmationProblem('Geheim123', 'geheim123')).toBe('auth.password_mismatch');
  });

  test('the confirmation is compared without trimming spaces', () => {
    expect(confirmationProblem('geheim123', 'geheim123 ')).toBe('auth.password_mismatch');
  });

  test('an empty confirmation for a filled-in password is a mismatch', () => {
    expect(confirmationProblem('geheim123', '')).toBe('auth.password_mismatch');
  });
});
