import { describe, expect, it } from 'vitest';
import { bundle, doc, folder, phase } from '../model/fixtures';
import { buildProjectModel } from '../model/project-model';
import { buildGridRows, sameRow, shownDocIds } from './grid-rows';

const model = buildProjectModel(
  bundle({
    phases: [phase('ph2', 2, 'LP5'), phase('ph1', 1, 'LP3')],
    docfolders: [
      folder('fd', 0, { phase: 'ph1', category: 'documents' }),
      folder('f2', 2, { phase: 'ph1' }),
      folder('f1', 1, { phase: 'ph1' }),
      folder('fe', 3, { phase: 'ph1' }),
      folder('g1', 1, { phase: 'ph2' }),
    ],
    docs: [
      doc('d2', 'f1', 2),
      doc('d1', 'f1', 1),
      doc('d3', 'f2', 1, { name: 'Schnitt' }),
      doc('x1', 'fd', 1, { doctype: 'data', name: 'Baubeschreibung' }),
      doc('g', 'g1', 1),
    ],
  }),
);
const noIndex = () => null;

describe('buildGridRows', () => {
  it('groups docs by phase and folder in sortOrder, plan folders before document folders, empty folders left out', () => {
    const rows = buildGridRows(model, { phaseId: null, filterText: '', currentIndexOf: noIndex });
    expect(rows.map((r) => r.key)).toEqual([
      'phase:ph1',
      'folder:f1',
      'doc:d1',
      'doc:d2',
      'folder:f2',
      'doc:d3',
      'folder:fd',
      'doc:x1',
      'phase:ph2',
      'folder:g1',
      'doc:g',
    ]);
    const phaseRow = rows[0]!;
    expect(phaseRow.kind === 'phase' && phaseRow.docIds).toEqual(['d1', 'd2', 'd3', 'x1']);
    expect(shownDocIds(rows)).toEqual(['d1', 'd2', 'd3', 'x1', 'g']);
  });

  it('shows one phase when one is chosen', () => {
    const rows = buildGridRows(model, { phaseId: 'ph2', filterText: '', currentIndexOf: noIndex });
    expect(rows.map((r) => r.key)).toEqual(['phase:ph2', 'folder:g1', 'doc:g']);
  });

  it('filters docs by name, number or current index and drops groups without matches', () => {
    const rows = buildGridRows(model, { phaseId: null, filterText: 'schnitt', currentIndexOf: noIndex });
    expect(rows.map((r) => r.key)).toEqual(['phase:ph1', 'folder:f2', 'doc:d3']);
    const byIndex = buildGridRows(model, {
      phaseId: null,
      filterText: 'Z7',
      currentIndexOf: (d) => (d._id === 'g' ? 'Z7' : null),
    });
    expect(shownDocIds(byIndex)).toEqual(['g']);
    expect(buildGridRows(model, { phaseId: null, filterText: 'nichts', currentIndexOf: noIndex })).toEqual([]);
  });
});

describe('sameRow', () => {
  const options = { phaseId: null, filterText: '', currentIndexOf: noIndex };
  const rows = buildGridRows(model, options);

  it('finds rows built again from the same docs, folders and phases the same', () => {
    const again = buildGridRows(buildProjectModel(model.bundle), options);
    expect(again).not.toBe(rows);
    expect(again.every((row, i) => sameRow(rows[i]!, row))).toBe(true);
  });

  it('finds a row of a changed doc, or a group whose docs changed, different', () => {
    const changed = { ...model.bundle.docs.find((d) => d._id === 'd1')!, name: 'Neu' };
    const next = buildGridRows(
      buildProjectModel({ ...model.bundle, docs: model.bundle.docs.map((d) => (d._id === 'd1' ? changed : d)) }),
      options,
    );
    const byKey = new Map(next.map((r) => [r.key, r]));
    expect(
      sameRow(
        rows.find((r) => r.key === 'doc:d1')!,
        byKey.get('doc:d1')!,
      ),
    ).toBe(false);
    expect(
      sameRow(
        rows.find((r) => r.key === 'doc:d2')!,
        byKey.get('doc:d2')!,
      ),
    ).toBe(true);
    const filtered = buildGridRows(model, { ...options, filterText: 'Schnitt' });
    expect(
      sameRow(
        rows.find((r) => r.key === 'folder:f2')!,
        filtered.find((r) => r.key === 'folder:f2')!,
      ),
    ).toBe(true);
    expect(
      sameRow(
        rows.find((r) => r.key === 'phase:ph1')!,
        filtered.find((r) => r.key === 'phase:ph1')!,
      ),
    ).toBe(false);
    expect(sameRow(rows[0]!, rows[1]!)).toBe(false);
  });
});
