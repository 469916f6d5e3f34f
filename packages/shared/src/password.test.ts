import { describe, expect, test } from 'vitest';
import { PASSWORD_MIN_LENGTH, confirmationProblem, passwordLikeAccount, passwordProblem } from './password.ts';

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

describe('passwordLikeAccount', () => {
  const anna = { email: 'anna.berg@buero-berg.de', companies: ['Architekturbüro Berg & Partner GmbH'] };

  test('the e-mail address, its local part or the company as a password is refused', () => {
    expect(passwordLikeAccount('anna.berg@buero-berg.de', anna)).toBe('auth.password_like_account');
    expect(passwordLikeAccount('Anna.Berg', anna)).toBe('auth.password_like_account');
    expect(passwordLikeAccount('Architekturbüro Berg & Partner GmbH', anna)).toBe('auth.password_like_account');
  });

  test('a password that contains one of them is refused, whatever the case, spaces or umlauts', () => {
    expect(passwordLikeAccount('annaberg2026', anna)).toBe('auth.password_like_account');
    expect(passwordLikeAccount('ARCHITEKTURBUERO!', anna)).toBe('auth.password_like_account');
    expect(passwordLikeAccount('Berg-Planung-7', anna)).toBe('auth.password_like_account');
  });

  test('legal forms and words too short to say anything of the company do not count', () => {
    expect(passwordLikeAccount('gmbh-kasse-77', anna)).toBeNull();
    expect(passwordLikeAccount('Partnerschaft?', { companies: ['Bau AG'] })).toBeNull();
    expect(passwordLikeAccount('a-b-c-d-e-f', { email: 'ab@example.org' })).toBeNull();
  });

  test('a password with nothing of the account passes', () => {
    expect(passwordLikeAccount('Sonnenuhr-Kastanie', anna)).toBeNull();
    expect(passwordLikeAccount('Sonnenuhr-Kastanie', {})).toBeNull();
  });
});
