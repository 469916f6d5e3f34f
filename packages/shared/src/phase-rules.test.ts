import { describe, expect, test } from 'vitest';
import { moveItem, phaseFormProblems } from './phase-rules.ts';

describe('the phase editor form', () => {
  test('name and shortcut are required', () => {
    expect(phaseFormProblems([{ shortcut: '', name: '' }])).toEqual([
      { name: 'phase.name_required', shortcut: 'phase.shortcut_required' },
    ]);
    expect(phaseFormProblems([{ shortcut: 'LP1', name: 'Grundlagen' }])).toEqual([{}]);
  });
  test('a shortcut twice in the form is "Mehrfach vergeben", ignoring case and spaces', () => {
    const problems = phaseFormProblems([
      { shortcut: 'LP1', name: 'A' },
      { shortcut: ' lp1 ', name: 'B' },
      { shortcut: 'LP2', name: 'C' },
    ]);
    expect(problems.map((p) => p.shortcut)).toEqual([
      'phase.shortcut_duplicate',
      'phase.shortcut_duplicate',
      undefined,
    ]);
  });
  test('a shortcut another phase of the project has is "Das Kürzel gibt es bereits"', () => {
    expect(phaseFormProblems([{ shortcut: 'lp5', name: 'X' }], ['LP5'])).toEqual([
      { shortcut: 'phase.shortcut_taken' },
    ]);
  });
});

describe('reordering', () => {
  test('moves an item to the target position', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b'], 1, 99)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});
