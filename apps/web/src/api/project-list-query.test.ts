import { describe, expect, test } from 'vitest';
import { APP_VERSION, type ProjectDto, type ProjectListResponse } from '@plankurier/shared';
import { RECENT_PROJECTS_PARAMS, projectListQuery, withOpenedProject } from './project-list-query';

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

describe('a project the server just marked as opened', () => {
  const project = (id: string, openedAt: string | null): ProjectDto => ({
    _id: id,
    rev: 1,
    number: id,
    name: '',
    state: 'active',
    phases: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    openedAt,
  });
  const recent = (...projects: ProjectDto[]): ProjectListResponse => ({
    projects,
    count: 4,
    total: 4,
    page: 1,
    pages: 2,
    limit: 3,
    appVersion: APP_VERSION,
    appNeedsUpdate: false,
  });
  const ids = (list: ProjectListResponse) => list.projects.map((p) => p._id);

  test('goes first; the list keeps three', () => {
    const list = recent(
      project('B', '2026-03-02T10:00:00.000Z'),
      project('A', '2026-03-01T10:00:00.000Z'),
      project('C', null),
    );
    expect(ids(withOpenedProject(list, project('D', '2026-03-03T10:00:00.000Z')))).toEqual(['D', 'B', 'A']);
  });

  test('moves up from further down, once', () => {
    const list = recent(
      project('B', '2026-03-02T10:00:00.000Z'),
      project('A', '2026-03-01T10:00:00.000Z'),
      project('C', null),
    );
    expect(ids(withOpenedProject(list, project('A', '2026-03-03T10:00:00.000Z')))).toEqual(['A', 'B', 'C']);
  });

  test('an answer that arrives late does not push a newer opening down', () => {
    const list = recent(project('B', '2026-03-03T10:00:00.000Z'), project('C', null));
    expect(ids(withOpenedProject(list, project('A', '2026-03-02T10:00:00.000Z')))).toEqual(['B', 'A', 'C']);
  });
});
