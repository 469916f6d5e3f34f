import { describe, expect, test } from 'vitest';
import { authRedirectState, postAuthTarget } from './post-auth-target';

describe('postAuthTarget', () => {
  test('goes back to the page the user wanted', () => {
    expect(postAuthTarget(authRedirectState('/profile/user_plan', ''))).toBe('/profile/user_plan');
    expect(postAuthTarget(authRedirectState('/contacts', '?tab=import'))).toBe('/contacts?tab=import');
  });

  test('defaults to the project list', () => {
    expect(postAuthTarget(undefined)).toBe('/projects');
    expect(postAuthTarget(null)).toBe('/projects');
    expect(postAuthTarget({ from: 42 })).toBe('/projects');
  });

  test('never leaves the app or loops back to sign-in', () => {
    expect(postAuthTarget({ from: '//evil.example' })).toBe('/projects');
    expect(postAuthTarget({ from: 'https://evil.example' })).toBe('/projects');
    expect(postAuthTarget({ from: '/signin' })).toBe('/projects');
    expect(postAuthTarget({ from: '/' })).toBe('/projects');
  });
});
