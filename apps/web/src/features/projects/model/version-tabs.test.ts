import { describe, expect, test } from 'vitest';
import { version } from './fixtures';
import { defaultVersionTab, shownVersionTab, versionsByStatus, versionTabChoice } from './version-tabs';

describe('versionsByStatus', () => {
  test('groups by status, newest first', () => {
    const groups = versionsByStatus([
      version('a', 'd', 1, { status: 'archived' }),
      version('c', 'd', 3, { status: 'current' }),
      version('b', 'd', 2, { status: 'outdated' }),
      version('d', 'd', 4, { status: 'preparation' }),
      version('a0', 'd', 0, { status: 'archived' }),
    ]);
    expect(groups.preparation.map((v) => v._id)).toEqual(['d']);
    expect(groups.current.map((v) => v._id)).toEqual(['c']);
    expect(groups.outdated.map((v) => v._id)).toEqual(['b']);
    expect(groups.archived.map((v) => v._id)).toEqual(['a', 'a0']);
  });
});

describe('defaultVersionTab', () => {
  test('opens the version in preparation, else the current one', () => {
    expect(
      defaultVersionTab(versionsByStatus([version('c', 'd', 1, { status: 'current' }), version('p', 'd', 2)])),
    ).toBe('preparation');
    expect(defaultVersionTab(versionsByStatus([version('c', 'd', 1, { status: 'current' })]))).toBe('current');
    expect(defaultVersionTab(versionsByStatus([]))).toBe('preparation');
  });
});

describe('shownVersionTab', () => {
  const prepared = versionsByStatus([version('a', 'd', 1, { status: 'current' }), version('b', 'd', 2)]);
  const released = versionsByStatus([
    version('a', 'd', 1, { status: 'outdated' }),
    version('b', 'd', 2, { status: 'current' }),
  ]);

  test("after 'Version freigeben' the released version's tab shows, not the empty 'in Vorbereitung'", () => {
    const choice = versionTabChoice('preparation', 'd', prepared);
    expect(shownVersionTab(prepared, 'd', choice)).toBe('preparation');
    expect(shownVersionTab(released, 'd', choice)).toBe('current');
  });

  test('a chosen tab stays while the same version is in preparation, and only for its doc', () => {
    const choice = versionTabChoice('outdated', 'd', released);
    expect(shownVersionTab(released, 'd', choice)).toBe('outdated');
    expect(shownVersionTab(released, 'other', choice)).toBe('current');
    const next = versionsByStatus([...released.current, ...released.outdated, version('c', 'd', 3)]);
    expect(shownVersionTab(next, 'd', choice)).toBe('preparation');
    expect(shownVersionTab(prepared, 'd', null)).toBe('preparation');
  });
});
