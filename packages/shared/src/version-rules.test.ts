import { describe, expect, test } from 'vitest';
import {
  hasContent,
  isVersionLocked,
  offersReleaseMany,
  releaseProblem,
  statusAfterRelease,
  versionIndexProblem,
} from './version-rules.ts';

describe('preparing a version', () => {
  test('the index is required ("please enter index")', () => {
    expect(versionIndexProblem('')).toBe('version.index_required');
    expect(versionIndexProblem('   ')).toBe('version.index_required');
    expect(versionIndexProblem('C')).toBeNull();
  });
});

describe('releasing a version', () => {
  test('a plan needs its PDF', () => {
    expect(releaseProblem('preparation', 'plan', [])).toBe('version.files_missing');
    expect(releaseProblem('preparation', 'plan', ['dwg'])).toBe('version.files_missing');
    expect(releaseProblem('preparation', 'plan', ['pdf'])).toBeNull();
  });
  test('a data doc needs any file', () => {
    expect(releaseProblem('preparation', 'data', [])).toBe('version.files_missing');
    expect(releaseProblem('preparation', 'data', ['dxf'])).toBeNull();
  });
  test('a version released already cannot be released again', () => {
    for (const status of ['current', 'outdated', 'archived'] as const) {
      expect(releaseProblem(status, 'plan', ['pdf'])).toBe('version.already_released');
    }
  });
  test('released becomes current, current becomes outdated, outdated is archived', () => {
    expect(statusAfterRelease('preparation')).toBe('current');
    expect(statusAfterRelease('current')).toBe('outdated');
    expect(statusAfterRelease('outdated')).toBe('archived');
    expect(statusAfterRelease('archived')).toBe('archived');
  });
  test('releasing many is offered when more than one doc of a folder has a prepared version', () => {
    expect(offersReleaseMany(1)).toBe(false);
    expect(offersReleaseMany(2)).toBe(true);
  });
});

describe('a version', () => {
  test('is locked once any of its files was sent', () => {
    expect(isVersionLocked(0)).toBe(false);
    expect(isVersionLocked(1)).toBe(true);
  });
  test('has content once it has any file', () => {
    expect(hasContent([])).toBe(false);
    expect(hasContent(['addon'])).toBe(true);
  });
});
