import { describe, expect, test } from 'vitest';
import { phase } from './fixtures';
import { draftsOf, phaseChanges } from './phase-drafts';

describe('phaseChanges', () => {
  const phases = [phase('a', 0, 'LP1'), phase('b', 1, 'LP2')];

  test('unchanged drafts change nothing', () => {
    expect(phaseChanges(phases, draftsOf(phases))).toEqual([]);
  });

  test('names the changed fields only, trimmed', () => {
    const drafts = draftsOf(phases);
    drafts[1] = { ...drafts[1]!, shortcut: ' LP2a ', name: 'Phase LP2' };
    expect(phaseChanges(phases, drafts)).toEqual([{ _id: 'b', body: { shortcut: 'LP2a', rev: 1 } }]);
  });

  test('a save carries the revision the draft was taken at, not the one a colleague made since', () => {
    const drafts = draftsOf(phases);
    drafts[0] = { ...drafts[0]!, name: 'Vorentwurf' };
    const since = [{ ...phases[0]!, rev: 2 }, phases[1]!];
    expect(phaseChanges(since, drafts)).toEqual([{ _id: 'a', body: { name: 'Vorentwurf', rev: 1 } }]);
  });
});
