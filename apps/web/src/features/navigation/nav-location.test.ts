import { describe, expect, test } from 'vitest';
import { navLocation, projectIdOfPath, showsNavBar } from './nav-location';

describe('navLocation', () => {
  test.each([
    ['/', 'landing'],
    ['/signin', 'auth'],
    ['/signup', 'auth'],
    ['/projects', 'projects'],
    ['/projects/', 'projects'],
    ['/project/abc', 'project'],
    ['/contacts', 'contacts'],
    ['/roadmap', 'roadmap'],
    ['/profile', 'account'],
    ['/profile/user_plan', 'account'],
    ['/imprint', 'other'],
    ['/profiles', 'other'],
    ['/invitation/abcdefghijklmnopqrstuv', 'invitation'],
  ] as const)('%s is %s', (path, location) => {
    expect(navLocation(path)).toBe(location);
  });
});

describe('showsNavBar', () => {
  test('only for signed-in users away from the landing page', () => {
    expect(showsNavBar(true, '/projects')).toBe(true);
    expect(showsNavBar(true, '/')).toBe(false);
    expect(showsNavBar(true, '/signup')).toBe(false);
    expect(showsNavBar(false, '/projects')).toBe(false);
  });

  test('an invitation is a public page without the nav bar, even for someone signed in', () => {
    expect(showsNavBar(true, '/invitation/abcdefghijklmnopqrstuv')).toBe(false);
  });
});

describe('projectIdOfPath', () => {
  test('reads the id of a project path', () => {
    expect(projectIdOfPath('/project/abc-123')).toBe('abc-123');
    expect(projectIdOfPath('/project/abc-123/')).toBe('abc-123');
    expect(projectIdOfPath('/projects')).toBeUndefined();
  });
});
