import { describe, expect, test } from 'vitest';
import { APP_VERSION } from '@plankurier/shared';
import { RECENT_PROJECTS_PARAMS, projectListQuery } from './project-list-query';

describe('projectListQuery', () => {
  test('sends limit, page and the app version; leaves an empty search text out', () => {
    expect(projectListQuery({ searchText: '  ' }, '1.0.5')).toBe('limit=20&page=1&appVersion=1.0.5');
  });

  test('passes search text, page and the recent sort', () => {
    expect(projectListQuery({ searchText: ' Müller ', page: 2, limit: 3, sort: 'recent' }, '1.0.5')).toBe(
      'searchText=M%C3%BCller&limit=3&page=2&appVersion=1.0.5&sort=recent',
    );
  });
});

describe('recent projects (dashboard "Aktuell")', () => {
  test('asks for the three opened last, newest first', () => {
    expect(projectListQuery(RECENT_PROJECTS_PARAMS, APP_VERSION)).toBe('limit=3&page=1&appVersion=1.0.5&sort=recent');
  });
});
