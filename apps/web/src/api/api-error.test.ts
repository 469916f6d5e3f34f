import { describe, expect, test } from 'vitest';
import { ApiError, actingColleague, detailsOf, endsSession, msgCodeOf } from './api-error';

describe('endsSession', () => {
  test('a 401 for a call with a token ends the session', () => {
    expect(endsSession(401, 'common.unauthorized', true)).toBe(true);
    expect(endsSession(401, undefined, true)).toBe(true);
  });

  test('a wrong current password does not sign the user out', () => {
    expect(endsSession(401, 'auth.wrong_password', true)).toBe(false);
  });

  test('calls without a token and other statuses leave the session alone', () => {
    expect(endsSession(401, 'auth.wrong_credentials', false)).toBe(false);
    expect(endsSession(403, 'common.forbidden', true)).toBe(false);
    expect(endsSession(500, undefined, true)).toBe(false);
  });
});

describe('msgCodeOf', () => {
  test('reads a known msgCode from an error body', () => {
    expect(msgCodeOf({ msgCode: 'auth.email_taken', message: 'x' })).toBe('auth.email_taken');
  });

  test('ignores unknown codes and bodies without one', () => {
    expect(msgCodeOf({ msgCode: 'nope' })).toBeUndefined();
    expect(msgCodeOf('text')).toBeUndefined();
    expect(msgCodeOf(null)).toBeUndefined();
  });
});

describe('detailsOf and actingColleague', () => {
  test('the body beside msgCode and message travels with the error', () => {
    expect(detailsOf({ msgCode: 'common.conflict', message: 'x', changedBy: 'Anna', current: { name: 'B' } })).toEqual({
      changedBy: 'Anna',
      current: { name: 'B' },
    });
    expect(detailsOf(null)).toEqual({});
    expect(detailsOf([1])).toEqual({});
  });

  test('the colleague who acted in the meantime is read from changedBy', () => {
    expect(actingColleague(new ApiError(409, '', 'common.conflict', { changedBy: ' Anna Berg ' }))).toBe('Anna Berg');
    expect(actingColleague(new ApiError(409, '', 'version.already_released', { changedBy: 'Tom' }))).toBe('Tom');
    expect(actingColleague(new ApiError(409, '', 'delivery.in_progress', { changedBy: 'Mia' }))).toBe('Mia');
    expect(actingColleague(new ApiError(409, '', 'common.conflict', { changedBy: null }))).toBeNull();
    expect(actingColleague(new ApiError(409, '', 'project.number_taken', { changedBy: 'Anna' }))).toBeNull();
    expect(actingColleague(new Error('x'))).toBeNull();
  });
});
