import { describe, expect, it } from 'vitest';
import { abbreviate, buildGridColumns, groupsInRange, participantSummary, roleNameMap } from './grid-columns';
import { participant, participantFolder } from './grid-fixtures';

describe('buildGridColumns', () => {
  it('orders participants by folder and sortOrder and spans a group per non-empty folder', () => {
    const { columns, groups } = buildGridColumns(
      [
        participantFolder('b', 2, 'Fachplaner'),
        participantFolder('a', 1, 'Bauherr'),
        participantFolder('e', 3, 'Leer'),
      ],
      [participant('p3', 'b', 2), participant('p2', 'b', 1), participant('p1', 'a', 1), participant('px', 'gone', 1)],
    );
    expect(columns.map((c) => c.key)).toEqual(['p1', 'p2', 'p3', 'px']);
    expect(groups).toEqual([
      { key: 'a', name: 'Bauherr', start: 0, count: 1 },
      { key: 'b', name: 'Fachplaner', start: 1, count: 2 },
      { key: 'folder:none', name: '', start: 3, count: 1 },
    ]);
    expect(groupsInRange(groups, 2, 2).map((g) => g.key)).toEqual(['b']);
    expect(groupsInRange(groups, 0, 1).map((g) => g.key)).toEqual(['a', 'b']);
  });

  it('summarises a participant for the heading tooltip and abbreviates long names', () => {
    const roles = roleNameMap([{ _id: 'r1', rev: 1, name: 'Tragwerksplanung' }]);
    expect(
      participantSummary(
        participant('p', 'a', 1, { name: 'Eva Stein', company: 'Statik GmbH', roles: ['r1', 'gone'] }),
        roles,
      ),
    ).toEqual({ name: 'Eva Stein', company: 'Statik GmbH', roles: ['Tragwerksplanung'] });
    expect(
      participantSummary(participant('p', 'a', 1, { name: 'Statik GmbH', company: 'Statik GmbH' }), roles).company,
    ).toBe('');
    expect(abbreviate('Statik GmbH', 20)).toBe('Statik GmbH');
    expect(abbreviate('Tragwerksplanung Nord', 10)).toBe('Tragwerks…');
  });
});
