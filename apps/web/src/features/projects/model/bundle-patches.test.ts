import { describe, expect, test } from 'vitest';
import { withCollapsed, withDocOrder, withFolderOrder, withPhaseOrder } from './bundle-patches';
import { bundle, doc, folder, phase } from './fixtures';

describe('bundle patches', () => {
  test('withDocOrder moves docs into the folder and renumbers them', () => {
    const before = bundle({
      docfolders: [
        folder('f1', 0, { docs: [{ _id: 'a', sortOrder: 0 }] }),
        folder('f2', 1, { docs: [{ _id: 'b', sortOrder: 0 }] }),
      ],
      docs: [doc('a', 'f1', 0), doc('b', 'f2', 0)],
    });
    const after = withDocOrder(before, 'f2', ['a', 'b']);
    expect(after.docs.map((d) => [d._id, d.folder, d.sortOrder])).toEqual([
      ['a', 'f2', 0],
      ['b', 'f2', 1],
    ]);
    expect(after.docfolders.map((f) => f.docs.map((d) => d._id))).toEqual([[], ['a', 'b']]);
  });

  test('withFolderOrder and withPhaseOrder renumber sortOrder by position', () => {
    const before = bundle({ docfolders: [folder('f1', 0), folder('f2', 1)], phases: [phase('a', 0), phase('b', 1)] });
    expect(withFolderOrder(before, ['f2', 'f1']).docfolders.map((f) => f.sortOrder)).toEqual([1, 0]);
    const phases = withPhaseOrder(before, ['b', 'a']);
    expect(phases.phases.map((p) => p.sortOrder)).toEqual([1, 0]);
    expect(phases.project.phases).toEqual(['b', 'a']);
  });

  test('withCollapsed changes only the named folders', () => {
    const before = bundle({ docfolders: [folder('f1', 0), folder('f2', 1)] });
    const after = withCollapsed(before, [{ _id: 'f2', isCollapsed: true }]);
    expect(after.docfolders.map((f) => f.isCollapsed)).toEqual([false, true]);
    expect(after.docfolders[0]).toBe(before.docfolders[0]);
  });
});
